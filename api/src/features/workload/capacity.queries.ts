import { DEFAULT_CAPACITY, effectivePlan, type Capacity, type DayOff, type PersonCapacity, type Plan, type SubscriptionStatus } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';

/** People's capacity (issue 36): one row per team member who has set theirs; the others have the default. */

type CapacityRow = { user_id: string; hours_per_day: string | number; working_days: number[] | null; days_off: DayOff[] };

const fromRow = (row: CapacityRow): PersonCapacity => ({
  userId: row.user_id,
  // numeric comes back as text from node-postgres: 7.5 is '7.50'.
  hoursPerDay: Number(row.hours_per_day),
  workingDays: row.working_days ? row.working_days.map(Number) : null,
  daysOff: row.days_off,
});

/** Every member of the team with their capacity (the default for those who have not set one), in user id order. */
export async function teamCapacities(sql: Sql, teamId: string): Promise<PersonCapacity[]> {
  const rows: CapacityRow[] = await sql.query(
    `SELECT m.user_id, COALESCE(c.hours_per_day, $2) AS hours_per_day, c.working_days, COALESCE(c.days_off, '[]'::jsonb) AS days_off
       FROM team_members m
       LEFT JOIN member_capacities c ON c.team_id = m.team_id AND c.user_id = m.user_id
      WHERE m.team_id = $1
      ORDER BY m.user_id`,
    [teamId, DEFAULT_CAPACITY.hoursPerDay],
  );
  return rows.map(fromRow);
}

/** One member's capacity, or null when they are not a member of the team. */
export async function memberCapacity(sql: Sql, teamId: string, userId: string): Promise<PersonCapacity | null> {
  const rows: CapacityRow[] = await sql.query(
    `SELECT m.user_id, COALESCE(c.hours_per_day, $3) AS hours_per_day, c.working_days, COALESCE(c.days_off, '[]'::jsonb) AS days_off
       FROM team_members m
       LEFT JOIN member_capacities c ON c.team_id = m.team_id AND c.user_id = m.user_id
      WHERE m.team_id = $1 AND m.user_id = $2`,
    [teamId, userId, DEFAULT_CAPACITY.hoursPerDay],
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

/**
 * Sets a member's capacity, whole. Written only while they are a member (the row references the membership):
 * answers false when they are not, and nothing is stored.
 */
export async function writeCapacity(sql: Sql, teamId: string, userId: string, capacity: Capacity): Promise<boolean> {
  const rows: unknown[] = await sql.query(
    `INSERT INTO member_capacities (team_id, user_id, hours_per_day, working_days, days_off, updated_at)
     SELECT m.team_id, m.user_id, $3, $4::smallint[], $5::jsonb, now()
       FROM team_members m WHERE m.team_id = $1 AND m.user_id = $2
     ON CONFLICT (team_id, user_id) DO UPDATE
       SET hours_per_day = EXCLUDED.hours_per_day, working_days = EXCLUDED.working_days, days_off = EXCLUDED.days_off, updated_at = now()
     RETURNING user_id`,
    [teamId, userId, capacity.hoursPerDay, capacity.workingDays, JSON.stringify(capacity.daysOff)],
  );
  return rows.length > 0;
}

/**
 * [workload-preview] The teams a task of `projectId` assigned to `userIds` loads, as the realtime server's preview of
 * a bar being dragged needs them (issue 36): the project's team, and each other team any of them is a member of,
 * with the capacity there of those of them who are its members. Teams on the Free plan (no workload view) are left
 * out. Two statements.
 */
export async function previewTeams(
  sql: Sql,
  projectId: string,
  userIds: readonly string[],
  now: Date,
): Promise<{ teamId: string; ownsProject: boolean; people: PersonCapacity[] }[]> {
  const teams: { id: string; owns: boolean; subscription_plan: Plan; subscription_status: SubscriptionStatus; trial_ends_at: Date | null }[] = await sql.query(
    `SELECT t.id, t.id = p.team_id AS owns, t.subscription_plan, t.subscription_status, t.trial_ends_at
       FROM projects p
       JOIN teams t ON t.id = p.team_id OR t.id IN (SELECT team_id FROM team_members WHERE user_id = ANY($2::uuid[]))
      WHERE p.id = $1
      ORDER BY t.id`,
    [projectId, userIds],
  );
  const open = teams.filter((t) => effectivePlan({ subscriptionPlan: t.subscription_plan, subscriptionStatus: t.subscription_status, trialEndsAt: t.trial_ends_at }, now) !== 'free');
  if (!open.length) return [];
  const rows: (CapacityRow & { team_id: string })[] = userIds.length
    ? await sql.query(
        `SELECT m.team_id, m.user_id, COALESCE(c.hours_per_day, $3) AS hours_per_day, c.working_days, COALESCE(c.days_off, '[]'::jsonb) AS days_off
           FROM team_members m
           LEFT JOIN member_capacities c ON c.team_id = m.team_id AND c.user_id = m.user_id
          WHERE m.team_id = ANY($1::uuid[]) AND m.user_id = ANY($2::uuid[])
          ORDER BY m.user_id`,
        [open.map((t) => t.id), userIds, DEFAULT_CAPACITY.hoursPerDay],
      )
    : [];
  return open.map((t) => ({ teamId: t.id, ownsProject: t.owns, people: rows.filter((r) => r.team_id === t.id).map(fromRow) }));
}
