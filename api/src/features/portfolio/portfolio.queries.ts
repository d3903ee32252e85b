import type { Sql } from '../access/access.queries.js';

/** SQL of the portfolio (issue 40): which projects, what changed since, and each project's figures. */

export interface PortfolioProjectHead {
  id: string;
  name: string;
  status: 'active' | 'completed' | 'on-hold';
  tasksVersion: string;
  /** The latest baseline (id and name), which the drift is against. */
  baselineId: string | null;
  baselineName: string | null;
  workingWeekdays: number[];
  holidays: string[];
}

/**
 * The team's projects `userId` may see (all of them for a team member; a guest only the ones they are a guest of), with
 * what decides whether a kept row is still right: the task list's version and the latest baseline.
 */
export async function portfolioHeads(sql: Sql, teamId: string, userId: string, member: boolean): Promise<PortfolioProjectHead[]> {
  const rows: {
    id: string;
    name: string;
    status: PortfolioProjectHead['status'];
    tasks_version: string;
    baseline_id: string | null;
    baseline_name: string | null;
    working_weekdays: number[];
    holidays: string[];
  }[] = await sql.query(
    `SELECT p.id, p.name, p.status, p.tasks_version::text AS tasks_version, p.working_weekdays, p.holidays::text[] AS holidays,
            b.id AS baseline_id, b.name AS baseline_name
       FROM projects p
       LEFT JOIN LATERAL (SELECT id, name FROM project_baselines WHERE project_id = p.id ORDER BY created_at DESC, id DESC LIMIT 1) b ON true
      WHERE p.team_id = $1
        AND ($3::boolean OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = p.id AND m.user_id = $2))
      ORDER BY p.created_at, p.id`,
    [teamId, userId, member],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    tasksVersion: r.tasks_version,
    baselineId: r.baseline_id,
    baselineName: r.baseline_name,
    workingWeekdays: r.working_weekdays,
    holidays: r.holidays,
  }));
}

export interface ProjectFigures {
  projectId: string;
  start: string | null;
  end: string | null;
  /** Σ days × progress and Σ days over the tasks that count for progress (not summaries, not milestones). */
  weightedProgress: number;
  weight: number;
  tasks: number;
}

/**
 * Each project's span, weighted progress and task count, in one pass over their tasks. A task counts for progress
 * unless it is a milestone or has subtasks (its progress is theirs, rolled up).
 */
export async function projectFigures(sql: Sql, projectIds: readonly string[]): Promise<ProjectFigures[]> {
  if (!projectIds.length) return [];
  const rows: { project_id: string; start: string | null; end: string | null; weighted: string | null; weight: string | null; tasks: number }[] = await sql.query(
    `SELECT t.project_id, min(t.start_date)::text AS start, max(t.end_date)::text AS "end", count(*)::int AS tasks,
            sum((t.end_date - t.start_date + 1)::bigint * t.progress) FILTER (WHERE t.kind <> 'milestone' AND s.parent_id IS NULL)::text AS weighted,
            sum((t.end_date - t.start_date + 1)::bigint) FILTER (WHERE t.kind <> 'milestone' AND s.parent_id IS NULL)::text AS weight
       FROM tasks t
       LEFT JOIN (SELECT DISTINCT parent_id FROM tasks WHERE project_id = ANY($1::uuid[]) AND parent_id IS NOT NULL) s ON s.parent_id = t.id
      WHERE t.project_id = ANY($1::uuid[])
      GROUP BY t.project_id`,
    [projectIds],
  );
  return rows.map((r) => ({
    projectId: r.project_id,
    start: r.start,
    end: r.end,
    weightedProgress: Number(r.weighted ?? 0),
    weight: Number(r.weight ?? 0),
    tasks: r.tasks,
  }));
}

/** The projects' milestones, earliest first, at most `perProject` each. */
export async function projectMilestones(sql: Sql, projectIds: readonly string[], perProject: number): Promise<{ projectId: string; id: string; name: string; date: string }[]> {
  if (!projectIds.length) return [];
  const rows: { project_id: string; id: string; name: string; date: string }[] = await sql.query(
    `SELECT project_id, id, name, date FROM (
       SELECT project_id, id, name, start_date::text AS date,
              row_number() OVER (PARTITION BY project_id ORDER BY start_date, id) AS n
         FROM tasks WHERE project_id = ANY($1::uuid[]) AND kind = 'milestone'
     ) m WHERE n <= $2 ORDER BY project_id, date, id`,
    [projectIds, perProject],
  );
  return rows.map((r) => ({ projectId: r.project_id, id: r.id, name: r.name, date: r.date }));
}

/** Each baseline's finish: the latest end among its tasks (null for a baseline of an empty plan). */
export async function baselineFinishes(sql: Sql, baselineIds: readonly string[]): Promise<Map<string, string | null>> {
  if (!baselineIds.length) return new Map();
  const rows: { baseline_id: string; finish: string | null }[] = await sql.query(
    `SELECT b.id AS baseline_id, (SELECT max(end_date)::text FROM project_baseline_tasks WHERE baseline_id = b.id) AS finish
       FROM project_baselines b WHERE b.id = ANY($1::uuid[])`,
    [baselineIds],
  );
  return new Map(rows.map((r) => [r.baseline_id, r.finish]));
}
