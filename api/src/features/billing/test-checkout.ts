import { randomBytes } from 'node:crypto';
import type { CheckoutSessionEntity, UserEntity } from '@planline/db';
import {
  billingPrice,
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  planOffer,
  planPurchase,
  SUBSCRIPTION_EVENT_RANK,
  type PaidPlan,
  type TestCheckoutPayment,
  type TestCheckoutSession,
  type TestCheckoutStatus,
} from '@planline/domain';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import type { Db } from '../access/access.queries.js';
import { lockTeam } from '../access/access.policy.js';
import { findTeam } from '../teams/teams.queries.js';
import { closeCheckoutSession, completedCheckoutSessions, setTeamCustomer, subscriptionStamp } from './billing.queries.js';
import { requireOwnCheckoutSession } from './billing.policy.js';
import { stripeWebhooks } from './stripe-client.js';
import type { StripeWebhook } from './stripe-webhook.js';
import { derivedTestId, paidCheckoutEvents, planChangedEvent, type TestEvent } from './test-checkout-events.js';

const EXPIRED = 'This checkout has expired. Start the upgrade again to get a new one.';
const MONTH_SECONDS = 30 * 24 * 60 * 60;

/** A session started before the team began paying for a lower plan: paying it would make a second subscription. */
const overtaken = (paying: PaidPlan, plan: PaidPlan) =>
  `This team has paid for ${planOffer(paying).title} since this checkout began. Start the upgrade again to move its subscription to ${planOffer(plan).title}.`;

type Clock = () => Date;

/** Stripe's substitution: the placeholder in a success URL becomes the session's id. */
export const successRedirect = (successUrl: string, sessionId: string) => successUrl.split(CHECKOUT_SESSION_ID_PLACEHOLDER).join(sessionId);

function statusOf(session: CheckoutSessionEntity, now: Date): TestCheckoutStatus {
  return session.status === 'open' && session.expiresAt.getTime() <= now.getTime() ? 'expired' : session.status;
}

/**
 * Test mode's stand-in for the provider's checkout page (no STRIPE_SECRET_KEY). Nothing is charged: "Pay" makes
 * the events Stripe would send, signs them with the test-mode secret and hands them to the webhook, so the team
 * is upgraded by exactly the code that handles real payments.
 */
export class TestCheckout {
  constructor(
    private readonly dataSource: DataSource,
    private readonly webhook: StripeWebhook,
    private readonly payments: { webhookSecret: string; prices: Readonly<Record<PaidPlan, string>> },
    private readonly now: Clock = () => new Date(),
  ) {}

  async read(user: UserEntity, sessionId: string): Promise<TestCheckoutSession> {
    const session = await requireOwnCheckoutSession(this.dataSource, user.id, sessionId);
    const team = await findTeam(this.dataSource, session.teamId);
    const { amountCents, currency, interval } = billingPrice(session.plan);
    return {
      id: session.id,
      teamId: session.teamId,
      teamName: team.name,
      plan: session.plan,
      amountCents,
      currency,
      interval,
      status: statusOf(session, this.now()),
      successUrl: successRedirect(session.successUrl, session.id),
      cancelUrl: session.cancelUrl,
      email: user.email,
    };
  }

  /**
   * "Pay": answers once the team is upgraded. Paying a completed session again changes nothing and answers the
   * same; an expired one is a 410.
   */
  async pay(user: UserEntity, sessionId: string): Promise<TestCheckoutPayment> {
    const session = await requireOwnCheckoutSession(this.dataSource, user.id, sessionId);
    const redirectUrl = successRedirect(session.successUrl, session.id);
    const status = statusOf(session, this.now());
    if (status === 'complete') return { redirectUrl };
    if (status === 'expired') {
      await closeCheckoutSession(this.dataSource, session.id, 'expired');
      throw new AppError('gone', EXPIRED);
    }
    const team = await findTeam(this.dataSource, session.teamId);
    // Another checkout may have been paid since this one began; this one's own subscription is no obstacle.
    if (team.stripeSubscriptionId !== derivedTestId('sub', session.id)) {
      const purchase = planPurchase(team, session.plan);
      if (purchase.kind === 'refuse') throw new AppError('conflict', purchase.message);
      // [plan-change] The team pays for a lower plan now: that subscription is changed instead, never a second one.
      if (purchase.kind === 'change-subscription') throw new AppError('conflict', overtaken(purchase.from, session.plan));
    }
    const events = paidCheckoutEvents({
      sessionId: session.id,
      teamId: session.teamId,
      plan: session.plan,
      priceId: this.payments.prices[session.plan],
      customerId: await this.customerFor(session.teamId),
      email: user.email,
      successUrl: session.successUrl,
      cancelUrl: session.cancelUrl,
      paidAt: Math.floor(this.now().getTime() / 1000),
    });
    for (const event of events) await this.deliver(event);
    await closeCheckoutSession(this.dataSource, session.id, 'complete');
    return { redirectUrl };
  }

