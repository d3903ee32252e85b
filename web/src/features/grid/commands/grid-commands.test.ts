import type { DocTask } from '@planline/document';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { ProjectConnection } from '../../gantt/connection/project-connection';
import { emptyTasksState, type TasksState } from '../../gantt/model/tasks-store';
import { toTimelineTask, type TimelineTask } from '../../gantt/model/timeline-task';
import type { CellWrite } from '../model/cell-commit';
import { gridSelectionStore } from '../model/grid-selection.store';
import { bulkDeleteStore, handleGridCommandKey, pasteBlock, type GridCommandContext } from './grid-commands';

// The grid's cell reading, faked: a name cell takes any text but "bad"; applyCellWrites is recorded.
const applied: (readonly CellWrite[])[] = [];
vi.mock('../model/cell-commit', () => ({
  readCellText: (column: string, taskId: string, text: string) =>
    text === 'bad' ? { ok: false, reason: 'Not a name' } : { ok: true, write: { tasks: new Map([[taskId, { [column]: text }]]), links: [] } },
  cellText: (column: string, taskId: string, ctx: { tasks: TasksState }) => (column === 'name' ? ctx.tasks.tasks.get(taskId)!.name : ''),
  applyCellWrites: (_connection: unknown, writes: readonly CellWrite[]) => applied.push(writes),
}));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [A, B] = [1, 2].map(id) as [string, string];

function fakeConnection() {
  const tasks = new Map<string, TimelineTask>(
    [A, B].map((taskId, i) => [taskId, toTimelineTask(taskId, { name: `T${i}`, startDate: '2026-11-23', endDate: '2026-11-25', order: i })!]),
  );
  const rows = [A, B];
  const store = createStore<TasksState>(() => ({ ...emptyTasksState(), tasks, rows, rowIndex: new Map(rows.map((t, i) => [t, i])) }));
  const writeTasks = vi.fn<(changes: ReadonlyMap<string, DocTask>) => void>();
  return { connection: { projectId: id(9), tasks: store, writeTasks, undo: vi.fn() } as unknown as ProjectConnection, writeTasks };
}

const key = (k: string, mods: Partial<{ ctrlKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
  preventDefault: vi.fn(),
});

describe('[grid-commands] the commands on the picked rows', () => {
  let context: GridCommandContext;
  let writeTasks: ReturnType<typeof fakeConnection>['writeTasks'];
  beforeEach(() => {
    applied.length = 0;
    const fake = fakeConnection();
    writeTasks = fake.writeTasks;
    context = { connection: fake.connection, readOnly: false, rowOrder: [A, B], columns: ['name'], today: '2026-11-23' };
    gridSelectionStore.getState().reset(id(9));
    bulkDeleteStore.setState({ taskIds: null });
  });

  it('[grid-paste-block] fills the cells and adds the rows past the last in ONE applyCellWrites, leaving out a bad cell', () => {
    gridSelectionStore.getState().setCursor({ taskId: A, column: 'name' });
    expect(pasteBlock(context, 'One\r\nbad\r\nThree\r\nFour\r\n')).toBe(true);
    expect(applied).toHaveLength(1);
    const [first, newRows] = applied[0]!;
    expect(Object.fromEntries(first!.tasks)).toEqual({ [A]: { name: 'One' } });
    expect([...newRows!.tasks.values()].map((t) => t.name)).toEqual(['Three', 'Four']);
    expect(writeTasks).not.toHaveBeenCalled();
  });

  it('[grid-paste-block] a block wholly past the last row is the chart\'s write of new rows; no cursor leaves the paste to the chart', () => {
    gridSelectionStore.getState().setCursor({ taskId: B, column: 'name' });
    // A header line naming the name column, then 1 row for B and 2 new ones.
    pasteBlock(context, 'Name\nbad\nN1\nN2');
    expect(applied).toHaveLength(0);
    expect([...writeTasks.mock.calls[0]![0].values()].map((t) => t.name)).toEqual(['N1', 'N2']);
    gridSelectionStore.getState().setCursor(null);
    expect(pasteBlock(context, 'x')).toBe(false);
  });

  it('[grid-command-keys] Ctrl+D fills down, Delete asks about the picked rows, and nothing is taken while a cell is typed in', () => {
    const state = gridSelectionStore.getState();
    state.setCursor({ taskId: A, column: 'name' });
    state.select([B, A]);
    expect(handleGridCommandKey(key('d', { ctrlKey: true }), context)).toBe(true);
    expect(applied).toHaveLength(1);
    expect(Object.fromEntries(applied[0]![0]!.tasks)).toEqual({ [B]: { name: 'T0' } });

    expect(handleGridCommandKey(key('Delete'), context)).toBe(true);
    expect(bulkDeleteStore.getState().taskIds).toEqual([A, B]);

    state.startEditing({ taskId: A, column: 'name' }, 'x');
    expect(handleGridCommandKey(key('d', { ctrlKey: true }), context)).toBe(false);
    state.stopEditing();
    expect(handleGridCommandKey(key('Delete'), { ...context, readOnly: true })).toBe(false);
  });

  it('[grid-bulk-move] Ctrl+Shift+Right moves the picked rows a working day in one write', () => {
    gridSelectionStore.getState().select([A, B]);
    expect(handleGridCommandKey(key('ArrowRight', { ctrlKey: true, shiftKey: true }), context)).toBe(true);
    expect(writeTasks).toHaveBeenCalledTimes(1);
    expect(Object.fromEntries(writeTasks.mock.calls[0]![0])).toEqual({
      [A]: { startDate: '2026-11-24', endDate: '2026-11-26' },
      [B]: { startDate: '2026-11-24', endDate: '2026-11-26' },
    });
  });
});
