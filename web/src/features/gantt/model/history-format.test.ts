import type { TaskHistoryEntry } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { changeCount, historyLines, type HistoryPerson } from './history-format';

const BEA = '00000000-0000-4000-8000-000000000002';
const people = new Map<string, HistoryPerson>([[BEA, { id: BEA, firstName: 'Bea', lastName: 'Builder', email: 'bea@example.com' }]]);
const entry = (over: Partial<TaskHistoryEntry>): TaskHistoryEntry => ({
  id: '00000000-0000-4000-8000-0000000000e1',
  taskId: '00000000-0000-4000-8000-0000000000aa',
  fieldName: 'progress',
  oldValue: '0',
  newValue: '40',
  changeReason: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  changedByUser: { firstName: 'Bea', email: 'bea@example.com' },
  ...over,
});
const now = new Date('2026-11-22T10:05:00.000Z');

describe('change history', () => {
  it('[task-history] who, when, which field, old → new and the reason', () => {
    const [line] = historyLines([entry({ changeReason: 'supplier was late' })], people, now);
    expect(line).toMatchObject({ who: 'Bea', when: '5 minutes ago', field: 'Progress', from: '0%', to: '40%', reason: 'supplier was late' });
  });

  it('[task-history] assignees by name, statuses and priorities by label, nothing as —', () => {
    const lines = historyLines(
      [
        entry({ fieldName: 'assigneeId', oldValue: null, newValue: BEA }),
        entry({ fieldName: 'status', oldValue: 'pending', newValue: 'in_progress' }),
        entry({ fieldName: 'priority', oldValue: 'medium', newValue: 'critical' }),
        entry({ fieldName: 'endDate', oldValue: '2026-11-27', newValue: '2026-11-30' }),
        entry({ fieldName: 'assigneeId', oldValue: BEA, newValue: '00000000-0000-4000-8000-0000000000ff' }),
      ],
      people,
      now,
    );
    expect(lines.map((l) => [l.field, l.from, l.to])).toEqual([
      ['Assignee', '—', 'Bea Builder'],
      ['Status', 'Pending', 'In Progress'],
      ['Priority', 'Medium', 'Critical'],
      ['End date', 'Nov 27, 2026', 'Nov 30, 2026'],
      ['Assignee', 'Bea Builder', 'Former member'],
    ]);
  });

  it('[workload-reassign] a reassign reads as names: assignees, and allocations as "name N%" (none recorded: 100% each)', () => {
    const ANA = '00000000-0000-4000-8000-000000000003';
    const withAna = new Map(people).set(ANA, { id: ANA, firstName: 'Ana', lastName: 'Lee', email: 'ana@example.com' });
    const reason = 'Moved from Ana Lee to Bea Builder in the workload view';
    const lines = historyLines(
      [
        entry({ fieldName: 'assigneeIds', oldValue: ANA, newValue: BEA, changeReason: reason }),
        entry({ fieldName: 'allocations', oldValue: JSON.stringify({ [ANA]: 50 }), newValue: JSON.stringify({ [BEA]: 50 }), changeReason: reason }),
        entry({ fieldName: 'allocations', oldValue: JSON.stringify({ [BEA]: 120 }), newValue: null }),
      ],
      withAna,
      now,
    );
    expect(lines.map((l) => [l.field, l.from, l.to, l.reason])).toEqual([
      ['Assignees', 'Ana Lee', 'Bea Builder', reason],
      ['Allocation', 'Ana Lee 50%', 'Bea Builder 50%', reason],
      ['Allocation', 'Bea Builder 120%', '100% each', null],
    ]);
  });

  it('[link-history] a dependency reads as added, changed or removed, its type and lag in words', () => {
    const lines = historyLines(
      [
        entry({ fieldName: 'dependency', oldValue: null, newValue: 'Design (FS)' }),
        entry({ fieldName: 'dependency', oldValue: 'Design (FS)', newValue: 'Design (SS +2d)' }),
        entry({ fieldName: 'dependency', oldValue: 'Pour (FF -1d)', newValue: null }),
        entry({ fieldName: 'dependency', oldValue: null, newValue: 'something else' }),
      ],
      people,
      now,
    );
    expect(lines.map((l) => [l.kind, l.field, l.from, l.to])).toEqual([
      ['link-added', 'Dependency', '—', 'Design (finish-to-start, no lag)'],
      ['link-changed', 'Dependency', 'Design (finish-to-start, no lag)', 'Design (start-to-start, lag 2 working days)'],
      ['link-removed', 'Dependency', 'Pour (finish-to-finish, lead 1 working day)', '—'],
      ['link-added', 'Dependency', '—', 'something else'],
    ]);
    expect(historyLines([entry({})], people, now)[0]?.kind).toBe('changed');
  });

  it('[task-history] a creation and a deletion read as the task\'s name, whether the whole task is recorded or its name alone', () => {
    const recorded = JSON.stringify({ name: 'Pour', description: null, startDate: '2026-11-23', endDate: '2026-11-24', status: 'pending', priority: 'medium', progress: 0, color: '#3b82f6', assigneeId: null, assigneeIds: [], order: 0, kind: 'task', parentId: null });
    const lines = historyLines(
      [
        entry({ fieldName: 'created', oldValue: null, newValue: recorded }),
        entry({ fieldName: 'created', oldValue: null, newValue: 'Design' }),
        entry({ fieldName: 'deleted', oldValue: recorded, newValue: null }),
      ],
      people,
      now,
    );
    expect(lines.map((l) => [l.kind, l.from, l.to])).toEqual([
      ['created', '—', 'Pour'],
      ['created', '—', 'Design'],
      ['deleted', 'Pour', '—'],
    ]);
  });

  it('[task-history] the author is the first name, else the email', () => {
    expect(historyLines([entry({ changedByUser: { firstName: ' ', email: 'x@example.com' } })], people, now)[0]?.who).toBe('x@example.com');
    expect(historyLines([entry({ changedByUser: null })], people, now)[0]?.who).toBe('Someone');
  });

  it('[task-history] a type by its label, a parent by its name (a deleted one says so)', () => {
    const phase = '00000000-0000-4000-8000-0000000000b1';
    const names = (id: string) => (id === phase ? 'Phase 1' : undefined);
    const lines = historyLines(
      [
        entry({ fieldName: 'kind', oldValue: 'task', newValue: 'milestone' }),
        entry({ fieldName: 'parentId', oldValue: null, newValue: phase }),
        entry({ fieldName: 'parentId', oldValue: '00000000-0000-4000-8000-0000000000b2', newValue: null }),
      ],
      people,
      now,
      names,
    );
    expect(lines.map((l) => [l.field, l.from, l.to])).toEqual([
      ['Type', 'Task', 'Milestone'],
      ['Parent', '—', 'Phase 1'],
      ['Parent', 'A deleted task', '—'],
    ]);
  });

  it('[task-history] counts changes', () => {
    expect(changeCount(0)).toBe('0 changes');
    expect(changeCount(1)).toBe('1 change');
    expect(changeCount(12)).toBe('12 changes');
  });
});