  /**
   * [plan-change] Test mode's `subscriptions.update`: moves the team's paying subscription to `plan` in place, by
   * the customer.subscription.updated event Stripe would send, signed and handed to the webhook; the team is on
   * the new plan when this returns. 'checkout' when the team turns out to have no subscription to change; a 409
   * when it has the plan already. The decision and the event are made under the team's lock; the event's id comes
   * from the state it changes, so requests racing each other make one event, which the webhook applies once.
   */
  async changeSubscription(teamId: string, plan: PaidPlan): Promise<'changed' | 'checkout'> {
    const change = await this.dataSource.transaction(async (m): Promise<TestEvent | 'checkout'> => {
      const team = await lockTeam(m, teamId);
      const purchase = planPurchase(team, plan);
      if (purchase.kind === 'refuse') throw new AppError('conflict', purchase.message);
      if (purchase.kind === 'checkout') return 'checkout';
      const state = await subscriptionStamp(m, purchase.subscriptionId, team.id);
      const now = Math.floor(this.now().getTime() / 1000);
      // The ledger keeps the newest state (subscription-order): stamp the change after the state it replaces.
      const stateAt = state ? Math.floor(state.state_at.getTime() / 1000) : now;
      const sameSecondWins = !state || state.state_rank < SUBSCRIPTION_EVENT_RANK['customer.subscription.updated'];
      const at = Math.max(now, sameSecondWins ? stateAt : stateAt + 1);
      const origin = await paidSessionOf(m, team.id, purchase.subscriptionId);
      const startedAt = origin ? Math.floor((origin.completedAt ?? origin.createdAt).getTime() / 1000) : at;
      return planChangedEvent({
        id: purchase.subscriptionId,
        itemId: derivedTestId('si', origin?.id ?? purchase.subscriptionId),
        teamId: team.id,
        customerId: team.stripeCustomerId,
        status: team.subscriptionStatus === 'past_due' ? 'past_due' : 'active',
        startedAt,
        periodStart: startedAt + Math.floor(Math.max(0, at - startedAt) / MONTH_SECONDS) * MONTH_SECONDS,
        from: { plan: purchase.from, priceId: this.payments.prices[purchase.from] },
        to: { plan, priceId: this.payments.prices[plan] },
        changeKey: state ? `${state.state_at.getTime()}:${state.state_rank}` : 'none',
        at,
      });
    });
    if (change === 'checkout') return 'checkout';
    await this.deliver(change);
    return 'changed';
  }

  private async deliver(event: TestEvent): Promise<void> {
    const payload = JSON.stringify(event);
    await this.webhook.receive(payload, stripeWebhooks.generateTestHeaderString({ payload, secret: this.payments.webhookSecret }));
  }

  /** The team's test customer, made once under the team's lock (as live mode makes its Stripe customer). */
  private customerFor(teamId: string): Promise<string> {
    return this.dataSource.transaction(async (m) => {
      const team = await lockTeam(m, teamId);
      if (team.stripeCustomerId) return team.stripeCustomerId;
      const customerId = `cus_test_${randomBytes(12).toString('base64url')}`;
      await setTeamCustomer(m, teamId, customerId);
      return customerId;
    });
  }
}

/** The test checkout that made a subscription (its id is derived from the session's), if one did. */
async function paidSessionOf(db: Db, teamId: string, subscriptionId: string): Promise<CheckoutSessionEntity | null> {
  const paid = await completedCheckoutSessions(db, teamId);
  return paid.find((session) => derivedTestId('sub', session.id) === subscriptionId) ?? null;
}
