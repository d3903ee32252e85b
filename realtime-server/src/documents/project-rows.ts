import { ALLOCATION_DEFAULT, canonicalAllocations, canonicalCustomValues, type CustomFieldDefinitions, type CustomFieldType, type CustomValues, dependencyKey, parseDependencyKey, recordTask, type Link } from '@planline/domain';
import type { DataSource, EntityManager } from 'typeorm';
import type { ScheduleSettings } from '@planline/document';
import type { Judged, PersistedRows } from './change-judge.js';
import { mergeUpdatesOffThread } from './off-thread-merge.js';
import type { Author } from './origins.js';
import type { PersistedTask } from './task-validation.js';

/*
 * The SQL of the document store: reading a project's rows and stored document, writing what a change was judged
 * to be, and folding the document's update log.
 */

type Sql = Pick<DataSource, 'query'>;

/** A task's fields from a `tasks` row (snake_case columns, `assignee_ids` aggregated by the query). */
export function taskFieldsFromRow(r: Record<string, unknown>): PersistedTask {
  return {
    name: r.name as string,
    description: (r.description as string | null) ?? null,
    startDate: r.start_date as string,
    endDate: r.end_date as string,
    status: r.status as PersistedTask['status'],
    priority: r.priority as PersistedTask['priority'],
    progress: Number(r.progress),
    color: r.color as string,
    assigneeId: (r.assignee_id as string | null) ?? null,
    assigneeIds: (r.assignee_ids as string[] | null) ?? [],
    // json_object_agg keeps no order: put in the canonical one, as the document holds it.
    allocations: canonicalAllocations((r.allocations as Record<string, number> | null) ?? {}),
    order: Number(r.order),
    kind: (r.kind as PersistedTask['kind'] | undefined) ?? 'task',
    parentId: (r.parent_id as string | null | undefined) ?? null,
    // jsonb keeps its own key order: put in the canonical one, as the document holds it.
    custom: canonicalCustomValues((r.custom as CustomValues | null | undefined) ?? {}),
  };
}

/** Members of the project's team and guests of the project: who a task may be assigned to. */
export async function assignableUsers(sql: Sql, projectId: string): Promise<Set<string>> {
  const rows: { user_id: string }[] = await sql.query(
    `SELECT tm.user_id FROM projects p JOIN team_members tm ON tm.team_id = p.team_id WHERE p.id = $1
     UNION SELECT pm.user_id FROM project_members pm WHERE pm.project_id = $1`,
    [projectId],
  );
  return new Set(rows.map((r) => r.user_id));
}

/** The project's custom fields now (issue 39), by id: what a custom value is judged against. */
export async function customFieldDefinitions(sql: Sql, projectId: string): Promise<CustomFieldDefinitions> {
  const rows: { id: string; name: string; type: CustomFieldType; options: string[] }[] = await sql.query(
    `SELECT id, name, type, options FROM project_custom_fields WHERE project_id = $1 AND deleted_at IS NULL`,
    [projectId],
  );
  return new Map(rows.map((r) => [r.id.toLowerCase(), { name: r.name, type: r.type, options: r.options }]));
}

/** The project's scheduling settings as its row holds them (null when the project is gone). */
export async function readScheduleRow(sql: Sql, projectId: string): Promise<ScheduleSettings | null> {
  const rows: { auto_schedule: boolean; working_weekdays: number[]; holidays: string[] }[] = await sql.query(
    `SELECT auto_schedule, working_weekdays::int[] AS working_weekdays,
            ARRAY(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(holidays) AS d ORDER BY d) AS holidays
       FROM projects WHERE id = $1`,
    [projectId],
  );
  const row = rows[0];
  return row ? { autoSchedule: row.auto_schedule, workingWeekdays: row.working_weekdays.map(Number), holidays: row.holidays } : null;
}

