import { CheckoutSessionEntity, StripeSubscriptionEntity } from '@planline/db';
import type { Plan, SubscriptionSnapshot, SubscriptionStatus } from '@planline/domain';
import type { Db, Sql } from '../access/access.queries.js';

/** Billing's SQL: test-mode checkout sessions, teams' provider ids, the subscription ledger and event ids. */

/** The team's Stripe (or test-mode) customer, stored once it is made. */
export async function setTeamCustomer(sql: Sql, teamId: string, customerId: string): Promise<void> {
  await sql.query(`UPDATE teams SET stripe_customer_id = $2, updated_at = now() WHERE id = $1`, [teamId, customerId]);
}

// Test-mode checkout sessions

export async function insertCheckoutSession(db: Db, session: Omit<CheckoutSessionEntity, 'completedAt'>): Promise<void> {
  await db.getRepository(CheckoutSessionEntity).insert(session);
}

export const userCheckoutSession = (db: Db, sessionId: string, userId: string): Promise<CheckoutSessionEntity | null> =>
  db.getRepository(CheckoutSessionEntity).findOneBy({ id: sessionId, createdBy: userId });

export const completedCheckoutSessions = (db: Db, teamId: string): Promise<CheckoutSessionEntity[]> =>
  db.getRepository(CheckoutSessionEntity).findBy({ teamId, status: 'complete' });

/** Closes an open session as expired or complete; a session closed already stays as it is. */
export async function closeCheckoutSession(sql: Sql, sessionId: string, status: 'expired' | 'complete'): Promise<void> {
  await sql.query(
    status === 'complete'
      ? `UPDATE checkout_sessions SET status = 'complete', completed_at = now() WHERE id = $1 AND status = 'open'`
      : `UPDATE checkout_sessions SET status = 'expired' WHERE id = $1 AND status = 'open'`,
    [sessionId],
  );
}

// The subscription ledger

/** When the newest state recorded for a team's subscription was stamped, and by which kind of event. */
export async function subscriptionStamp(sql: Sql, subscriptionId: string, teamId: string): Promise<{ state_at: Date; state_rank: number } | null> {
  const rows: { state_at: Date; state_rank: number }[] = await sql.query(
    `SELECT state_at, state_rank FROM stripe_subscriptions WHERE id = $1 AND team_id = $2`,
    [subscriptionId, teamId],
  );
  return rows[0] ?? null;
}

export async function subscriptionSnapshot(db: Db, teamId: string, subscriptionId: string): Promise<SubscriptionSnapshot | null> {
  const row = await db.getRepository(StripeSubscriptionEntity).findOneBy({ id: subscriptionId, teamId });
  return row ? { status: row.status, plan: row.plan, at: row.stateAt, rank: row.stateRank } : null;
}

export async function teamSubscriptions(db: Db, teamId: string): Promise<(SubscriptionSnapshot & { id: string })[]> {
  const rows = await db.getRepository(StripeSubscriptionEntity).findBy({ teamId });
  return rows.map((r) => ({ id: r.id, status: r.status, plan: r.plan, at: r.stateAt, rank: r.stateRank }));
}

export async function storeSubscription(sql: Sql, teamId: string, subscriptionId: string, state: SubscriptionSnapshot): Promise<void> {
  await sql.query(
    `INSERT INTO stripe_subscriptions (id, team_id, plan, status, state_at, state_rank) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO UPDATE
       SET plan = EXCLUDED.plan, status = EXCLUDED.status, state_at = EXCLUDED.state_at,
           state_rank = EXCLUDED.state_rank, updated_at = now()`,
    [subscriptionId, teamId, state.plan, state.status, state.at, state.rank],
  );
}

/** The team a subscription we recorded belongs to. */
export async function teamOfSubscription(sql: Sql, subscriptionId: string): Promise<string | null> {
  const rows: { team_id: string }[] = await sql.query(`SELECT team_id FROM stripe_subscriptions WHERE id = $1`, [subscriptionId]);
  return rows[0]?.team_id ?? null;
}

export async function teamExists(sql: Sql, teamId: string): Promise<boolean> {
  const rows: { id: string }[] = await sql.query(`SELECT id FROM teams WHERE id = $1`, [teamId]);
  return rows.length > 0;
}

/** The one team with this provider customer; null for none, or for more than one. */
export async function teamOfCustomer(sql: Sql, customerId: string): Promise<string | null> {
  const rows: { id: string }[] = await sql.query(`SELECT id FROM teams WHERE stripe_customer_id = $1 LIMIT 2`, [customerId]);
  return rows.length === 1 ? rows[0]!.id : null;
}

/** A customer an event names, on a team that had none yet (the team's updated_at is left alone). */
export async function linkTeamCustomer(sql: Sql, teamId: string, customerId: string): Promise<void> {
  await sql.query(`UPDATE teams SET stripe_customer_id = $2 WHERE id = $1`, [teamId, customerId]);
}

export async function setTeamSubscription(
  sql: Sql,
  teamId: string,
  derived: { plan: Plan; status: SubscriptionStatus; subscriptionId: string | null },
): Promise<void> {
  await sql.query(
    `UPDATE teams SET subscription_plan = $2, subscription_status = $3, stripe_subscription_id = $4, updated_at = now() WHERE id = $1`,
    [teamId, derived.plan, derived.status, derived.subscriptionId],
  );
}

/** Locks the owner's user row and reads the plans of the teams they own. */
export async function lockOwnerTeams(sql: Sql, ownerId: string): Promise<{ subscriptionPlan: Plan; subscriptionStatus: SubscriptionStatus }[]> {
  await sql.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [ownerId]);
  const owned: { subscription_plan: Plan; subscription_status: SubscriptionStatus }[] = await sql.query(
    `SELECT subscription_plan, subscription_status FROM teams WHERE owner_id = $1`,
    [ownerId],
  );
  return owned.map((t) => ({ subscriptionPlan: t.subscription_plan, subscriptionStatus: t.subscription_status }));
}

export async function setAccountPlan(sql: Sql, userId: string, plan: Plan): Promise<void> {
  await sql.query(`UPDATE users SET current_plan = $2 WHERE id = $1 AND current_plan <> $2`, [userId, plan]);
}

// Event ids

/**
 * How long an event id is kept against repeats. The provider retries a delivery for up to 3 days, and a signed
 * payload is accepted for 5 minutes after signing: an id older than this cannot arrive again.
 */
export const STRIPE_EVENT_RETENTION_DAYS = 30;

/** Records an event id; false if it was recorded before (the transaction then waits for, or follows, the first). */
export async function recordStripeEvent(sql: Sql, event: { id: string; type: string }): Promise<boolean> {
  const fresh: unknown[] = await sql.query(
    `INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [event.id, event.type],
  );
  return fresh.length > 0;
}

/** Forgets event ids past STRIPE_EVENT_RETENTION_DAYS (run with the hourly prune); returns how many went. */
export async function pruneStripeEvents(sql: Sql): Promise<number> {
  const gone: unknown[] = await sql.query(
    `DELETE FROM stripe_events WHERE received_at < now() - make_interval(days => $1) RETURNING id`,
    [STRIPE_EVENT_RETENTION_DAYS],
  );
  return gone.length;
}
