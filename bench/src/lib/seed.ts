import type pg from 'pg';
import { BenchClient } from './api-client.js';

/**
 * Seeding. People, teams and projects go through the API, as users make them (so sessions and memberships are
 * real); bulk tasks go in with one SQL statement (10,000 tasks through the API would take minutes and measure
 * nothing we report). The project document is then built from the rows when someone first opens it, exactly
 * as for tasks created before the document existed.
 */

export interface User {
  id: string;
  email: string;
  client: BenchClient;
}

export interface TeamProject {
  teamId: string;
  projectId: string;
  owner: User;
}

const PASSWORD = 'bench-password-1';
let counter = 0;

export async function registerUser(baseUrl: string, label: string): Promise<User> {
  counter += 1;
  const client = new BenchClient(baseUrl);
  const email = `${label}.${counter}.${process.pid}.${Date.now()}@bench.example.com`;
  const user = await client.post<{ id: string }>('/api/auth/register', { firstName: label, lastName: `No${counter}`, email, password: PASSWORD });
  return { id: user.id, email, client };
}

/** Runs `fn` over `items` with at most `limit` at a time, in order of the results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  });
  await Promise.all(lanes);
  return results;
}

/**
 * A team on the enterprise plan (no member or project limits: set in SQL, as billing would) with one project,
 * owned by a fresh user.
 */
export async function teamWithProject(baseUrl: string, pool: pg.Pool, name: string): Promise<TeamProject> {
  const owner = await registerUser(baseUrl, 'Owner');
  const team = await owner.client.post<{ id: string }>('/api/teams', { name });
  await pool.query(
    `UPDATE teams SET subscription_plan = 'enterprise', subscription_status = 'active', trial_ends_at = NULL WHERE id = $1`,
    [team.id],
  );
  const project = await owner.client.post<{ id: string }>('/api/projects', { name: `${name} plan`, teamId: team.id });
  return { teamId: team.id, projectId: project.id, owner };
}

/** `count` fresh users who joined the team through its invite link (as PRODUCT-SPEC's invite flow does). */
export async function joinedMembers(baseUrl: string, team: TeamProject, count: number, label: string, concurrency = 4): Promise<User[]> {
  const link = await team.owner.client.get<{ inviteLink: string }>(`/api/teams/${team.teamId}/invite-link?role=member`);
  const token = new URL(link.inviteLink).searchParams.get('token')!;
  return mapLimit(Array.from({ length: count }, (_, i) => i), concurrency, async () => {
    const user = await registerUser(baseUrl, label);
    await user.client.post('/api/teams/join', { token });
    return user;
  });
}

const STATUSES = ['pending', 'in_progress', 'completed', 'blocked'];
const PRIORITIES = ['low', 'medium', 'high', 'critical'];
const COLORS = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#ec4899'];
const WORDS = ['Design', 'Build', 'Review', 'Test', 'Ship', 'Plan', 'Audit', 'Migrate', 'Document', 'Measure'];

/**
 * `count` tasks in one INSERT … SELECT over generate_series: names, statuses, priorities, colours and progress
 * varied; dates spread over the year around `today` (1–20 days long); assignees round-robin over `assigneeIds`
 * (with their assignment rows); every fifth task depends on the task before it. Returns the ids in order.
 */
export async function insertTasks(pool: pg.Pool, projectId: string, count: number, assigneeIds: string[], today: string): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO tasks (id, project_id, name, description, assignee_id, start_date, end_date, status, priority, color, progress, "order")
       SELECT gen_random_uuid(), $1,
              ($4::text[])[1 + i % cardinality($4::text[])] || ' step ' || (i + 1),
              CASE WHEN i % 3 = 0 THEN 'Seeded task ' || (i + 1) || ' for the benchmarks' END,
              CASE WHEN cardinality($2::uuid[]) > 0 THEN ($2::uuid[])[1 + i % cardinality($2::uuid[])] END,
              $3::date - 60 + (i * 7) % 300,
              $3::date - 60 + (i * 7) % 300 + 1 + i % 20,
              ($5::text[])[1 + i % 4], ($6::text[])[1 + (i / 4) % 4], ($7::text[])[1 + i % 6], i % 101, i
         FROM generate_series(0, $8::int - 1) AS i`,
      [projectId, assigneeIds, today, WORDS, STATUSES, PRIORITIES, COLORS, count],
    );
    await client.query(
      `INSERT INTO task_assignments (id, task_id, user_id)
       SELECT gen_random_uuid(), id, assignee_id FROM tasks WHERE project_id = $1 AND assignee_id IS NOT NULL`,
      [projectId],
    );
    // Fresh statistics first: with the rows of an earlier, smaller seed as the planner's picture, the self-join
    // below ran as a nested loop over the whole table (minutes at 100,000 tasks instead of seconds).
    await client.query('ANALYZE tasks');
    await client.query(
      `INSERT INTO task_dependencies (id, task_id, depends_on_task_id)
       SELECT gen_random_uuid(), t.id, p.id
         FROM (SELECT id, "order" FROM tasks WHERE project_id = $1) t
         JOIN tasks p ON p.project_id = $1 AND p."order" = t."order" - 1
        WHERE t."order" % 5 = 4`,
      [projectId],
    );
    // Nothing has opened the project yet; this makes sure its document is built from these rows.
    await client.query(`DELETE FROM project_document_updates WHERE project_id = $1`, [projectId]);
    await client.query(`DELETE FROM project_documents WHERE project_id = $1`, [projectId]);
    const rows = await client.query<{ id: string }>(`SELECT id FROM tasks WHERE project_id = $1 ORDER BY "order"`, [projectId]);
    await client.query('COMMIT');
    await client.query('ANALYZE tasks, task_assignments, task_dependencies');
    return rows.rows.map((r) => r.id);
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

export const todayUtc = () => new Date().toISOString().slice(0, 10);

export interface SeededProject extends TeamProject {
  members: User[];
  taskIds: string[];
}

/** An enterprise team's project of `tasks` tasks, assigned round-robin to its owner and `memberCount` members. */
export async function projectWithTasks(baseUrl: string, pool: pg.Pool, name: string, tasks: number, memberCount = 4): Promise<SeededProject> {
  const team = await teamWithProject(baseUrl, pool, name);
  const members = await joinedMembers(baseUrl, team, memberCount, 'Member');
  const taskIds = await insertTasks(pool, team.projectId, tasks, [team.owner.id, ...members.map((m) => m.id)], todayUtc());
  return { ...team, members, taskIds };
}
