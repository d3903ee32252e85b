import type { TeamEntity } from '@planline/db';
import {
  accountPlan,
  afterPaymentFailure,
  rooms,
  supersedes,
  teamSubscription,
  type SubscriptionSnapshot,
} from '@planline/domain';
import type { RealtimeBus } from '@planline/realtime';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../../logger.js';
import { lockTeam, teamPlan } from '../access/access.policy.js';
import { presentTeamPlan } from '../teams/teams.presenter.js';
import { findTeam } from '../teams/teams.queries.js';
import {
  linkTeamCustomer,
  lockOwnerTeams,
  recordStripeEvent,
  setAccountPlan,
  setTeamSubscription,
  storeSubscription,
  subscriptionSnapshot,
  teamExists,
  teamOfCustomer,
  teamOfSubscription,
  teamSubscriptions,
} from './billing.queries.js';
import type { Observation } from './stripe-events.js';

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
      if (!(await recordStripeEvent(m, event))) return { outcome: 'duplicate' as const, changed: null };
      const teamId = await teamOf(m, observation);
      if (!teamId) return { outcome: 'unknown_team' as const, changed: null };
      const team = await lockTeam(m, teamId);
      if (observation.customerId && !team.stripeCustomerId) {
        await linkTeamCustomer(m, team.id, observation.customerId);
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
      const next = afterPaymentFailure(await subscriptionSnapshot(m, team.id, subscriptionId), observation.at);
      if (next) await storeSubscription(m, team.id, subscriptionId, next);
      return;
    }
    if (!observation.status) return;
    const current = await subscriptionSnapshot(m, team.id, observation.subscriptionId);
    const plan = observation.plan ?? current?.plan;
    if (!plan) {
      this.logger.warn({ eventId: event.id, subscriptionId: observation.subscriptionId }, 'billing event names no plan we sell; ignored');
      return;
    }
    const next: SubscriptionSnapshot = { status: observation.status, plan, at: observation.at, rank: observation.rank };
    if (supersedes(current, next)) await storeSubscription(m, team.id, observation.subscriptionId, next);
  }
}

/**
 * The team an event is about: the one a known subscription belongs to, else the team id in the metadata we
 * wrote, else the team of the customer.
 */
async function teamOf(m: EntityManager, observation: Observation): Promise<string | null> {
  const known = observation.subscriptionId ? await teamOfSubscription(m, observation.subscriptionId) : null;
  if (known) return known;
  if (observation.kind === 'subscription' && observation.teamHint && (await teamExists(m, observation.teamHint))) return observation.teamHint;
  return observation.customerId ? teamOfCustomer(m, observation.customerId) : null;
}

/** Writes what the team's subscriptions say into its plan fields; the team as it is now, or null if unchanged. */
async function syncTeam(m: EntityManager, team: TeamEntity): Promise<TeamEntity | null> {
  const derived = teamSubscription(await teamSubscriptions(m, team.id));
  if (
    !derived ||
    (derived.plan === team.subscriptionPlan &&
      derived.status === team.subscriptionStatus &&
      derived.subscriptionId === team.stripeSubscriptionId)
  ) {
    return null;
  }
  await setTeamSubscription(m, team.id, derived);
  return findTeam(m, team.id);
}

/**
 * [account-plan] The owner's currentPlan follows the teams they own. Their row is locked first, so two teams of
 * one owner changing at once cannot each miss the other's change.
 */
async function syncOwnerPlan(m: EntityManager, ownerId: string): Promise<void> {
  await setAccountPlan(m, ownerId, accountPlan(await lockOwnerTeams(m, ownerId)));
}
