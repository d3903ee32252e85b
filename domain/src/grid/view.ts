import { z } from 'zod';
import { taskPrioritySchema, taskStatusSchema } from '../schemas/enums.js';
import { calendarDateSchema } from '../schemas/calendar-date.js';
import { customValueSchema } from '../schemas/custom-field.js';

/**
 * [grid-view] What a view of the task grid shows (issue 39): its columns (order and widths), a filter, a sort and a
 * grouping. A named view is saved with these; the URL carries the same view in a compact query string, so a link
 * opens the grid as its sender saw it. Reading a view never throws: a part that cannot be read is its default.
 */

/**
 * The grid's built-in columns, besides the row number (always first): WBS number, dates, duration in working days,
 * predecessors by row, assignees (with allocation), status, priority, progress, total slack, and the variance of
 * the finish against the baseline compared with. A project's custom fields are columns too: `cf:<field id>`
 * (custom-field.ts customColumnId).
 */
export const GRID_COLUMN_IDS = ['name', 'wbs', 'start', 'finish', 'duration', 'predecessors', 'assignee', 'status', 'priority', 'progress', 'slack', 'variance'] as const;
export type BuiltInGridColumnId = (typeof GRID_COLUMN_IDS)[number];
export type GridColumnId = BuiltInGridColumnId | `cf:${string}`;
const CUSTOM_COLUMN = /^cf:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BUILT_IN: ReadonlySet<string> = new Set(GRID_COLUMN_IDS);
export const isBuiltInGridColumn = (id: string): id is BuiltInGridColumnId => BUILT_IN.has(id);
export const gridColumnIdSchema = z.custom<GridColumnId>(
  (v) => typeof v === 'string' && (BUILT_IN.has(v) || CUSTOM_COLUMN.test(v)),
  { error: `Column must be one of ${GRID_COLUMN_IDS.join(', ')} or a custom field (cf:<field id>)` },
);

export const GRID_COLUMN_MIN_WIDTH = 40;
export const GRID_COLUMN_MAX_WIDTH = 800;
/** PRODUCT-SPEC's name column: the list's only column until a person adds more. */
export const GRID_NAME_COLUMN_WIDTH = 320;
export const GRID_DEFAULT_WIDTHS: Readonly<Record<BuiltInGridColumnId, number>> = Object.freeze({
  name: GRID_NAME_COLUMN_WIDTH,
  wbs: 70,
  start: 110,
  finish: 110,
  duration: 90,
  predecessors: 130,
  assignee: 160,
  status: 120,
  priority: 100,
  progress: 90,
  slack: 90,
  variance: 100,
});
/** A custom field's column starts this wide. */
export const GRID_CUSTOM_COLUMN_WIDTH = 140;
export const defaultColumnWidth = (id: GridColumnId): number => (isBuiltInGridColumn(id) ? GRID_DEFAULT_WIDTHS[id] : GRID_CUSTOM_COLUMN_WIDTH);

export const gridColumnSchema = z.object({
  id: gridColumnIdSchema,
  width: z.number().int().min(GRID_COLUMN_MIN_WIDTH).max(GRID_COLUMN_MAX_WIDTH),
});
export type GridColumn = z.infer<typeof gridColumnSchema>;

export const GRID_GROUPINGS = ['none', 'assignee', 'status', 'priority', 'phase'] as const;
export const gridGroupBySchema = z.enum(GRID_GROUPINGS, { error: `Group by one of ${GRID_GROUPINGS.join(', ')}` });
export type GridGroupBy = z.infer<typeof gridGroupBySchema>;

export const GRID_TEXT_MAX_LENGTH = 200;
/** Sort levels a view keeps (the first decides, the next break its ties). */
export const GRID_MAX_SORT_LEVELS = 3;

export const gridFilterSchema = z.object({
  status: z.array(taskStatusSchema),
  /** Anyone assigned (not only the primary assignee); the id UNASSIGNED_ID keeps tasks nobody is assigned to. */
  assigneeIds: z.array(z.string().min(1).max(64)),
  priority: z.array(taskPrioritySchema),
  /** Only tasks on the critical path. */
  critical: z.boolean(),
  /** Only tasks finishing later than in the baseline compared with. */
  lateAgainstBaseline: z.boolean(),
  /** Tasks overlapping from … to (both included; either may be open). */
  from: calendarDateSchema.nullable(),
  to: calendarDateSchema.nullable(),
  /** Case- and accent-insensitive words in the name or the assignee's name. */
  text: z.string().max(GRID_TEXT_MAX_LENGTH),
  /** Custom field values the task must have, by field id (equal; text without regard to case). Absent: none. */
  custom: z.record(z.uuid(), customValueSchema).optional(),
});
export type GridFilter = z.infer<typeof gridFilterSchema>;

/** The assignee filter's "nobody" entry. */
export const UNASSIGNED_ID = 'none';