export async function readProjectRows(sql: Sql, projectId: string): Promise<PersistedRows> {
  const rows: Record<string, unknown>[] = await sql.query(
    `SELECT t.id, t.name, t.description, t.start_date, t.end_date, t.status, t.priority, t.progress, t.color,
            t.assignee_id, t."order", t.kind, t.parent_id, t.custom,
            COALESCE((SELECT array_agg(a.user_id::text ORDER BY a.user_id::text) FROM task_assignments a WHERE a.task_id = t.id), '{}') AS assignee_ids,
            (SELECT json_object_agg(a.user_id::text, a.allocation) FILTER (WHERE a.allocation <> 100) FROM task_assignments a WHERE a.task_id = t.id) AS allocations
       FROM tasks t WHERE t.project_id = $1`,
    [projectId],
  );
  const tasks = new Map<string, PersistedTask>();
  for (const r of rows) tasks.set(r.id as string, taskFieldsFromRow(r));
  const deps: { task_id: string; depends_on_task_id: string; type: Link['type']; lag_days: number }[] = await sql.query(
    `SELECT d.task_id, d.depends_on_task_id, d.type, d.lag_days FROM task_dependencies d JOIN tasks t ON t.id = d.task_id WHERE t.project_id = $1`,
    [projectId],
  );
  return { tasks, dependencies: new Map(deps.map((d) => [dependencyKey(d.task_id, d.depends_on_task_id), { type: d.type, lagDays: d.lag_days }])) };
}

/** How much a stored document holds: its base state's bytes, and the updates appended to its log since the last fold. */
export interface StoredLog {
  updates: number;
  bytes: number;
  baseBytes: number;
}

/** A document with nothing in its log over a base of `baseBytes`. */
export const freshLog = (baseBytes: number): StoredLog => ({ updates: 0, bytes: 0, baseBytes });

/** A fold waits for at least this many updates in the log. */
export const FOLD_AFTER_UPDATES = 200;
/** ...and for the log to reach this share of the base's bytes, */
export const FOLD_AT_LOG_SHARE = 0.25;
/** ...or for this many updates, whatever their bytes: merging many updates costs Y.mergeUpdates more than their bytes, and a load merges the log too. */
export const FOLD_AT_MOST_AFTER_UPDATES = 1000;

/**
 * Whether the log is folded into the base now. A fold reads, merges and writes the whole base (~3.7 MB at 10,000
 * tasks, ~42 MB at 100,000), on the event loop for all but the merge; every 200 updates, that was a cost per edit
 * proportional to the document (at 10,000 tasks, parsing the base's bytea alone took 112 ms of the event loop in the
 * realtime bench's minute of edits, and the fold's copies fed long garbage collections). Waiting
 * until the log is a share of the base keeps a fold's cost in proportion to the edits it folds (a small document still
 * folds every 200 updates); the cap bounds the log a load reads and merges.
 */
export const shouldFold = (log: StoredLog): boolean =>
  log.updates >= FOLD_AT_MOST_AFTER_UPDATES || (log.updates >= FOLD_AFTER_UPDATES && log.bytes >= log.baseBytes * FOLD_AT_LOG_SHARE);

/** The stored document: base state and update log merged (null before the document was first built), and its log's size. */
export async function readStoredState(sql: Sql, projectId: string): Promise<{ state: Uint8Array | null; log: StoredLog }> {
  const base: { state: Buffer }[] = await sql.query(`SELECT state FROM project_documents WHERE project_id = $1`, [projectId]);
  if (!base[0]) return { state: null, log: freshLog(0) };
  const log: { update: Buffer }[] = await sql.query(`SELECT "update" FROM project_document_updates WHERE project_id = $1 ORDER BY id`, [projectId]);
  return {
    state: await mergedState([base[0].state, ...log.map((l) => l.update)]),
    log: { updates: log.length, bytes: log.reduce((n, l) => n + l.update.byteLength, 0), baseBytes: base[0].state.byteLength },
  };
}

