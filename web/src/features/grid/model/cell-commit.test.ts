import { DEFAULT_WORK_CALENDAR, type CustomField } from '@planline/domain';
import { addDependency, writeTask } from '@planline/document';
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import type { ProjectConnection } from '../../gantt/connection/project-connection';
import { createTasksStore } from '../../gantt/model/tasks-store';
import { applyCellWrites, cellText, outlineRowNumbers, readCellText, type CellContext, type CellRead } from './cell-commit';

const DESIGN = '00000000-0000-4000-8000-000000000001';
const BUILD = '00000000-0000-4000-8000-000000000002';
const PHASE = '00000000-0000-4000-8000-000000000003';
const WIRE = '00000000-0000-4000-8000-000000000004';
const ANA = '10000000-0000-4000-8000-000000000001';
const BEN = '10000000-0000-4000-8000-000000000002';
const SIZE: CustomField = { id: '20000000-0000-4000-8000-000000000001', projectId: DESIGN, name: 'Size', type: 'choice', options: ['Small', 'Large'], position: 0, createdAt: '' };
const COST: CustomField = { ...SIZE, id: '20000000-0000-4000-8000-000000000002', name: 'Cost', type: 'number', options: [] };

/**
 * Rows: 1 Design (Mon 2 – Tue 3 Mar), 2 Build (Wed 4 – Fri 6, after Design), 3 Phase (a summary), 4 Wire (under
 * Phase, Mon 9 – Tue 10). Monday to Friday.
 */
