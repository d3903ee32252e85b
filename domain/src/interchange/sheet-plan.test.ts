import { describe, expect, it } from 'vitest';
import { buildCalendar } from '../scheduling/working-calendar.js';
import type { SheetCell } from './sheet-cells.js';
import { sheetPlan, type SheetInput } from './sheet-plan.js';

// 2026-03-02 is a Monday; 2026-03-06 a Friday holiday in `holidayWeek`.
const weekdays = buildCalendar([1, 2, 3, 4, 5], []);
const read = (rows: SheetCell[][], extra: Partial<SheetInput> = {}) =>
  sheetPlan({ format: 'csv', rows: rows.map((cells, i) => ({ row: i + 1, cells })), calendar: weekdays, locale: 'en-US', ...extra });

describe('sheet plan', () => {
  it('[sheet-plan] rows become tasks numbered as the spreadsheet numbers them; durations count working days', () => {
    const plan = read([
      ['Task Name', 'Start', 'Finish', 'Duration', '% Complete', 'Status', 'Priority', 'Notes'],
      ['Survey', '2026-03-02', '2026-03-04', '', '100%', 'Done', 'High', 'Walk the site'],
      [],
      ['Design', '03/05/2026', '', '5d', '0.4', 'In progress', '', ''],
      ['Approve', '', '2026-03-13', '2 days', '', '', '', ''],
      ['Sign-off', '2026-03-16', '', '0', '', '', '', ''],
    ]);
    expect(plan.errors).toEqual([]);
    expect(plan.warnings).toEqual([]);
    expect(plan.tasks.map((t) => [t.row, t.key, t.name, t.startDate, t.endDate, t.kind, t.progress, t.status, t.priority])).toEqual([
      [2, '2', 'Survey', '2026-03-02', '2026-03-04', 'task', 100, 'completed', 'high'],
      // Thursday + 5 working days runs over the weekend to Wednesday.
      [4, '4', 'Design', '2026-03-05', '2026-03-11', 'task', 40, 'in_progress', null],
      [5, '5', 'Approve', '2026-03-12', '2026-03-13', 'task', 0, null, null],
      [6, '6', 'Sign-off', '2026-03-16', '2026-03-16', 'milestone', 0, null, null],
    ]);
    expect(plan.tasks[0]!.description).toBe('Walk the site');
    expect(plan.columns?.mapping).toMatchObject({ name: 'Task Name', start: 'Start', finish: 'Finish', duration: 'Duration' });
  });

  it('[sheet-plan] durations follow the project calendar: holidays and its working week', () => {
    const holidayWeek = buildCalendar([1, 2, 3, 4, 5], ['2026-03-06']);
    const plan = read([['Name', 'Start', 'Duration'], ['Pour', '2026-03-05', '3d'], ['Cure', '2026-03-07', '1d']], { calendar: holidayWeek });
    expect(plan.tasks.map((t) => [t.startDate, t.endDate])).toEqual([
      ['2026-03-05', '2026-03-10'],
      ['2026-03-09', '2026-03-09'],
    ]);
    expect(plan.warnings).toEqual([{ row: 3, message: '2026-03-07 is not a working day: the task starts on the next one, 2026-03-09.' }]);
  });

  it('[sheet-predecessors] links by row number, with types and lags; what cannot be linked is a row warning', () => {
    const plan = read([
      ['Name', 'Start', 'Duration', 'Predecessors'],
      ['A', '2026-03-02', '5d', ''],
      ['B', '2026-03-09', '5d', '2FS+2d, 9, 3'],
      ['C', '2026-03-09', '2d', '2SS-1d; 2FF+16h; 3SF+50%'],
    ]);
    expect(plan.links).toEqual([
      { row: 3, predecessorKey: '2', successorKey: '3', type: 'FS', lagDays: 2 },
      { row: 4, predecessorKey: '2', successorKey: '4', type: 'SS', lagDays: -1 },
      { row: 4, predecessorKey: '3', successorKey: '4', type: 'SF', lagDays: 3 },
    ]);
    expect(plan.warnings).toEqual([
      { row: 3, message: 'Predecessor 9 is not a task of this sheet: the link is left out.' },
      { row: 3, message: 'The task names itself as its predecessor: the link is left out.' },
      { row: 4, message: 'Predecessor 2 is named twice: the first link is kept.' },
      { row: 4, message: "The lag of 50% of B's 5 working days is read as 3 days." },
    ]);
  });

  it('[sheet-predecessors] with an ID column, links name tasks by ID, later rows included', () => {
    const plan = read([
      ['ID', 'Name', 'Start', 'Duration', 'Predecessors'],
      ['T-1', 'Frame', '2026-03-02', '2d', 'T-2'],
      ['T-2', 'Roof', '2026-03-04', '2d', ''],
      ['T-3', 'Paint', '2026-03-06', '1d', 'T-1SS+1d'],
    ]);
    expect(plan.tasks.map((t) => t.key)).toEqual(['T-1', 'T-2', 'T-3']);
    expect(plan.links).toEqual([
      { row: 2, predecessorKey: 'T-2', successorKey: 'T-1', type: 'FS', lagDays: 0 },
      { row: 4, predecessorKey: 'T-1', successorKey: 'T-3', type: 'SS', lagDays: 1 },
    ]);
    const twice = read([['ID', 'Name', 'Start'], ['1', 'A', '2026-03-02'], ['1', 'B', '2026-03-02']]);
    expect(twice.errors).toEqual([{ row: 3, message: "ID «1» is also row 2's: give each task its own ID." }]);
  });

  it('[sheet-hierarchy] WBS nests tasks; summaries take their subtasks\' dates, three levels deep', () => {
    const plan = read([
      ['WBS', 'Name', 'Start', 'Finish'],
      ['1', 'Build', '', ''],
      ['1.1', 'Shell', '', ''],
      ['1.1.1', 'Frame', '2026-03-02', '2026-03-04'],
      ['1.1.2', 'Roof', '2026-03-05', '2026-03-10'],
      ['1.2', 'Fit-out', '2026-03-11', '2026-03-20'],
      ['2', 'Hand over', '2026-03-23', '2026-03-23'],
      ['3.1', 'Orphan', '2026-03-23', '2026-03-23'],
    ]);
    expect(plan.errors).toEqual([]);
    expect(plan.tasks.map((t) => [t.name, t.parentKey, t.startDate, t.endDate])).toEqual([
      ['Build', null, '2026-03-02', '2026-03-20'],
      ['Shell', '2', '2026-03-02', '2026-03-10'],
      ['Frame', '3', '2026-03-02', '2026-03-04'],
      ['Roof', '3', '2026-03-05', '2026-03-10'],
      ['Fit-out', '2', '2026-03-11', '2026-03-20'],
      ['Hand over', null, '2026-03-23', '2026-03-23'],
      ['Orphan', null, '2026-03-23', '2026-03-23'],
    ]);
    expect(plan.warnings).toEqual([{ row: 8, message: 'WBS 3.1: no row above has WBS 3, so the task is put at the top level.' }]);
  });

  it('[sheet-hierarchy] a level column nests tasks; a row too deep is read one level below the row before', () => {
    const plan = read([
      ['Outline Level', 'Name', 'Start'],
      ['1', 'Phase', '2026-03-02'],
      ['2', 'Step', '2026-03-02'],
      ['4', 'Too deep', '2026-03-03'],
      ['2', 'Next step', '2026-03-04'],
      ['1', 'Phase 2', '2026-03-05'],
    ]);
    expect(plan.tasks.map((t) => [t.name, t.parentKey])).toEqual([
      ['Phase', null],
      ['Step', '2'],
      ['Too deep', '3'],
      ['Next step', '2'],
      ['Phase 2', null],
    ]);
    expect(plan.warnings).toEqual([{ row: 4, message: 'Outline level 4 is more than one level below the row before it: read as level 3.' }]);
  });

  it('[sheet-plan] rows without a name or a start are row errors that say what to write', () => {
    const plan = read([
      ['Name', 'Start', 'Finish', 'Predecessors'],
      ['', '2026-03-02', '', ''],
      ['B', '', '', '2'],
      ['C', '2026-03-05', '2026-03-02', ''],
      ['D', 'soon', '', ''],
    ]);
    expect(plan.tasks).toEqual([]);
    expect(plan.errors).toEqual([
      { row: 2, message: 'The task has no name: fill in the «Name» cell, or delete the row.' },
      { row: 3, message: 'The task has no start date (predecessors alone do not place a task): give it a start date, for example 2026-03-04, and a finish date or a duration.' },
      { row: 4, message: 'The finish date 2026-03-02 is before the start date 2026-03-05: correct one of them.' },
      { row: 5, message: '«soon» is not a date: write it as 2026-03-04, or as 03/04/2026 (March 4).' },
    ]);
  });

  it('[sheet-plan] a sheet without a name column, or empty, is one error naming what was found', () => {
    expect(read([['When', 'Who']]).errors).toEqual([
      { row: 1, message: 'No column holds the task names. The columns are: «When», «Who». Name one «Task Name», or choose it in the column mapping.' },
    ]);
    expect(read([]).errors).toEqual([{ row: null, message: 'The file has no rows: put the column names in the first row and one task per row under it.' }]);
    expect(read([['Name', 'Start'], [], ['', '']])).toMatchObject({
      tasks: [],
      errors: [],
      warnings: [{ row: null, message: 'The sheet has its column names but no task under them: put one task per row below the first row.' }],
    });
  });

  it('[sheet-formula] a CSV cell that looks like a formula is kept as text, with a row warning', () => {
    const plan = read([
      ['Name', 'Start', 'Notes'],
      ['=HYPERLINK("http://evil","x")', '2026-03-02', '@SUM(1)'],
      ['-5', '2026-03-02', ''],
    ]);
    expect(plan.tasks.map((t) => [t.name, t.description])).toEqual([
      ['=HYPERLINK("http://evil","x")', '@SUM(1)'],
      ['-5', ''],
    ]);
    expect(plan.warnings).toEqual([
      { row: 2, message: 'The task name «=HYPERLINK("http://evil","x")» starts like a spreadsheet formula: it was read as text, never run.' },
      { row: 2, message: 'The notes «@SUM(1)» starts like a spreadsheet formula: it was read as text, never run.' },
    ]);
  });

  it('[sheet-assignees] people become resources once, each task assigned with its share', () => {
    const plan = read([
      ['Name', 'Start', 'Assigned To'],
      ['A', '2026-03-02', 'ana@x.com (50%), Bo'],
      ['B', '2026-03-02', 'ANA@x.com'],
    ]);
    expect(plan.resources).toEqual([
      { key: 'ana@x.com', name: 'ana@x.com', email: 'ana@x.com' },
      { key: 'Bo', name: 'Bo', email: null },
    ]);
    expect(plan.tasks.map((t) => t.assignments)).toEqual([
      [
        { resourceKey: 'ana@x.com', allocation: 50 },
        { resourceKey: 'Bo', allocation: 100 },
      ],
      [{ resourceKey: 'ana@x.com', allocation: 100 }],
    ]);
  });
});