/**
 * A stored base state and log as one update. The merge covers the whole document (~1.6 s at 100,000 tasks), so it
 * runs off the event loop, and only when there is something to merge.
 */
function mergedState(stored: Buffer[]): Promise<Uint8Array> {
  const parts = stored.map((b) => new Uint8Array(b));
  return parts.length === 1 ? Promise.resolve(parts[0]!) : mergeUpdatesOffThread(parts);
}

/** The first stored state of a document built from rows (a concurrent first build keeps the one stored first). */
export async function insertStoredState(sql: Sql, projectId: string, state: Uint8Array): Promise<void> {
  await sql.query(`INSERT INTO project_documents (project_id, state) VALUES ($1, $2) ON CONFLICT (project_id) DO NOTHING`, [
    projectId,
    Buffer.from(state),
  ]);
}

/** Replaces the stored document (base state and log) with `state`, one whole encoding of it. */
export async function replaceStoredState(dataSource: DataSource, projectId: string, state: Uint8Array): Promise<void> {
  await dataSource.transaction(async (m) => {
    await m.query(`UPDATE project_documents SET state = $2, updated_at = now() WHERE project_id = $1`, [projectId, Buffer.from(state)]);
    await m.query(`DELETE FROM project_document_updates WHERE project_id = $1`, [projectId]);
  });
}

/**
 * `bytes` as a Buffer over the same memory, for the driver: Buffer.from(a Uint8Array) copies it, and an import's
 * update is megabytes, held next to its copy while the statement runs (issue 37: the server's peak memory).
 */
const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Appends a (merged) Yjs update to the project's log; returns its id. */
export async function appendUpdate(m: EntityManager, projectId: string, update: Uint8Array): Promise<number> {
  const rows: { id: string }[] = await m.query(`INSERT INTO project_document_updates (project_id, "update") VALUES ($1, $2) RETURNING id`, [
    projectId,
    asBuffer(update),
  ]);
  return Number(rows[0]!.id);
}

/**
 * Task lists built before the current transaction are out of date from its commit on (the API's task list cache).
 * First in the transaction: the project row stays locked until the commit, so a project's writers take versions
 * in the order they commit, and a reader that sees version V sees every row stamped with V or less
 * (tasks.list_version, TaskListCache's incremental read).
 */
export async function raiseTaskListVersion(m: EntityManager, projectId: string): Promise<void> {
  await m.query(`UPDATE projects SET tasks_version = tasks_version + 1 WHERE id = $1`, [projectId]);
}

/** This transaction's task list version, once raiseTaskListVersion has raised it. */
const RAISED_VERSION = `(SELECT tasks_version FROM projects WHERE id = $1)`;

/**
 * Stamps the stored tasks whose list entry `j` changes with this transaction's version: those updated, the
 * successors of links made, changed or removed, and those whose links go with a deleted task (the foreign key's
 * cascade). Before the deletion, so those links are still there to find; created tasks are stamped as inserted.
 */
async function stampTouchedTasks(m: EntityManager, projectId: string, j: Judged): Promise<void> {
  const ids = new Set(j.updated.map(([id]) => id));
  for (const key of [...j.addedDeps, ...j.changedDeps, ...j.removedDeps]) ids.add(parseDependencyKey(key)!.taskId);
  if (!ids.size && !j.deleted.length) return;
  // One list of ids, found by the primary key: an OR with the successors' subquery had PostgreSQL read every task
  // of the project to test it.
  await m.query(
    `UPDATE tasks SET list_version = ${RAISED_VERSION}
      WHERE project_id = $1
        AND id = ANY($2::uuid[] || ARRAY(SELECT task_id FROM task_dependencies WHERE depends_on_task_id = ANY($3::uuid[])))`,
    [projectId, [...ids], j.deleted],
  );
}

