import { StripeSubscriptionEntity, TeamEntity } from '@planline/db';
import {
  accountPlan,
  afterPaymentFailure,
  rooms,
  supersedes,
  teamSubscription,
  type Plan,
  type SubscriptionSnapshot,
  type SubscriptionStatus,
} from '@planline/domain';
import type { RealtimeBus } from '@planline/realtime';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../../logger.js';
import { lockTeam, teamPlan } from '../access/access.js';
import { presentTeamPlan } from '../teams/teams.presenter.js';
import type { Observation } from './stripe-events.js';

/**
 * How long an event id is kept against repeats. The provider retries a delivery for up to 3 days, and a signed
 * payload is accepted for 5 minutes after signing: an id older than this cannot arrive again.
 */
export const STRIPE_EVENT_RETENTION_DAYS = 30;

/** Forgets event ids past STRIPE_EVENT_RETENTION_DAYS (run with the hourly prune); returns how many went. */
export async function pruneStripeEvents(sql: Pick<DataSource, 'query'>): Promise<number> {
  const gone: unknown[] = await sql.query(
    `DELETE FROM stripe_events WHERE received_at < now() - make_interval(days => $1) RETURNING id`,
    [STRIPE_EVENT_RETENTION_DAYS],
  );
  return gone.length;
}

/** What became of one event: applied (its effect, possibly none, is stored), seen before, or about no team of ours. */
export type LedgerOutcome = 'applied' | 'duplicate' | 'unknown_team';

type Clock = () => Date;

/**
 * Applies provider events to teams, each exactly once: the event id is inserted in the transaction that applies
 * it (a repeat finds the row and changes nothing; a parallel repeat waits for the first to commit, then does
 * the same), and the team's row is locked while its subscriptions and plan are worked out.
 */