export const gridSortSchema = z.object({ column: gridColumnIdSchema, direction: z.enum(['asc', 'desc']) });
export type GridSort = z.infer<typeof gridSortSchema>;

export const gridViewSchema = z.object({
  columns: z
    .array(gridColumnSchema)
    .min(1, 'A view shows at least one column')
    .refine((cols) => new Set(cols.map((c) => c.id)).size === cols.length, 'A column can be shown once'),
  filter: gridFilterSchema,
  sort: z.array(gridSortSchema).max(GRID_MAX_SORT_LEVELS),
  groupBy: gridGroupBySchema,
});
export type GridView = z.infer<typeof gridViewSchema>;

export const GRID_VIEW_NAME_MAX_LENGTH = 80;
/** A view saved under a name. */
export const namedGridViewSchema = z.object({
  name: z.string().trim().min(1, 'Name the view').max(GRID_VIEW_NAME_MAX_LENGTH, `A view name is at most ${GRID_VIEW_NAME_MAX_LENGTH} characters`),
  view: gridViewSchema,
});
export type NamedGridView = z.infer<typeof namedGridViewSchema>;

/** Saved views one project may keep (everyone's together), and one person's own ones in it. */
export const MAX_GRID_VIEWS_PER_PROJECT = 100;
export const MAX_PERSONAL_GRID_VIEWS = 20;

/**
 * A saved view as the API answers it (GET /api/projects/{projectId}/views): a person's own view, or one shared with
 * everyone who can see the project. A shared view is changed by its owner or a team admin, and every browser that
 * has it open follows the change live (`gridView:saved`).
 */
export const savedGridViewSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  ownerId: z.uuid().nullable(),
  ownerName: z.string().nullable(),
  name: z.string(),
  shared: z.boolean(),
  view: gridViewSchema,
  updatedAt: z.string(),
});
export type SavedGridView = z.infer<typeof savedGridViewSchema>;

/** POST /api/projects/{projectId}/views. */
export const createGridViewInputSchema = namedGridViewSchema.extend({ shared: z.boolean({ error: 'shared must be true or false' }).default(false) }).strict();
/** PATCH /api/projects/{projectId}/views/{viewId}. */
export const updateGridViewInputSchema = z
  .object({ name: namedGridViewSchema.shape.name.optional(), view: gridViewSchema.optional(), shared: z.boolean({ error: 'shared must be true or false' }).optional() })
  .strict()
  .refine((v) => v.name !== undefined || v.view !== undefined || v.shared !== undefined, 'Nothing to update: send name, view or shared');
export type CreateGridViewInput = z.infer<typeof createGridViewInputSchema>;
export type UpdateGridViewInput = z.infer<typeof updateGridViewInputSchema>;

export const DEFAULT_GRID_FILTER: GridFilter = Object.freeze({
  status: [],
  assigneeIds: [],
  priority: [],
  critical: false,
  lateAgainstBaseline: false,
  from: null,
  to: null,
  text: '',
}) as GridFilter;

/** The name column alone (PRODUCT-SPEC's 320 px), no filter, the outline's order, no grouping. */
export function defaultGridView(): GridView {
  return {
    columns: [{ id: 'name', width: GRID_NAME_COLUMN_WIDTH }],
    filter: { ...DEFAULT_GRID_FILTER, status: [], assigneeIds: [], priority: [] },
    sort: [],
    groupBy: 'none',
  };
}