const TASK_COLUMNS = `name, description, start_date, end_date, status, priority, progress, color, assignee_id, "order", kind, parent_id, custom`;
/** The task rows' values as one array per column, for `unnest`: one statement however many tasks. */
function taskColumns(rows: [string, PersistedTask][]): unknown[] {
  return [
    rows.map(([id]) => id),
    rows.map(([, t]) => t.name),
    rows.map(([, t]) => t.description),
    rows.map(([, t]) => t.startDate),
    rows.map(([, t]) => t.endDate),
    rows.map(([, t]) => t.status),
    rows.map(([, t]) => t.priority),
    rows.map(([, t]) => t.progress),
    rows.map(([, t]) => t.color),
    rows.map(([, t]) => t.assigneeId),
    rows.map(([, t]) => t.order),
    rows.map(([, t]) => t.kind),
    rows.map(([, t]) => t.parentId),
    // As JSON text, one jsonb[] parameter (the drivers would send an object as text anyway).
    rows.map(([, t]) => JSON.stringify(t.custom)),
  ];
}
const UNNEST_TASKS = `unnest($2::uuid[], $3::text[], $4::text[], $5::date[], $6::date[], $7::text[], $8::text[], $9::int[], $10::text[], $11::uuid[], $12::int[], $13::text[], $14::uuid[], $15::jsonb[])
  AS v(id, name, description, start_date, end_date, status, priority, progress, color, assignee_id, "order", kind, parent_id, custom)`;

/** One change written by a turn: what it was judged to be, and whether it writes history (repairs do not). */
export interface TurnChange {
  judged: Judged;
  history: boolean;
}

/** Whether a judged change writes nothing but stored tasks' fields (renames, drags, progress: most edits). */
const onlyUpdates = (j: Judged) =>
  j.created.length + j.deleted.length + j.addedDeps.length + j.removedDeps.length + j.changedDeps.length + j.linkChanges.length === 0;

/**
 * A turn's judged changes, in order, each kind of row one statement per run of changes where that keeps their
 * meaning. The embedded database runs one statement at a time for every project, and the turn's transaction holds
 * it throughout: a flood's turn of 20 renames wrote 3 statements each, one after the other, and another project's
 * request sat behind all 60 (issue 34). Consecutive changes that only update stored tasks are one UPDATE (each task
 * as the last of them leaves it, stamped with the turn's version), one assignments replacement and one history
 * INSERT (every change's rows, in order, with its author): the rows, the history and its order are the same as
 * written one change at a time. Any other change (tasks made or deleted, links) is written on its own, as before.
 */
export async function writeTurn(m: EntityManager, projectId: string, changes: TurnChange[], pause: (tasks: number) => Promise<void>): Promise<void> {
  let run: TurnChange[] = [];
  const flush = async () => {
    if (!run.length) return;
    await writeUpdates(m, projectId, run);
    await pause(run.reduce((n, c) => n + c.judged.change.snapshots.size, 0));
    run = [];
  };
  for (const change of changes) {
    if (onlyUpdates(change.judged)) {
      run.push(change);
      continue;
    }
    await flush();
    await writeJudged(m, projectId, change.judged, change.history);
    await pause(change.judged.change.snapshots.size);
  }
  await flush();
}

/** Changes that only update stored tasks, written together (writeTurn). */
async function writeUpdates(m: EntityManager, projectId: string, run: TurnChange[]): Promise<void> {
  // Each task as the last change leaves it: the row every change of the run leaves, written once.
  const last = new Map<string, PersistedTask>();
  const reassigned = new Set<string>();
  for (const { judged } of run) {
    for (const [id, task, fields] of judged.updated) {
      last.set(id, task);
      if (fields.includes('assigneeIds') || fields.includes('allocations')) reassigned.add(id);
    }
  }
  if (last.size) {
    // The stamp (stampTouchedTasks) goes with the row: a run touches no link, so its updated tasks are all it stamps.
    const set = TASK_COLUMNS.split(', ').map((c) => `${c} = v.${c}`).join(', ');
    await m.query(`UPDATE tasks t SET ${set}, list_version = ${RAISED_VERSION}, updated_at = now() FROM ${UNNEST_TASKS} WHERE t.id = v.id AND t.project_id = $1`, [
      projectId,
      ...taskColumns([...last]),
    ]);
  }
  if (reassigned.size) await writeAssignments(m, [...reassigned].map((id) => [id, last.get(id)!]), true);
  await writeHistory(m, projectId, runHistory(run));
}