describe('[custom-values] custom values in the history', () => {
  const COST = '00000000-0000-4000-8000-0000000000c1';
  const DUE = '00000000-0000-4000-8000-0000000000c2';
  const GONE = '00000000-0000-4000-8000-0000000000c3';
  const fields = new Map([
    [COST, { name: 'Cost', type: 'number' as const }],
    [DUE, { name: 'Due', type: 'date' as const }],
  ]);

  it('one line per field whose value changed, named by the field, not its id', () => {
    const lines = historyLines(
      [entry({ fieldName: 'custom', oldValue: JSON.stringify({ [COST]: 5, [GONE]: 'x' }), newValue: JSON.stringify({ [COST]: 7, [DUE]: '2026-12-31', [GONE]: 'x' }) })],
      people,
      now,
      undefined,
      fields,
    );
    expect(lines.map((l) => [l.field, l.from, l.to])).toEqual([
      ['Cost', '5', '7'],
      ['Due', '—', expect.stringContaining('2026')],
    ]);
    expect(new Set(lines.map((l) => l.id)).size).toBe(2);
  });

  it('a removed field reads as such; values cleared read as —', () => {
    const [line] = historyLines([entry({ fieldName: 'custom', oldValue: JSON.stringify({ [GONE]: 'x' }), newValue: null })], people, now, undefined, fields);
    expect([line!.field, line!.from, line!.to]).toEqual(['A removed field', 'x', '—']);
  });
});
