import { IMPORT_FIELDS, type ImportColumns, type ImportField, type ImportMessage } from './plan.js';

/**
 * [sheet-columns] A task sheet's first row mapped to the fields we read (issue 37). Headers are compared without
 * case, spaces or punctuation ("Start Date", "start_date" and "START-DATE" are one header), against the names the
 * common exports use: MS Project ("Task Name", "% Complete", "Resource Names", "Outline Level"), Excel and
 * Smartsheet task lists ("Title", "Assigned To", "Due"), Asana ("Assignee Email", "Start Date", "Due Date"), Jira
 * ("Summary"). The person can change any mapping in the preview; their choice wins over the automatic one.
 */

/** A header as compared: lower case, letters and digits only; "%" reads "percent" and "#" reads "number". */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/%/g, 'percent')
    .replace(/#/g, 'number')
    .replace(/[^a-z0-9]/g, '');
}

/** Per field, the normalized headers read as it, best first. A header is tried against the fields in this order. */
const SYNONYMS: Record<ImportField, readonly string[]> = {
  id: ['id', 'number', 'taskid', 'taskno', 'tasknumber', 'rowid', 'no', 'key'],
  name: ['name', 'taskname', 'title', 'task', 'tasktitle', 'summary', 'subject', 'activity', 'activityname', 'item'],
  start: ['start', 'startdate', 'begin', 'begindate', 'beginning', 'starts', 'startson', 'plannedstart', 'startdatetime'],
  finish: ['finish', 'finishdate', 'end', 'enddate', 'due', 'duedate', 'ends', 'endson', 'plannedfinish', 'plannedend'],
  duration: ['duration', 'durationdays', 'durationindays', 'days', 'workingdays', 'length'],
  progress: ['percentcomplete', 'complete', 'progress', 'percentdone', 'percentprogress', 'completion', 'percent', 'completepercent'],
  status: ['status', 'state', 'taskstatus'],
  priority: ['priority', 'importance', 'taskpriority'],
  // Asana writes both "Assignee" (a name) and "Assignee Email": the e-mail matches people surely.
  assignee: [
    'assigneeemail',
    'assignee',
    'assignees',
    'assignedto',
    'resourcenames',
    'resources',
    'resource',
    'email',
    'emails',
    'owner',
    'responsible',
    'people',
  ],
  predecessors: ['predecessors', 'predecessor', 'dependencies', 'dependson', 'dependency', 'predecessorids'],
  wbs: ['wbs', 'wbscode', 'outlinenumber', 'wbsnumber'],
  level: ['outlinelevel', 'level', 'indent', 'indentlevel', 'hierarchylevel'],
  notes: ['notes', 'note', 'description', 'details', 'taskdescription', 'comments'],
};

export type ColumnsResult = { ok: true; columns: ImportColumns; index: Partial<Record<ImportField, number>> } | { ok: false; error: ImportMessage };

/**
 * Which column each field is read from: the person's choices (`overrides`, field → header as written; an empty
 * string leaves the field unread), then, for the other fields, the first header that is one of its names. A
 * column is read as one field only. `index` gives each mapped field's column position.
 */
export function mapColumns(headers: readonly string[], overrides: Partial<Record<ImportField, string>> = {}): ColumnsResult {
  const index: Partial<Record<ImportField, number>> = {};
  const taken = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    const chosen = overrides[field];
    if (chosen === undefined || chosen === '') continue;
    const wanted = normalizeHeader(chosen);
    let at = headers.indexOf(chosen);
    if (at < 0) at = headers.findIndex((h) => normalizeHeader(h) === wanted && wanted !== '');
    if (at < 0) {
      return {
        ok: false,
        error: { row: 1, message: `There is no column «${chosen}» to read the ${FIELD_LABELS[field]} from. The columns are: ${listHeaders(headers)}.` },
      };
    }
    if (taken.has(at)) {
      const other = IMPORT_FIELDS.find((f) => index[f] === at)!;
      return { ok: false, error: { row: 1, message: `The column «${headers[at]}» is chosen for both the ${FIELD_LABELS[other]} and the ${FIELD_LABELS[field]}: choose one column for each.` } };
    }
    index[field] = at;
    taken.add(at);
  }
  const normalized = headers.map(normalizeHeader);
  for (const field of IMPORT_FIELDS) {
    if (field in overrides) continue;
    for (const synonym of SYNONYMS[field]) {
      const at = normalized.findIndex((h, i) => h === synonym && !taken.has(i));
      if (at >= 0) {
        index[field] = at;
        taken.add(at);
        break;
      }
    }
  }
  const mapping: Partial<Record<ImportField, string>> = {};
  for (const field of IMPORT_FIELDS) if (index[field] !== undefined) mapping[field] = headers[index[field]!]!;
  return { ok: true, columns: { headers: [...headers], mapping }, index };
}

/** Each field as a person reads it in a message ("the start date"). */
export const FIELD_LABELS: Readonly<Record<ImportField, string>> = {
  id: 'ID',
  name: 'task name',
  start: 'start date',
  finish: 'finish date',
  duration: 'duration',
  progress: 'progress',
  status: 'status',
  priority: 'priority',
  assignee: 'assignees',
  predecessors: 'predecessors',
  wbs: 'WBS',
  level: 'outline level',
  notes: 'notes',
};

export function listHeaders(headers: readonly string[]): string {
  const named = headers.filter((h) => h.trim() !== '');
  return named.length ? named.map((h) => `«${h}»`).join(', ') : 'none (the first row is empty)';
}