/** The history rows of a run's changes that write history, in order, one at a time (writeHistory). */
function* runHistory(run: TurnChange[]): Generator<HistoryEntry> {
  for (const { judged, history } of run) if (history) yield* historyEntries(judged, new Map());
}

/** A history row of one changed field (or a task made, deleted, or a link), as writeHistory stores it. */
interface HistoryEntry {
  taskId: string;
  changedBy: string | null;
  field: string;
  from: unknown;
  to: unknown;
  reason: string | null;
  dependsOnTaskId?: string;
}

/**
 * A judged change's history rows, in this order: undone newest first, a deletion comes back before the links and
 * parents it took with it. `deletedTimes`: the deleted rows' times, kept in their 'deleted' row (time travel).
 * Made one at a time as they are written: an import's 20,000 rows (each made task's whole record) held at once
 * were the largest transient of its peak memory (issue 37), when a statement writes ROWS_PER_STATEMENT of them.
 */
function* historyEntries(j: Judged, deletedTimes: Map<string, { createdAt: string; updatedAt: string }>): Generator<HistoryEntry> {
  const changedBy = j.who.userId;
  const reason = (taskId: string) => j.change.reasons?.get(taskId) ?? j.who.reason;
  for (const [id, task] of j.created) yield { taskId: id, changedBy, field: 'created', from: null, to: recordTask(task), reason: j.who.reason };
  for (const [id, task, fields, previous] of j.updated) {
    for (const f of fields) yield { taskId: id, changedBy, field: f, from: previous[f], to: task[f], reason: reason(id) };
  }
  for (const c of j.linkChanges) yield { taskId: c.taskId, changedBy, field: 'dependency', from: c.from, to: c.to, reason: j.who.reason, dependsOnTaskId: c.dependsOnTaskId };
  for (const [id, task] of j.deletedTasks) yield { taskId: id, changedBy, field: 'deleted', from: recordTask(task, deletedTimes.get(id)), to: null, reason: j.who.reason };
}

/**
 * One judged change's rows: tasks, assignments, history (unless `history` is false: repairs) and dependencies.
 * Each kind of row is one statement whatever the number of tasks: PGlite runs statements on this thread, and a
 * statement per task kept a change of a few hundred tasks from yielding for seconds.
 */
