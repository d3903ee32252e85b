import type { Assignment, LevelTask, LoadTask, TaskKind, TaskPriority } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';

/** The workload read's SQL (issue 36): people, the tasks that load them over a range, and the projects' calendars. */

export type TeamPersonRow = { user_id: string; first_name: string; last_name: string; email: string };

/** The team's members with their names, in user id order (the order of teamCapacities). */
export function teamPeople(sql: Sql, teamId: string): Promise<TeamPersonRow[]> {
  return sql.query(
    `SELECT m.user_id, u.first_name, u.last_name, u.email
       FROM team_members m JOIN users u ON u.id = m.user_id
      WHERE m.team_id = $1 ORDER BY m.user_id`,
    [teamId],
  );
}

export type WorkloadTask = LoadTask & { name: string };

/**
 * The tasks over `from..to` that load the team: every task of the team's projects, and every task of another
 * team's project assigned to one of its members (a person has one working day, whichever team asks). Summary
 * tasks are left out (their dates roll up from children that carry the load). Assignees come from
 * task_assignments, read in one more statement rather than one subquery per task.
 */
export async function workloadTasks(sql: Sql, teamId: string, from: string, to: string): Promise<WorkloadTask[]> {
  const rows: { id: string; project_id: string; name: string; start_date: string; end_date: string; kind: TaskKind; assignee_id: string | null }[] =
    await sql.query(
      // Two indexed reads (the team's projects' tasks by project; its members' assignments by person) joined as
      // one set: an OR of the two over every task of the database was a scan of all of them.
      `WITH candidates AS (
         SELECT t.id FROM projects p JOIN tasks t ON t.project_id = p.id WHERE p.team_id = $1
         UNION
         SELECT a.task_id FROM team_members m JOIN task_assignments a ON a.user_id = m.user_id WHERE m.team_id = $1
       )
       SELECT t.id, t.project_id, t.name, t.start_date::text AS start_date, t.end_date::text AS end_date, t.kind, t.assignee_id
         FROM candidates c JOIN tasks t ON t.id = c.id
        WHERE t.start_date <= $3::date AND t.end_date >= $2::date
          AND NOT EXISTS (SELECT 1 FROM tasks s WHERE s.parent_id = t.id)`,
      [teamId, from, to],
    );
  const byTask = await assignmentsOf(sql, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    startDate: r.start_date,
    endDate: r.end_date,
    kind: r.kind,
    // A primary assignee without an assignment row (stored before assignments were kept whole) loads at 100 %.
    assignments: assignmentsOr(byTask, r),
  }));
}

/** The assignments of tasks, by task, from task_assignments (one statement). */
async function assignmentsOf(sql: Sql, taskIds: string[]): Promise<Map<string, Assignment[]>> {
  const byTask = new Map<string, Assignment[]>();
  if (!taskIds.length) return byTask;
  const rows: { task_id: string; user_id: string; allocation: number }[] = await sql.query(
    `SELECT task_id, user_id, allocation FROM task_assignments WHERE task_id = ANY($1::uuid[]) ORDER BY task_id, user_id`,
    [taskIds],
  );
  for (const a of rows) {
    const list = byTask.get(a.task_id) ?? [];
    list.push({ userId: a.user_id, allocation: Number(a.allocation) });
    byTask.set(a.task_id, list);
  }
  return byTask;
}

/** A primary assignee without an assignment row (stored before assignments were kept whole) loads at 100 %. */
const assignmentsOr = (byTask: Map<string, Assignment[]>, r: { id: string; assignee_id: string | null }): Assignment[] =>
  byTask.get(r.id) ?? (r.assignee_id ? [{ userId: r.assignee_id, allocation: 100 }] : []);

/** One project's tasks as leveling reads them: dates, kind, parent, priority and assignments. */
export async function levelTasks(sql: Sql, projectId: string): Promise<LevelTask[]> {
  const rows: { id: string; name: string; start_date: string; end_date: string; progress: number; kind: TaskKind; parent_id: string | null; priority: TaskPriority; assignee_id: string | null }[] =
    await sql.query(
      `SELECT id, name, start_date::text AS start_date, end_date::text AS end_date, progress, kind, parent_id, priority, assignee_id
         FROM tasks WHERE project_id = $1`,
      [projectId],
    );
  const byTask = await assignmentsOf(sql, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    startDate: r.start_date,
    endDate: r.end_date,
    progress: r.progress,
    kind: r.kind,
    parentId: r.parent_id,
    priority: r.priority,
    assignments: assignmentsOr(byTask, r),
  }));
}

export type WorkloadProjectRow = { id: string; name: string; team_id: string; working_weekdays: number[]; holidays: string[]; open: boolean };

/** The projects of `projectIds` with their calendars, and whether `viewerId` may open each (its team, or as a guest). */
export function workloadProjects(sql: Sql, projectIds: string[], viewerId: string): Promise<WorkloadProjectRow[]> {
  return sql.query(
    `SELECT p.id, p.name, p.team_id, p.working_weekdays, p.holidays::text[] AS holidays,
            (EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = p.team_id AND tm.user_id = $2)
             OR EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = p.id AND pm.user_id = $2)) AS open
       FROM projects p WHERE p.id = ANY($1::uuid[])`,
    [projectIds, viewerId],
  );
}

/** Names of people (assignees who are not members of the team: a project's guests). */
export function peopleNames(sql: Sql, userIds: string[]): Promise<TeamPersonRow[]> {
  return sql.query(`SELECT id AS user_id, first_name, last_name, email FROM users WHERE id = ANY($1::uuid[])`, [userIds]);
}
