import { DEFAULT_WORK_CALENDAR, type GridColumnId } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { emptyTasksState } from '../../gantt/model/tasks-store';
import { toTimelineTask, type TimelineTask } from '../../gantt/model/timeline-task';
import type { CellContext, CellRead } from '../model/cell-commit';
import { copiedCell, copiedText, fillDownCells, newRowsText, planPaste, readCells } from './cell-blocks';
import { readTsv } from './tsv';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [A, B, C] = [1, 2, 3].map(id) as [string, string, string];
const FIELD = '0000000f-0000-4000-8000-000000000000';

function context(names: Record<string, string>): CellContext {
  const ids = Object.keys(names);
  const tasks = new Map<string, TimelineTask>(
    ids.map((taskId, i) => [taskId, toTimelineTask(taskId, { name: names[taskId], startDate: '2026-11-23', endDate: '2026-11-25', order: i })!]),
  );
  return {
    tasks: { ...emptyTasksState(), tasks, rows: ids, rowIndex: new Map(ids.map((t, i) => [t, i])) },
    calendar: DEFAULT_WORK_CALENDAR,
    fields: [{ id: FIELD, projectId: id(9), name: 'Cost code', type: 'text', options: [], position: 0 } as unknown as CellContext['fields'][number]],
    people: new Map(),
    rowNumberOf: (taskId) => ids.indexOf(taskId) + 1 || undefined,
    taskAtRow: (row) => ids[row - 1],
  };
}

// A fake cell reading: names and starts as they are typed; "bad" is refused.
const textOf = (column: GridColumnId, taskId: string, ctx: CellContext) => {
  const task = ctx.tasks.tasks.get(taskId)!;
  return column === 'name' ? task.name : column === 'start' ? task.startDate : `${column}:${task.name}`;
};
const read = (column: GridColumnId, taskId: string, text: string, ctx: CellContext): CellRead => {
  if (text === 'bad') return { ok: false, reason: 'Not a value' };
  const field = column === 'start' ? 'startDate' : column;
  // Sees the cells read before it: a start written earlier in the block shows in `endDate` here.
  const before = ctx.tasks.tasks.get(taskId)!;
  const fields = column === 'finish' ? { endDate: text, note: `start was ${before.startDate}` } : { [field]: text };
  return { ok: true, write: { tasks: new Map([[taskId, fields]]), links: [] } };
};

describe('[grid-copy] copying rows', () => {
  it('writes a header of the shown columns then each row in grid order, quoting what a spreadsheet would', () => {
    const ctx = context({ [A]: 'Pour "slab"', [B]: 'Frame\twalls' });
    const text = copiedText([A, B], ['name', 'start', `cf:${FIELD}`], ctx, textOf);
    expect(text.split('\n')[0]).toBe('Name\tStart\tCost code');
    expect(readTsv(text)).toEqual([
      ['Name', 'Start', 'Cost code'],
      ['Pour "slab"', '2026-11-23', `cf:${FIELD}:Pour "slab"`],
      ['Frame\twalls', '2026-11-23', `cf:${FIELD}:Frame\twalls`],
    ]);
    // One cell alone: its value only, quoted when it holds a tab.
    expect(copiedCell({ taskId: B, column: 'name' }, ctx, textOf)).toBe('"Frame\twalls"\n');
  });
});

describe('[grid-paste-block] a pasted block', () => {
  const target = { rowOrder: [A, B, C], columns: ['name', 'start', 'finish'] as GridColumnId[], fields: [] };

  it('fills cells from the cursor right and down, leaves out columns past the last, and adds rows past the last', () => {
    const plan = planPaste(
      [
        ['s1', 'f1', 'x'],
        ['s2', 'f2', 'x'],
        ['s3', 'f3'],
      ],
      { ...target, cursor: { taskId: B, column: 'start' } },
    );
    expect(plan.cells.map((c) => [c.taskId, c.column, c.text])).toEqual([
      [B, 'start', 's1'],
      [B, 'finish', 'f1'],
      [C, 'start', 's2'],
      [C, 'finish', 'f2'],
    ]);
    expect(plan.leftOut).toEqual([3]);
    expect(plan.newRows).toEqual([['s3', 'f3']]);
    expect(plan.cells[1]!.where).toBe('pasted row 1, Finish');
  });

  it('maps a header line by column names, from the cursor\'s row, whatever the cursor\'s column', () => {
    const plan = planPaste(
      [
        ['Finish', 'name'],
        ['f1', 'Dig'],
        ['f2', 'Pour'],
      ],
      { ...target, cursor: { taskId: A, column: 'start' } },
    );
    expect(plan.cells.map((c) => [c.taskId, c.column, c.text])).toEqual([
      [A, 'finish', 'f1'],
      [A, 'name', 'Dig'],
      [B, 'finish', 'f2'],
      [B, 'name', 'Pour'],
    ]);
    // One line only is a value to paste, not a header.
    expect(planPaste([['Finish']], { ...target, cursor: { taskId: A, column: 'name' } }).cells).toEqual([
      { taskId: A, column: 'name', text: 'Finish', where: 'pasted row 1, Name' },
    ]);
  });

  it('gives rows past the last to the chart\'s pasted-rows reader by its column names', () => {
    const plan = planPaste(
      [
        ['a', '2026-12-01', '2026-12-02'],
        ['New one', '2026-12-07', '2026-12-09'],
      ],
      { ...target, cursor: { taskId: C, column: 'name' } },
    );
    expect(newRowsText(plan)).toBe('name\tstart\tend\nNew one\t2026-12-07\t2026-12-09\n');
  });

  it('[grid-paste-partial] reads each cell seeing the cells before it, writes the good ones and reports the rest', () => {
    const ctx = context({ [A]: 'Dig', [B]: 'Pour' });
    const cells = [
      { taskId: A, column: 'start' as const, text: '2026-12-01', where: 'pasted row 1, Start' },
      { taskId: A, column: 'finish' as const, text: '2026-12-04', where: 'pasted row 1, Finish' },
      { taskId: B, column: 'start' as const, text: 'bad', where: 'pasted row 2, Start' },
    ];
    const { writes, problems } = readCells(cells, ctx, read);
    expect(writes.map((w) => Object.fromEntries(w.tasks))).toEqual([
      { [A]: { startDate: '2026-12-01' } },
      { [A]: { endDate: '2026-12-04', note: 'start was 2026-12-01' } },
    ]);
    expect(problems).toEqual([{ where: 'pasted row 2, Start', reason: 'Not a value' }]);
    // The context handed in is left as it was.
    expect(ctx.tasks.tasks.get(A)!.startDate).toBe('2026-11-23');
  });
});

describe('[grid-fill-down] Ctrl+D', () => {
  it('copies the top picked row\'s value into the picked rows below it, in grid order', () => {
    const ctx = context({ [A]: 'Dig', [B]: 'Pour', [C]: 'Cure' });
    expect(fillDownCells([A, B, C], new Set([C, B]), 'name', ctx, textOf)).toEqual([{ taskId: C, column: 'name', text: 'Pour', where: 'row 3, Name' }]);
    expect(fillDownCells([A, B, C], new Set([B]), 'name', ctx, textOf)).toEqual([]);
  });
});