async function writeJudged(m: EntityManager, projectId: string, j: Judged, history: boolean): Promise<void> {
  await stampTouchedTasks(m, projectId, j);
  // The deleted rows' times go into their 'deleted' history, so the task can come back as it was (time travel).
  const deletedTimes: { id: string; created_at: Date; updated_at: Date }[] = j.deleted.length
    ? // A SELECT around the DELETE: TypeORM answers a bare DELETE with [rows, count].
      await m.query(`WITH gone AS (DELETE FROM tasks WHERE project_id = $1 AND id = ANY($2::uuid[]) RETURNING id, created_at, updated_at) SELECT * FROM gone`, [
        projectId,
        j.deleted,
      ])
    : [];
  if (j.created.length) {
    await m.query(
      `INSERT INTO tasks (id, project_id, list_version, ${TASK_COLUMNS}) SELECT v.id, $1, ${RAISED_VERSION}, ${TASK_COLUMNS.replace(/(^|, )/g, '$1v.')} FROM ${UNNEST_TASKS}`,
      [projectId, ...taskColumns(j.created)],
    );
    await writeAssignments(m, j.created, false);
  }
  if (j.updated.length) {
    const set = TASK_COLUMNS.split(', ').map((c) => `${c} = v.${c}`).join(', ');
    await m.query(`UPDATE tasks t SET ${set}, updated_at = now() FROM ${UNNEST_TASKS} WHERE t.id = v.id AND t.project_id = $1`, [
      projectId,
      ...taskColumns(j.updated.map(([id, task]) => [id, task])),
    ]);
    const reassigned = j.updated.filter(([, , fields]) => fields.includes('assigneeIds') || fields.includes('allocations'));
    if (reassigned.length) await writeAssignments(m, reassigned.map(([id, task]) => [id, task]), true);
  }
  if (history) {
    const times = new Map(deletedTimes.map((r) => [r.id, { createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString() }]));
    await writeHistory(m, projectId, historyEntries(j, times));
  }
  for (const key of j.removedDeps) {
    const edge = parseDependencyKey(key)!;
    await m.query(`DELETE FROM task_dependencies WHERE task_id = $1 AND depends_on_task_id = $2`, [edge.taskId, edge.dependsOnTaskId]);
  }
  const linkRows = (keys: readonly string[]) => {
    const edges = keys.map((key) => ({ ...parseDependencyKey(key)!, link: j.links.get(key)! }));
    return [edges.map((e) => e.taskId), edges.map((e) => e.dependsOnTaskId), edges.map((e) => e.link.type), edges.map((e) => e.link.lagDays)];
  };
  await inChunks(j.addedDeps, (keys) =>
    m.query(
      `INSERT INTO task_dependencies (id, task_id, depends_on_task_id, type, lag_days)
       SELECT gen_random_uuid(), e.task_id, e.depends_on, e.type, e.lag_days
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[]) AS e(task_id, depends_on, type, lag_days)
       ON CONFLICT (task_id, depends_on_task_id) DO UPDATE SET type = EXCLUDED.type, lag_days = EXCLUDED.lag_days`,
      linkRows(keys),
    ),
  );
  if (j.changedDeps.length) {
    await m.query(
      `UPDATE task_dependencies d SET type = e.type, lag_days = e.lag_days
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[]) AS e(task_id, depends_on, type, lag_days)
        WHERE d.task_id = e.task_id AND d.depends_on_task_id = e.depends_on`,
      linkRows(j.changedDeps),
    );
  }
}

/**
 * Folds the stored log up to `uptoId` into the base state; answers the new base's bytes. Built from what is stored,
 * never from a live document.
 */
export async function foldLog(dataSource: DataSource, projectId: string, uptoId: number): Promise<number> {
  return dataSource.transaction(async (m) => {
    const base: { state: Buffer }[] = await m.query(`SELECT state FROM project_documents WHERE project_id = $1 FOR UPDATE`, [projectId]);
    const log: { update: Buffer }[] = await m.query(
      `SELECT "update" FROM project_document_updates WHERE project_id = $1 AND id <= $2 ORDER BY id`,
      [projectId, uptoId],
    );
    const merged = await mergedState([...(base[0] ? [base[0].state] : []), ...log.map((l) => l.update)]);
    await m.query(
      `INSERT INTO project_documents (project_id, state, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (project_id) DO UPDATE SET state = EXCLUDED.state, updated_at = now()`,
      [projectId, Buffer.from(merged)],
    );
    await m.query(`DELETE FROM project_document_updates WHERE project_id = $1 AND id <= $2`, [projectId, uptoId]);
    return merged.byteLength;
  });
}

/**
 * PostgreSQL text cannot hold a NUL byte, and one bad history row would fail the whole turn's transaction (and
 * drop its changes): reasons are free text from several places, so they are made storable here, whatever their source.
 */
const storableText = (text: string | null): string | null => (text === null ? null : text.replace(/\u0000/g, ''));

const historyValue = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length ? value.join(',') : null;
  // Allocations ({ userId: percent }) and custom values ({ fieldId: value }), as JSON; none as null.
  if (typeof value === 'object') return Object.keys(value).length ? JSON.stringify(value) : null;
  return String(value);
};