/** Whether the filter keeps every task. */
export function isFilterEmpty(filter: GridFilter): boolean {
  return (
    !filter.status.length &&
    !filter.assigneeIds.length &&
    !filter.priority.length &&
    !filter.critical &&
    !filter.lateAgainstBaseline &&
    filter.from === null &&
    filter.to === null &&
    filter.text.trim() === '' &&
    Object.keys(filter.custom ?? {}).length === 0
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The URL

/**
 * Query keys: cols=name:300,start,finish (order; a width after ':' when not the default), st=pending,blocked,
 * as=<ids>, pr=high, crit=1, late=1, from=2026-12-01, to=2026-12-31, q=text, sort=start,-name ('-' descending),
 * group=assignee. Parts at their default are left out, so the default view is ''.
 */
export const GRID_VIEW_PARAMS = ['cols', 'st', 'as', 'pr', 'crit', 'late', 'from', 'to', 'q', 'sort', 'group'] as const;

const list = (values: readonly string[]) => values.join(',');
const sameList = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** [grid-view-url] The view as a query string without '?' ('' for the default view). */
export function encodeGridView(view: GridView): string {
  const params = new URLSearchParams();
  const defaults = defaultGridView();
  const cols = view.columns.map((c) => (c.width === defaultColumnWidth(c.id) ? c.id : `${c.id}:${c.width}`));
  if (!sameList(cols, defaults.columns.map((c) => c.id))) params.set('cols', list(cols));
  const { filter } = view;
  if (filter.status.length) params.set('st', list(filter.status));
  if (filter.assigneeIds.length) params.set('as', list(filter.assigneeIds));
  if (filter.priority.length) params.set('pr', list(filter.priority));
  if (filter.critical) params.set('crit', '1');
  if (filter.lateAgainstBaseline) params.set('late', '1');
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.text.trim()) params.set('q', filter.text.trim());
  for (const [fieldId, value] of Object.entries(filter.custom ?? {})) params.set(`${CUSTOM_FILTER_PREFIX}${fieldId}`, JSON.stringify(value));
  if (view.sort.length) params.set('sort', list(view.sort.map((s) => (s.direction === 'desc' ? `-${s.column}` : s.column))));
  if (view.groupBy !== 'none') params.set('group', view.groupBy);
  return params.toString();
}

/** Each listed value the schema accepts, once, in order; unknown values are dropped. */
function readList<T>(raw: string | null, schema: z.ZodType<T>): T[] {
  if (!raw) return [];
  const seen = new Set<T>();
  for (const part of raw.split(',')) {
    const parsed = schema.safeParse(part.trim());
    if (parsed.success) seen.add(parsed.data);
  }
  return [...seen];
}

function readColumns(raw: string | null): GridColumn[] | null {
  if (!raw) return null;
  const columns: GridColumn[] = [];
  for (const part of raw.split(',')) {
    const [id, width] = part.split(':');
    const parsedId = gridColumnIdSchema.safeParse(id?.trim());
    if (!parsedId.success || columns.some((c) => c.id === parsedId.data)) continue;
    const w = width === undefined ? defaultColumnWidth(parsedId.data) : Number(width);
    const column = gridColumnSchema.safeParse({ id: parsedId.data, width: w });
    columns.push(column.success ? column.data : { id: parsedId.data, width: defaultColumnWidth(parsedId.data) });
  }
  return columns.length ? columns : null;
}

function readSort(raw: string | null): GridSort[] {
  const levels: GridSort[] = [];
  for (const part of raw ? raw.split(',') : []) {
    const desc = part.startsWith('-');
    const column = gridColumnIdSchema.safeParse(desc ? part.slice(1) : part);
    if (column.success && !levels.some((l) => l.column === column.data)) levels.push({ column: column.data, direction: desc ? 'desc' : 'asc' });
  }
  return levels.slice(0, GRID_MAX_SORT_LEVELS);
}

/** A custom field's filter in the URL: `cf.<field id>=<value as JSON>` ("High", 3, true). */
export const CUSTOM_FILTER_PREFIX = 'cf.';

function readCustomFilter(params: URLSearchParams): Record<string, string | number | boolean> | null {
  const custom: Record<string, string | number | boolean> = {};
  for (const [key, raw] of params) {
    if (!key.startsWith(CUSTOM_FILTER_PREFIX)) continue;
    const fieldId = z.uuid().safeParse(key.slice(CUSTOM_FILTER_PREFIX.length));
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      continue;
    }
    const parsed = customValueSchema.safeParse(value);
    if (fieldId.success && parsed.success) custom[fieldId.data.toLowerCase()] = parsed.data;
  }
  return Object.keys(custom).length ? custom : null;
}

const readDate = (raw: string | null) => (raw !== null && calendarDateSchema.safeParse(raw).success ? raw : null);

/**
 * [grid-view-url] The view a query string (with or without '?') carries. Never throws: each part that cannot be
 * read is left at its default, and unknown keys are ignored.
 */
export function decodeGridView(query: string | URLSearchParams): GridView {
  const view = defaultGridView();
  let params: URLSearchParams;
  try {
    params = typeof query === 'string' ? new URLSearchParams(query.startsWith('?') ? query.slice(1) : query) : query;
  } catch {
    return view;
  }
  view.columns = readColumns(params.get('cols')) ?? view.columns;
  view.filter.status = readList(params.get('st'), taskStatusSchema);
  view.filter.assigneeIds = readList(params.get('as'), gridFilterSchema.shape.assigneeIds.element);
  view.filter.priority = readList(params.get('pr'), taskPrioritySchema);
  view.filter.critical = params.get('crit') === '1';
  view.filter.lateAgainstBaseline = params.get('late') === '1';
  view.filter.from = readDate(params.get('from'));
  view.filter.to = readDate(params.get('to'));
  view.filter.text = (params.get('q') ?? '').trim().slice(0, GRID_TEXT_MAX_LENGTH);
  const custom = readCustomFilter(params);
  if (custom) view.filter.custom = custom;
  view.sort = readSort(params.get('sort'));
  const group = gridGroupBySchema.safeParse(params.get('group'));
  view.groupBy = group.success ? group.data : 'none';
  return view;
}
