import { dependencyKey, type HistoryRow, type Link, type PlanState, type PlanTask } from '@planline/domain';
import { taskFieldsFromRow } from '@planline/realtime';
import type { Sql } from '../access/access.queries.js';

/** The project's stored tasks and links with their rows' times: the plan now, where time travel starts from. */
export async function currentPlan(sql: Sql, projectId: string): Promise<PlanState> {
  const rows: Record<string, unknown>[] = await sql.query(
    `SELECT t.id, t.name, t.description, t.start_date, t.end_date, t.status, t.priority, t.progress, t.color,
            t.assignee_id, t."order", t.kind, t.parent_id, t.custom, t.created_at, t.updated_at,
            COALESCE(a.ids, '{}') AS assignee_ids, a.allocations
       FROM tasks t
       LEFT JOIN (SELECT a.task_id, array_agg(a.user_id::text ORDER BY a.user_id::text) AS ids,
                         json_object_agg(a.user_id::text, a.allocation) FILTER (WHERE a.allocation <> 100) AS allocations
                    FROM task_assignments a JOIN tasks t ON t.id = a.task_id
                   WHERE t.project_id = $1 GROUP BY a.task_id) a ON a.task_id = t.id
      WHERE t.project_id = $1`,
    [projectId],
  );
  const links: { task_id: string; depends_on_task_id: string; type: Link['type']; lag_days: number; created_at: Date }[] = await sql.query(
    `SELECT d.task_id, d.depends_on_task_id, d.type, d.lag_days, d.created_at
       FROM task_dependencies d JOIN tasks t ON t.id = d.task_id WHERE t.project_id = $1`,
    [projectId],
  );
  return {
    tasks: new Map(
      // Added to the fields' own fresh object: a spread between other fields took V8's slow path (profiled).
      rows.map((r): [string, PlanTask] => [
        r.id as string,
        Object.assign(taskFieldsFromRow(r), { id: r.id as string, createdAt: (r.created_at as Date).toISOString(), updatedAt: (r.updated_at as Date).toISOString() }),
      ]),
    ),
    links: new Map(
      links.map((l) => [dependencyKey(l.task_id, l.depends_on_task_id), { type: l.type, lagDays: l.lag_days, createdAt: l.created_at.toISOString() }]),
    ),
  };
}

/** History rows read after a mark (HistoryRows.afterSeq), and what tells whether the rows up to it are complete. */
export interface HistorySince {
  /** The rows with a seq above the mark, newest first (by seq: rows of one change share a time). */
  rows: HistoryRow[];
  /** The highest seq read (the mark again when there is none). */
  lastSeq: bigint;
  /** How many of the project's rows have a seq at or below the mark, in the same snapshot as `rows`. */
  rowsUpToMark: number;
}

/**
 * The project's history rows with a seq above `afterSeq` (0: the whole history), with only what the rebuild reads:
 * no new value but a link's (a 'created' row's is the whole task, most of the bytes of a long history), and the
 * time in microseconds, as stored, without a Date per row. One statement, so the count of the rows up to the mark
 * is of the same snapshot: seq is taken when a row is inserted, not when it commits, so a transaction can commit
 * a row below a mark read before; the count (history is never changed, only added to) is how the caller sees it.
 */
export async function historySince(sql: Sql, projectId: string, afterSeq: bigint): Promise<HistorySince> {
  const rows: {
    up_to_mark: number;
    seq: string | null;
    task_id: string;
    field_name: string;
    old_value: string | null;
    new_value: string | null;
    depends_on_task_id: string | null;
    us: string;
  }[] = await sql.query(
    `SELECT m.up_to_mark, h.seq::text AS seq, h.task_id, h.field_name, h.old_value, h.new_value, h.depends_on_task_id, h.us
       FROM (SELECT count(*)::int AS up_to_mark FROM task_change_history WHERE project_id = $1 AND seq <= $2) m
       LEFT JOIN LATERAL (
         SELECT seq, task_id, field_name, CASE WHEN field_name <> 'created' THEN old_value END AS old_value,
                CASE WHEN field_name = 'dependency' THEN new_value END AS new_value, depends_on_task_id,
                (extract(epoch FROM created_at) * 1000000)::bigint::text AS us
           FROM task_change_history WHERE project_id = $1 AND seq > $2) h ON true
      ORDER BY h.seq DESC`,
    [projectId, afterSeq.toString()],
  );
  const found = rows.filter((r) => r.seq !== null);
  return {
    rows: found.map((r) => ({
      taskId: r.task_id,
      fieldName: r.field_name,
      oldValue: r.old_value,
      newValue: r.new_value,
      dependsOnTaskId: r.depends_on_task_id,
      writtenAtUs: Number(r.us),
    })),
    lastSeq: found.length ? BigInt(found[0]!.seq!) : afterSeq,
    rowsUpToMark: rows[0]?.up_to_mark ?? 0,
  };
}

/** First and last names of `userIds` (the assignees a past plan names). */
export async function peopleNames(sql: Sql, userIds: string[]): Promise<Map<string, { firstName: string; lastName: string }>> {
  if (!userIds.length) return new Map();
  const rows: { id: string; first_name: string; last_name: string }[] = await sql.query(`SELECT id, first_name, last_name FROM users WHERE id = ANY($1::uuid[])`, [userIds]);
  return new Map(rows.map((r) => [r.id, { firstName: r.first_name, lastName: r.last_name }]));
}

export interface MoveRow {
  task_id: string;
  field: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  reason: string | null;
  at: Date;
  changes: number;
}

/**
 * Per task, the latest date change or deletion written after `at` (its author and reason) and how many there were
 * (rows of one change share their time). One row per task: bounded by the plan, however long the history.
 */
export async function movesAfter(sql: Sql, projectId: string, at: Date): Promise<MoveRow[]> {
  return sql.query(
    `SELECT m.task_id, m.field, u.first_name, u.last_name, u.email, m.reason, m.at, m.changes
       FROM (SELECT h.task_id,
                    (array_agg(h.field_name ORDER BY h.seq DESC))[1] AS field,
                    (array_agg(h.changed_by ORDER BY h.seq DESC))[1] AS changed_by,
                    (array_agg(h.change_reason ORDER BY h.seq DESC))[1] AS reason,
                    max(h.created_at) AS at,
                    count(DISTINCT h.created_at)::int AS changes
               FROM task_change_history h
              WHERE h.project_id = $1 AND h.created_at > $2 AND h.field_name IN ('startDate', 'endDate', 'deleted')
              GROUP BY h.task_id) m
       LEFT JOIN users u ON u.id = m.changed_by`,
    [projectId, at.toISOString()],
  );
}

/** The database's clock now: history rows are stamped by it, so instants compared with theirs come from it too. */
export async function databaseNow(sql: Sql): Promise<Date> {
  const rows: { now: Date }[] = await sql.query(`SELECT clock_timestamp() AS now`);
  return rows[0]!.now;
}
