import { describe, expect, it } from 'vitest';
import { instantUs, planAt, readHistoryValue, readRecordedTask, recordTask, restoreReason, type HistoryRow, type PlanState, type PlanTask } from './time-travel.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const USER = '00000000-0000-4000-8000-0000000000f1';

const fields = (name: string) => ({
  name,
  description: null,
  startDate: '2026-11-23',
  endDate: '2026-11-27',
  status: 'pending' as const,
  priority: 'medium' as const,
  progress: 0,
  color: '#3b82f6',
  assigneeId: null,
  assigneeIds: [],
  allocations: {},
  custom: {},
  order: 0,
  kind: 'task' as const,
  parentId: null,
});
const task = (id: string, name: string, over: Partial<PlanTask> = {}): PlanTask => ({
  ...fields(name),
  id,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  ...over,
});
/** The instant asked for: 10:00; rows are written at 11:00 (after it) unless they say otherwise. */
const AT = instantUs(new Date('2026-11-20T10:00:00.000Z'));
const us = (iso: string) => instantUs(new Date(iso));
const row = (over: Partial<HistoryRow> & Pick<HistoryRow, 'taskId' | 'fieldName'>): HistoryRow => ({
  oldValue: null,
  newValue: null,
  dependsOnTaskId: null,
  writtenAtUs: us('2026-11-20T11:00:00.000Z'),
  ...over,
});

