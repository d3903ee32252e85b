import { describe, expect, it } from 'vitest';
import { toTimelineTask, type TimelineTask } from '../../gantt/model/timeline-task';
import { workCalendarOf } from '../../gantt/model/work-calendar';
import { bulkFieldWrites, bulkMoveWrites, bulkOutlineWrites } from './bulk-edits';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [P, A, B, C, D, E] = [1, 2, 3, 4, 5, 6].map(id) as [string, string, string, string, string, string];

type Row = [string, number, string | null, Partial<TimelineTask>?];
function plan(list: Row[]): Map<string, TimelineTask> {
  const subtasks = (taskId: string) => list.filter(([, , parentId]) => parentId === taskId).length;
  return new Map(
    list.map(([taskId, order, parentId, extra]) => [
      taskId,
      { ...toTimelineTask(taskId, { name: taskId, startDate: '2026-11-23', endDate: '2026-11-25', order, parentId })!, subtasks: subtasks(taskId), ...extra },
    ]),
  );
}

// Monday to Friday, with Friday 27 November 2026 a holiday.
const calendar = workCalendarOf({ workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-11-27'] });

describe('[grid-bulk-move] moving many rows by working days', () => {
  it('moves each row past weekends and holidays, keeping its working days', () => {
    const tasks = plan([
      [A, 0, null],
      [B, 1, null, { startDate: '2026-11-26', endDate: '2026-11-30' }],
    ]);
    const writes = bulkMoveWrites(tasks, [A, B], 3, calendar);
    // A: Mon–Wed (3 working days) → Thu 26, then Mon 30 and Tue 1 (the holiday and the weekend skipped).
    expect(writes.get(A)).toEqual({ startDate: '2026-11-26', endDate: '2026-12-01' });
    // B: Thu 26 and Mon 30 (2 working days) → Wed 2 and Thu 3.
    expect(writes.get(B)).toEqual({ startDate: '2026-12-02', endDate: '2026-12-03' });
    expect(bulkMoveWrites(tasks, [A], -1, calendar).get(A)).toEqual({ startDate: '2026-11-20', endDate: '2026-11-24' });
  });

  it('moves a summary\'s subtasks with it, and a subtask picked with its summary once', () => {
    const tasks = plan([
      [P, 0, null],
      [A, 1, P],
      [B, 2, P, { startDate: '2026-11-24', endDate: '2026-11-24' }],
      [C, 3, null],
    ]);
    const writes = bulkMoveWrites(tasks, [P, A], 1, calendar);
    expect([...writes.keys()].sort()).toEqual([P, A, B].sort());
    expect(writes.get(A)).toEqual({ startDate: '2026-11-24', endDate: '2026-11-26' });
    expect(writes.get(B)).toEqual({ startDate: '2026-11-25', endDate: '2026-11-25' });
    expect(bulkMoveWrites(tasks, [C], 0, calendar).size).toBe(0);
  });
});

describe('[grid-bulk] one field on many rows', () => {
  const tasks = plan([
    [A, 0, null, { status: 'completed' }],
    [B, 1, null, { assigneeId: C, assigneeIds: [C, D], allocations: { [C]: 50, [D]: 20 } }],
    [E, 2, null, { assigneeId: D, assigneeIds: [D] }],
  ]);

  it('writes only the rows that do not hold the value', () => {
    expect(bulkFieldWrites(tasks, [A, B], { field: 'status', value: 'completed' })).toEqual(new Map([[B, { status: 'completed' }]]));
    expect(bulkFieldWrites(tasks, [A, B], { field: 'priority', value: 'high' }).size).toBe(2);
  });

  it('[grid-bulk-assignee] puts the person in place of each task\'s assignee, keeping the others and their shares', () => {
    const writes = bulkFieldWrites(tasks, [B, E], { field: 'assignee', value: D });
    expect(writes).toEqual(new Map([[B, { assigneeId: D, assigneeIds: [D], allocations: { [D]: 20 } }]]));
    expect(bulkFieldWrites(tasks, [E], { field: 'assignee', value: null })).toEqual(new Map([[E, { assigneeId: null, assigneeIds: [] }]]));
  });
});

describe('[grid-bulk-outline] indenting and outdenting a set of rows', () => {
  it('indents a block of siblings under the task above the first, and refuses the first row of the plan', () => {
    const tasks = plan([
      [P, 0, null],
      [A, 1, null],
      [B, 2, null],
      [C, 3, null],
    ]);
    const rows = [P, A, B, C];
    expect(bulkOutlineWrites(tasks, rows, new Set([A, B]), 'indent')).toEqual({
      writes: new Map([
        [A, { parentId: P }],
        [B, { parentId: P }],
      ]),
      refused: [],
    });
    const withFirst = bulkOutlineWrites(tasks, rows, new Set([P, A]), 'indent');
    expect(withFirst.refused).toEqual([{ taskId: P, reason: 'There is no task above it at its level to put it under.' }]);
    expect(withFirst.writes).toEqual(new Map([[A, { parentId: P }]]));
  });

  it('outdents a block keeping its order, and moves a picked summary\'s subtasks with it only', () => {
    const tasks = plan([
      [P, 0, null],
      [A, 1, P],
      [B, 2, P],
      [C, 3, null],
    ]);
    const out = bulkOutlineWrites(tasks, [P, A, B, C], new Set([A, B]), 'outdent');
    expect(out.refused).toEqual([]);
    // Both leave P and come after it, A before B, C pushed on past them.
    const order = (taskId: string) => (out.writes.get(taskId)?.order as number | undefined) ?? tasks.get(taskId)!.order;
    expect(out.writes.get(A)).toMatchObject({ parentId: null });
    expect(out.writes.get(B)).toMatchObject({ parentId: null });
    expect(order(P) < order(A) && order(A) < order(B) && order(B) < order(C)).toBe(true);

    const summaryPicked = bulkOutlineWrites(tasks, [P, A, B, C], new Set([C, A]), 'indent');
    // A is the first under P: refused; C goes under P.
    expect(summaryPicked.writes.get(C)).toMatchObject({ parentId: P });
    expect(summaryPicked.refused.map((r) => r.taskId)).toEqual([A]);
    const withSummary = bulkOutlineWrites(tasks, [P, A, B, C], new Set([P, A]), 'outdent');
    // P is at the top (refused); A, under a picked row, is not moved on its own.
    expect(withSummary.writes.size).toBe(0);
    expect(withSummary.refused.map((r) => r.taskId)).toEqual([P]);
  });
});