export class SubscriptionLedger {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: RealtimeBus,
    private readonly logger: Logger,
    private readonly now: Clock = () => new Date(),
  ) {}

  async apply(event: { id: string; type: string }, observation: Observation): Promise<LedgerOutcome> {
    const result = await this.dataSource.transaction(async (m) => {
      const fresh: unknown[] = await m.query(
        `INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [event.id, event.type],
      );
      if (fresh.length === 0) return { outcome: 'duplicate' as const, changed: null };
      const teamId = await teamOf(m, observation);
      if (!teamId) return { outcome: 'unknown_team' as const, changed: null };
      const team = await lockTeam(m, teamId);
      if (observation.customerId && !team.stripeCustomerId) {
        await m.query(`UPDATE teams SET stripe_customer_id = $2 WHERE id = $1`, [team.id, observation.customerId]);
      }
      await this.record(m, team, observation, event);
      const changed = await syncTeam(m, team);
      if (changed) await syncOwnerPlan(m, changed.ownerId);
      return { outcome: 'applied' as const, changed };
    });
    if (result.outcome === 'unknown_team') {
      this.logger.warn({ eventId: event.id, type: event.type }, 'billing event names no team of ours; recorded and ignored');
    }
    if (result.changed) {
      const team = result.changed;
      this.bus.emit([rooms.team(team.id), rooms.user(team.ownerId)], 'team:updated', {
        teamId: team.id,
        team: presentTeamPlan(team, teamPlan(team, this.now())),
      });
    }
    return result.outcome;
  }

  private async record(m: EntityManager, team: TeamEntity, observation: Observation, event: { id: string }): Promise<void> {
    if (observation.kind === 'payment_failed') {
      const subscriptionId = observation.subscriptionId ?? team.stripeSubscriptionId;
      if (!subscriptionId) return;
      const next = afterPaymentFailure(await snapshotOf(m, team.id, subscriptionId), observation.at);
      if (next) await store(m, team.id, subscriptionId, next);
      return;
    }
    if (!observation.status) return;
    const current = await snapshotOf(m, team.id, observation.subscriptionId);
    const plan = observation.plan ?? current?.plan;
    if (!plan) {
      this.logger.warn({ eventId: event.id, subscriptionId: observation.subscriptionId }, 'billing event names no plan we sell; ignored');
      return;
    }
    const next: SubscriptionSnapshot = { status: observation.status, plan, at: observation.at, rank: observation.rank };
    if (supersedes(current, next)) await store(m, team.id, observation.subscriptionId, next);
  }
}

/**
 * The team an event is about: the one a known subscription belongs to, else the team id in the metadata we
 * wrote, else the team of the customer.
 */
async function teamOf(m: EntityManager, observation: Observation): Promise<string | null> {
  if (observation.subscriptionId) {
    const rows: { team_id: string }[] = await m.query(`SELECT team_id FROM stripe_subscriptions WHERE id = $1`, [observation.subscriptionId]);
    if (rows[0]) return rows[0].team_id;
  }
  if (observation.kind === 'subscription' && observation.teamHint) {
    const rows: { id: string }[] = await m.query(`SELECT id FROM teams WHERE id = $1`, [observation.teamHint]);
    if (rows[0]) return rows[0].id;
  }
  if (observation.customerId) {
    const rows: { id: string }[] = await m.query(`SELECT id FROM teams WHERE stripe_customer_id = $1 LIMIT 2`, [observation.customerId]);
    if (rows.length === 1) return rows[0]!.id;
  }
  return null;
}

async function snapshotOf(m: EntityManager, teamId: string, subscriptionId: string): Promise<SubscriptionSnapshot | null> {
  const row = await m.getRepository(StripeSubscriptionEntity).findOneBy({ id: subscriptionId, teamId });
  return row ? { status: row.status, plan: row.plan, at: row.stateAt, rank: row.stateRank } : null;
}

async function store(m: EntityManager, teamId: string, subscriptionId: string, state: SubscriptionSnapshot): Promise<void> {
  await m.query(
    `INSERT INTO stripe_subscriptions (id, team_id, plan, status, state_at, state_rank) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO UPDATE
       SET plan = EXCLUDED.plan, status = EXCLUDED.status, state_at = EXCLUDED.state_at,
           state_rank = EXCLUDED.state_rank, updated_at = now()`,
    [subscriptionId, teamId, state.plan, state.status, state.at, state.rank],
  );
}

/** Writes what the team's subscriptions say into its plan fields; the team as it is now, or null if unchanged. */
async function syncTeam(m: EntityManager, team: TeamEntity): Promise<TeamEntity | null> {
  const rows = await m.getRepository(StripeSubscriptionEntity).findBy({ teamId: team.id });
  const derived = teamSubscription(rows.map((r) => ({ id: r.id, status: r.status, plan: r.plan, at: r.stateAt, rank: r.stateRank })));
  if (
    !derived ||
    (derived.plan === team.subscriptionPlan &&
      derived.status === team.subscriptionStatus &&
      derived.subscriptionId === team.stripeSubscriptionId)
  ) {
    return null;
  }
  await m.query(
    `UPDATE teams SET subscription_plan = $2, subscription_status = $3, stripe_subscription_id = $4, updated_at = now() WHERE id = $1`,
    [team.id, derived.plan, derived.status, derived.subscriptionId],
  );
  return m.getRepository(TeamEntity).findOneByOrFail({ id: team.id });
}

/**
 * [account-plan] The owner's currentPlan follows the teams they own. Their row is locked first, so two teams of
 * one owner changing at once cannot each miss the other's change.
 */
async function syncOwnerPlan(m: EntityManager, ownerId: string): Promise<void> {
  await m.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [ownerId]);
  const owned: { subscription_plan: Plan; subscription_status: SubscriptionStatus }[] = await m.query(
    `SELECT subscription_plan, subscription_status FROM teams WHERE owner_id = $1`,
    [ownerId],
  );
  const plan = accountPlan(owned.map((t) => ({ subscriptionPlan: t.subscription_plan, subscriptionStatus: t.subscription_status })));
  await m.query(`UPDATE users SET current_plan = $2 WHERE id = $1 AND current_plan <> $2`, [ownerId, plan]);
}