function context(): CellContext {
  const doc = new Y.Doc();
  doc.transact(() => {
    writeTask(doc, DESIGN, { name: 'Design', startDate: '2026-03-02', endDate: '2026-03-03', order: 1, assigneeId: ANA, assigneeIds: [ANA] });
    writeTask(doc, BUILD, { name: 'Build', startDate: '2026-03-04', endDate: '2026-03-06', order: 2 });
    writeTask(doc, PHASE, { name: 'Phase', startDate: '2026-03-09', endDate: '2026-03-10', order: 3 });
    writeTask(doc, WIRE, { name: 'Wire', startDate: '2026-03-09', endDate: '2026-03-10', order: 4, parentId: PHASE });
    addDependency(doc, BUILD, DESIGN, { type: 'FS', lagDays: 0 });
  });
  const tasks = createTasksStore(doc, DEFAULT_WORK_CALENDAR).store.getState();
  const people = new Map([
    [ANA, { id: ANA, firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' }],
    [BEN, { id: BEN, firstName: 'Ben', lastName: 'Okafor', email: 'ben@example.com' }],
  ]);
  return { tasks, calendar: DEFAULT_WORK_CALENDAR, fields: [SIZE, COST], people, ...outlineRowNumbers(tasks), slackOf: (id) => (id === DESIGN ? 0 : 3) };
}

const fields = (read: CellRead) => (read.ok ? Object.fromEntries(read.write.tasks) : read.reason);

describe('[grid-cell-commit] cells read as text', () => {
  it('shows each column as it is edited and copied', () => {
    const c = context();
    expect(['wbs', 'start', 'finish', 'duration', 'predecessors', 'assignee', 'status', 'priority', 'progress', 'slack'].map((col) => cellText(col as never, BUILD, c))).toEqual(
      ['2', '2026-03-04', '2026-03-06', '3d', '1', '', 'Pending', 'Medium', '0%', '3d'],
    );
    expect(cellText('assignee', DESIGN, c)).toBe('Ana Silva');
    expect(cellText('wbs', WIRE, c)).toBe('3.1');
    expect(cellText('variance', BUILD, c)).toBe('');
    expect(cellText('variance', BUILD, { ...c, baseline: { id: 'b', name: 'Plan', tasks: new Map([[BUILD, { taskId: BUILD, startDate: '2026-03-03', endDate: '2026-03-04' } as never]]) } })).toBe('+2d');
  });
});

describe('[grid-cell-commit] typing into a cell', () => {
  it('[grid-duration] 5d moves the finish through the weekend', () => {
    expect(fields(readCellText('duration', BUILD, '5d', context()))).toEqual({ [BUILD]: { startDate: '2026-03-04', endDate: '2026-03-10', kind: 'task' } });
  });

  it('[grid-start] a new start moves the task, keeping its working days', () => {
    expect(fields(readCellText('start', DESIGN, '2026-03-06', context()))).toEqual({ [DESIGN]: { startDate: '2026-03-06', endDate: '2026-03-09', kind: 'task' } });
    expect(fields(readCellText('start', DESIGN, 'next week', context()))).toMatch(/is not a date/);
  });

  it("a summary's dates and progress are its subtasks': refused with the reason", () => {
    const c = context();
    for (const column of ['start', 'finish', 'duration', 'progress'] as const) expect(readCellText(column, PHASE, '1', c).ok).toBe(false);
    expect(fields(readCellText('duration', PHASE, '2d', c))).toMatch(/subtasks/);
  });

  it('[grid-predecessors] creates, changes and removes links by row number, and refuses a cycle', () => {
    const c = context();
    const read = readCellText('predecessors', WIRE, '2FS+1d', c);
    expect(read.ok && read.write.links).toEqual([{ taskId: WIRE, dependsOnTaskId: BUILD, link: { type: 'FS', lagDays: 1 } }]);
    const changed = readCellText('predecessors', BUILD, '1SS', c);
    expect(changed.ok && changed.write.links).toEqual([{ taskId: BUILD, dependsOnTaskId: DESIGN, link: { type: 'SS', lagDays: 0 } }]);
    const removed = readCellText('predecessors', BUILD, '', c);
    expect(removed.ok && removed.write.links).toEqual([{ taskId: BUILD, dependsOnTaskId: DESIGN, link: null }]);
    expect(fields(readCellText('predecessors', DESIGN, '2', c))).toMatch(/cycle/);
    expect(fields(readCellText('predecessors', DESIGN, '9', c))).toBe('Row 9 does not exist');
  });

  it('names, status, priority, progress and assignees', () => {
    const c = context();
    expect(fields(readCellText('name', BUILD, '  Build it ', c))).toEqual({ [BUILD]: { name: 'Build it' } });
    expect(fields(readCellText('name', BUILD, '  ', c))).toMatch(/name/i);
    expect(fields(readCellText('status', BUILD, 'in p', c))).toEqual({ [BUILD]: { status: 'in_progress' } });
    expect(fields(readCellText('status', BUILD, 'done?', c))).toMatch(/not a status/);
    expect(fields(readCellText('priority', BUILD, 'HIGH', c))).toEqual({ [BUILD]: { priority: 'high' } });
    expect(fields(readCellText('progress', BUILD, '40%', c))).toEqual({ [BUILD]: { progress: 40 } });
    expect(fields(readCellText('progress', BUILD, '140', c))).toMatch(/0 to 100/);
    expect(fields(readCellText('assignee', BUILD, 'ben@example.com, ana', c))).toEqual({ [BUILD]: { assigneeId: BEN, assigneeIds: [ANA, BEN], allocations: {} } });
    expect(fields(readCellText('assignee', BUILD, '', c))).toEqual({ [BUILD]: { assigneeId: null, assigneeIds: [], allocations: {} } });
    expect(fields(readCellText('assignee', BUILD, 'Zoe', c))).toMatch(/Nobody/);
  });

  it('computed columns are not typed into', () => {
    for (const column of ['wbs', 'slack', 'variance'] as const) expect(readCellText(column, BUILD, '1', context()).ok).toBe(false);
  });

  it('custom fields by type: a choice by its option, a number; a bad value gives the rule', () => {
    const c = context();
    expect(fields(readCellText(`cf:${SIZE.id}`, BUILD, 'large', c))).toEqual({ [BUILD]: { custom: { [SIZE.id]: 'Large' } } });
    expect(fields(readCellText(`cf:${COST.id}`, BUILD, '12.5', c))).toEqual({ [BUILD]: { custom: { [COST.id]: 12.5 } } });
    expect(fields(readCellText(`cf:${COST.id}`, BUILD, 'lots', c))).toMatch(/must be a number/);
    expect(fields(readCellText(`cf:${SIZE.id}`, BUILD, 'huge', c))).toMatch(/one of Small, Large/);
  });
});

describe('[grid-cell-commit] applyCellWrites', () => {
  it('merges every cell into one writeEdit (one transaction, one undo step)', () => {
    const c = context();
    const writeEdit = vi.fn();
    const reads = [readCellText('name', BUILD, 'Build it', c), readCellText('duration', BUILD, '5d', c), readCellText('predecessors', WIRE, '2', c)];
    applyCellWrites({ writeEdit } as unknown as ProjectConnection, reads.map((r) => (r.ok ? r.write : { tasks: new Map(), links: [] })));
    expect(writeEdit).toHaveBeenCalledTimes(1);
    const edit = writeEdit.mock.calls[0]![0];
    expect(Object.fromEntries(edit.tasks)).toEqual({ [BUILD]: { name: 'Build it', startDate: '2026-03-04', endDate: '2026-03-10', kind: 'task' } });
    expect(edit.links).toEqual([{ taskId: WIRE, dependsOnTaskId: BUILD, link: { type: 'FS', lagDays: 0 } }]);
  });
});