describe('[time-travel] the plan at an instant, undoing the history written after it', () => {
  it('tasks created later disappear; deleted ones come back whole, with their row\'s times', () => {
    const now: PlanState = { tasks: new Map([[B, task(B, 'Build')]]), links: new Map() };
    const gone = recordTask(fields('Design'), { createdAt: '2026-11-19T08:00:00.000Z', updatedAt: '2026-11-19T08:30:00.000Z' });
    const past = planAt(now, [row({ taskId: A, fieldName: 'deleted', oldValue: gone }), row({ taskId: B, fieldName: 'created' })], AT);
    expect([...past.tasks.keys()]).toEqual([A]);
    expect(past.tasks.get(A)).toEqual(task(A, 'Design', { createdAt: '2026-11-19T08:00:00.000Z', updatedAt: '2026-11-19T08:30:00.000Z' }));
    // Rows at or before the instant stay; a row one microsecond after it is undone.
    expect(planAt(now, [row({ taskId: B, fieldName: 'created', writtenAtUs: AT })], AT).tasks.size).toBe(1);
    expect(planAt(now, [row({ taskId: B, fieldName: 'created', writtenAtUs: AT + 1 })], AT).tasks.size).toBe(0);
  });

  it('fields go back to their old values, and the task reads as last changed at its last change before the instant', () => {
    const now: PlanState = {
      tasks: new Map([[A, task(A, 'Design it', { progress: 60, assigneeIds: [USER], assigneeId: USER, description: 'x', updatedAt: '2026-11-20T12:00:00.000Z' })]]),
      links: new Map(),
    };
    const history = [
      row({ taskId: A, fieldName: 'progress', oldValue: '20' }),
      row({ taskId: A, fieldName: 'assigneeIds', oldValue: null }),
      row({ taskId: A, fieldName: 'assigneeId', oldValue: null }),
      row({ taskId: A, fieldName: 'description', oldValue: '' }),
      row({ taskId: A, fieldName: 'name', oldValue: 'Design' }),
      // Before the instant: its last change then (a link's row is not a change of the task).
      row({ taskId: A, fieldName: 'dependency', dependsOnTaskId: B, newValue: 'Build (FS)', writtenAtUs: us('2026-11-20T09:45:00.000Z') }),
      row({ taskId: A, fieldName: 'progress', oldValue: '0', writtenAtUs: us('2026-11-20T09:30:00.123456Z') }),
      row({ taskId: A, fieldName: 'created', writtenAtUs: us('2026-11-20T09:00:00.000Z') }),
    ];
    const past = planAt(now, history, AT);
    expect(past.tasks.get(A)).toEqual(task(A, 'Design', { progress: 20, description: '', updatedAt: '2026-11-20T09:30:00.123Z' }));
    expect(now.tasks.get(A)?.name).toBe('Design it');
  });

  it('copies only the tasks it changes: the others are now\'s own objects, and now is left as it was', () => {
    const now: PlanState = { tasks: new Map([[A, task(A, 'Design it')], [B, task(B, 'Build')], [C, task(C, 'Test', { progress: 50 })]]), links: new Map() };
    const before = structuredClone(now);
    const past = planAt(now, [row({ taskId: A, fieldName: 'name', oldValue: 'Design' }), row({ taskId: C, fieldName: 'progress', oldValue: '10' }), row({ taskId: C, fieldName: 'name', oldValue: 'Check' })], AT);
    expect(past.tasks.get(B)).toBe(now.tasks.get(B));
    expect(past.tasks.get(A)).not.toBe(now.tasks.get(A));
    expect([past.tasks.get(A)?.name, past.tasks.get(C)?.name, past.tasks.get(C)?.progress]).toEqual(['Design', 'Check', 10]);
    expect(now).toEqual(before);
  });

  it('links made later go, removed ones come back with when they were made, changed ones get their old type and lag', () => {
    const now: PlanState = {
      tasks: new Map([[A, task(A, 'Design')], [B, task(B, 'Build')], [C, task(C, 'Test')]]),
      links: new Map([
        [`${B}->${A}`, { type: 'SS', lagDays: 2, createdAt: '2026-11-20T09:10:00.000Z' }],
        [`${C}->${A}`, { type: 'FS', lagDays: 0, createdAt: '2026-11-20T11:00:00.000Z' }],
      ]),
    };
    const history = [
      row({ taskId: C, fieldName: 'dependency', dependsOnTaskId: A, oldValue: null, newValue: 'Design (FS)' }),
      row({ taskId: C, fieldName: 'dependency', dependsOnTaskId: B, oldValue: 'Build (FF -1d)', newValue: null }),
      row({ taskId: B, fieldName: 'dependency', dependsOnTaskId: A, oldValue: 'Design (FS)', newValue: 'Design (SS +2d)' }),
      // Before complete history: no predecessor id, nothing to undo.
      row({ taskId: B, fieldName: 'dependency', oldValue: null, newValue: 'Test (FS)' }),
      // When the link that comes back was made.
      row({ taskId: C, fieldName: 'dependency', dependsOnTaskId: B, oldValue: null, newValue: 'Build (FF -1d)', writtenAtUs: us('2026-11-20T09:20:00.000Z') }),
    ];
    const past = planAt(now, history, AT);
    expect(Object.fromEntries(past.links)).toEqual({
      [`${B}->${A}`]: { type: 'FS', lagDays: 0, createdAt: '2026-11-20T09:10:00.000Z' },
      [`${C}->${B}`]: { type: 'FF', lagDays: -1, createdAt: '2026-11-20T09:20:00.000Z' },
    });
    // A link stands only between tasks that stand.
    expect(planAt(now, [row({ taskId: C, fieldName: 'created' })], AT).links.has(`${C}->${A}`)).toBe(false);
  });

  it('reads values back in their field\'s type', () => {
    expect(readHistoryValue('order', '3')).toBe(3);
    expect(readHistoryValue('assigneeIds', `${USER},${A}`)).toEqual([USER, A]);
    expect(readHistoryValue('assigneeIds', null)).toEqual([]);
    expect(readHistoryValue('allocations', JSON.stringify({ [USER]: 50 }))).toEqual({ [USER]: 50 });
    expect(readHistoryValue('allocations', null)).toEqual({});
    expect(readHistoryValue('allocations', '{"not json')).toEqual({});
    // A task recorded before allocations were kept reads with everyone at 100 %.
    const { allocations: _none, ...before } = fields('Design');
    expect(readRecordedTask(JSON.stringify(before))).toEqual(fields('Design'));
    expect(readHistoryValue('parentId', null)).toBeNull();
    expect(readHistoryValue('description', null)).toBeNull();
    expect(readRecordedTask('Design')).toBeNull();
    expect(readRecordedTask('{"name":')).toBeNull();
    expect(readRecordedTask(recordTask(fields('Design')))).toEqual(fields('Design'));
  });

  it('[restore-reason] says the instant in UTC', () => {
    expect(restoreReason(new Date('2026-11-20T10:00:59Z'))).toBe('Restored to 20 Nov 10:00');
    expect(restoreReason(new Date('2026-03-05T23:07:00-02:00'))).toBe('Restored to 6 Mar 01:07');
  });
});