/**
 * Rows per statement of the bulk INSERTs that may run in chunks (history, links): an import's 20,000 history rows
 * in one statement made the driver build each column's array literal and the whole message at once (issue 37: the
 * server's peak memory). Writing an import's history in chunks of 2,000 still added ~40 MB to its peak (measured
 * around writeHistory); chunks of 500 peak ~35 MB lower (bench interchange, back to back), most likely because each
 * chunk's literals, alive until its statement answers, leave the 4 MB semi-space for the old generation.
 */
const ROWS_PER_STATEMENT = 500;

/** `rows` in consecutive slices of at most ROWS_PER_STATEMENT, written one after the other. */
async function inChunks<T>(rows: readonly T[], write: (chunk: readonly T[]) => Promise<unknown>): Promise<void> {
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) await write(rows.slice(from, from + ROWS_PER_STATEMENT));
}

/**
 * History rows in the order given (their `seq` follows it), one statement per ROWS_PER_STATEMENT of them: only one
 * statement's rows are made and held at a time.
 */
async function writeHistory(m: EntityManager, projectId: string, entries: Iterable<HistoryEntry>): Promise<void> {
  let chunk: HistoryEntry[] = [];
  for (const entry of entries) {
    chunk.push(entry);
    if (chunk.length < ROWS_PER_STATEMENT) continue;
    await writeHistoryRows(m, projectId, chunk);
    chunk = [];
  }
  if (chunk.length) await writeHistoryRows(m, projectId, chunk);
}

async function writeHistoryRows(m: EntityManager, projectId: string, entries: readonly HistoryEntry[]): Promise<void> {
  await m.query(
    `INSERT INTO task_change_history (id, project_id, task_id, changed_by, field_name, old_value, new_value, change_reason, depends_on_task_id)
     SELECT gen_random_uuid(), $1, e.task_id, e.changed_by, e.field, e.old_value, e.new_value, e.reason, e.depends_on
       FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::uuid[])
            WITH ORDINALITY AS e(task_id, changed_by, field, old_value, new_value, reason, depends_on, n)
      ORDER BY e.n`,
    [
      projectId,
      entries.map((e) => e.taskId),
      entries.map((e) => e.changedBy),
      entries.map((e) => e.field),
      entries.map((e) => historyValue(e.from)),
      entries.map((e) => historyValue(e.to)),
      entries.map((e) => storableText(e.reason)),
      entries.map((e) => e.dependsOnTaskId ?? null),
    ],
  );
}

/**
 * Sets the assignees of each task with their allocation (`replace`: existing tasks, whose old assignments go first).
 * An allocation for someone not assigned (a teammate unassigned them while another set their share) is not stored.
 */
async function writeAssignments(m: EntityManager, tasks: [string, Pick<PersistedTask, 'assigneeIds' | 'allocations'>][], replace: boolean): Promise<void> {
  if (replace) await m.query(`DELETE FROM task_assignments WHERE task_id = ANY($1::uuid[])`, [tasks.map(([id]) => id)]);
  const rows = tasks.flatMap(([taskId, task]) =>
    [...new Set(task.assigneeIds)].map((userId) => [taskId, userId, task.allocations[userId] ?? ALLOCATION_DEFAULT] as const),
  );
  // In chunks, like history: an import assigns thousands of tasks, and their rows follow their tasks' INSERT.
  await inChunks(rows, (chunk) =>
    m.query(
      `INSERT INTO task_assignments (id, task_id, user_id, allocation)
       SELECT gen_random_uuid(), a.task_id, a.user_id, a.allocation FROM unnest($1::uuid[], $2::uuid[], $3::smallint[]) AS a(task_id, user_id, allocation)`,
      [chunk.map((r) => r[0]), chunk.map((r) => r[1]), chunk.map((r) => r[2])],
    ),
  );
}
