/**
 * [sheet-template] The task sheet offered for download beside the CSV and Excel import (GET
 * /api/import/template.csv and .xlsx): our own column names, which the import maps without help, and three
 * example rows showing what a person is most likely to need: a summary (its dates come from its subtasks), a
 * task with a share of a person's day, and a milestone (duration 0) after that task. The one source of both
 * files; the test reads them back with the import reader.
 */
export const SHEET_TEMPLATE_FILE_NAME = 'planline-import-template';

export const SHEET_TEMPLATE_HEADERS = [
  'ID',
  'WBS',
  'Task Name',
  'Start Date',
  'Finish Date',
  'Duration',
  'Predecessors',
  '% Complete',
  'Status',
  'Priority',
  'Assignee',
  'Notes',
] as const;

export const SHEET_TEMPLATE_ROWS: readonly (readonly string[])[] = [
  ['1', '1', 'Website launch', '', '', '', '', '', '', 'High', '', 'A summary: its dates come from the tasks under it (WBS 1.1, 1.2).'],
  [
    '2',
    '1.1',
    'Write the page copy',
    '2026-03-02',
    '',
    '5d',
    '',
    '40%',
    'In progress',
    'Medium',
    'ana@example.com (50%)',
    'Duration in working days (5d, 3 wks, 16h), or a finish date instead.',
  ],
  ['3', '1.2', 'Site live', '2026-03-09', '', '0', '2FS', '', 'Not started', 'Critical', '', 'A milestone: duration 0, after task 2 (2FS+2d would add two days).'],
];
