import { randomBytes } from 'node:crypto';
import type { TeamEntity, UserEntity } from '@planline/db';
import {
  BILLING_PRICES,
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  CHECKOUT_SESSION_TTL_MS,
  isChangeableSubscription,
  PAYMENTS_NOT_CONFIGURED,
  PLAN_BY_PRICE_ID,
  planPurchase,
  type BillingConfig,
  type CheckoutSessionInput,
  type CheckoutSessionResult,
  type PaidPlan,
} from '@planline/domain';
import type { DataSource } from 'typeorm';
import type { PaymentsConfig } from '../../config.js';
import { AppError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { lockTeam } from '../access/access.policy.js';
import { findTeam } from '../teams/teams.queries.js';
import { insertCheckoutSession, setTeamCustomer, subscriptionStamp } from './billing.queries.js';
import { requirePlanChanger, requireReturnUrlsOnSite } from './billing.policy.js';
import { isStripeError, type StripeCheckoutApi, type StripeSubscriptionView } from './stripe-client.js';

const PROVIDER_UNAVAILABLE = 'The card payment provider could not start the checkout. Please try again in a moment.';

/** Where the browser goes for a test-mode checkout: a page of the web app, marked as test mode. */
export const testCheckoutPath = (sessionId: string) => `/checkout/test/${sessionId}`;

/**
 * Where the browser goes after a plan change in place: the success URL as given, with no checkout session to name
 * (a query parameter holding `{CHECKOUT_SESSION_ID}` is dropped, any other placeholder removed).
 */
export function planChangedRedirect(successUrl: string): string {
  if (!successUrl.includes(CHECKOUT_SESSION_ID_PLACEHOLDER)) return successUrl;
  const url = new URL(successUrl);
  for (const [name, value] of [...url.searchParams]) {
    if (value.includes(CHECKOUT_SESSION_ID_PLACEHOLDER)) url.searchParams.delete(name, value);
  }
  // Elsewhere (path, fragment) the URL parser may have percent-encoded it.
  return [CHECKOUT_SESSION_ID_PLACEHOLDER, encodeURIComponent(CHECKOUT_SESSION_ID_PLACEHOLDER)].reduce(
    (href, placeholder) => href.split(placeholder).join(''),
    url.toString(),
  );
}

/** Test mode's stand-in for Stripe's `subscriptions.update` (TestCheckout): the team is on the plan when it returns. */
export interface TestSubscriptionChanger {
  changeSubscription(teamId: string, plan: PaidPlan): Promise<'changed' | 'checkout'>;
}

type Clock = () => Date;

/** Starting a checkout: a Stripe Checkout Session with STRIPE_SECRET_KEY, else a local test-mode session. */
export class BillingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentsConfig,
    /** Origins besides the request's own that return URLs may point at (the CSRF allow-list). */
    private readonly allowedOrigins: readonly string[],
    /** The Stripe client in live mode; null in test mode. */
    private readonly stripe: StripeCheckoutApi | null,
    private readonly logger: Logger,
    private readonly now: Clock = () => new Date(),
  ) {
    if ((payments.mode === 'live') !== (stripe !== null)) throw new Error('a Stripe client is needed in live mode, and only there');
  }

  settings(): BillingConfig {
    return { mode: this.payments.mode, plans: [...BILLING_PRICES] };
  }

  /**
   * POST /api/create-checkout-session: for the team's owner, with return URLs on this site (`ownOrigin`, as the
   * CSRF check names it, or an allowed origin), for a plan the team does not already pay for. A team paying for a
   * lower plan has its subscription changed instead (plan-change), and is sent straight to the success URL;
   * `testChanger` does that in test mode.
   */
  async startCheckout(
    owner: UserEntity,
    input: CheckoutSessionInput,
    ownOrigin: string,
    testChanger: TestSubscriptionChanger | null = null,
  ): Promise<CheckoutSessionResult> {
    const plan = PLAN_BY_PRICE_ID[input.priceId];
    await requirePlanChanger(this.dataSource, owner.id, input.teamId);
    if (this.payments.mode === 'off') throw new AppError('service_unavailable', PAYMENTS_NOT_CONFIGURED);
    requireReturnUrlsOnSite(input, ownOrigin, this.allowedOrigins);
    const team = await findTeam(this.dataSource, input.teamId);
    const purchase = planPurchase(team, plan);
    if (purchase.kind === 'refuse') throw new AppError('conflict', purchase.message);
    if (purchase.kind === 'change-subscription') {
      // Decided again under the team's lock; 'checkout' when there is no subscription to change after all.
      const outcome = this.stripe
        ? await this.changeStripeSubscription(this.stripe, team.id, plan)
        : await this.testChanger(testChanger).changeSubscription(team.id, plan);
      if (outcome === 'changed') return { checkoutUrl: planChangedRedirect(input.successUrl) };
    }
    return this.stripe
      ? this.startStripeCheckout(this.stripe, owner, team, plan, input)
      : this.startTestCheckout(owner, team, plan, input);
  }

  private async startTestCheckout(owner: UserEntity, team: TeamEntity, plan: PaidPlan, input: CheckoutSessionInput): Promise<CheckoutSessionResult> {
    const now = this.now();
    const id = `cs_test_${randomBytes(24).toString('base64url')}`;
    await insertCheckoutSession(this.dataSource, {
      id,
      teamId: team.id,
      createdBy: owner.id,
      plan,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      status: 'open',
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS),
    });
    return { checkoutUrl: testCheckoutPath(id) };
  }

  private async startStripeCheckout(
    stripe: StripeCheckoutApi,
    owner: UserEntity,
    team: TeamEntity,
    plan: PaidPlan,
    input: CheckoutSessionInput,
  ): Promise<CheckoutSessionResult> {
    const customer = team.stripeCustomerId ?? (await this.createCustomer(stripe, owner, team.id));
    const metadata = { teamId: team.id, plan };
    const session = await this.callStripe('checkout.sessions.create', () =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: this.payments.prices[plan], quantity: 1 }],
        customer,
        client_reference_id: team.id,
        metadata,
        subscription_data: { metadata },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      }),
    );
    if (!session.url) {
      this.logger.error({ sessionId: session.id }, 'Stripe returned a checkout session without a URL');
      throw new AppError('service_unavailable', PROVIDER_UNAVAILABLE);
    }
    return { checkoutUrl: session.url };
  }

  private testChanger(changer: TestSubscriptionChanger | null): TestSubscriptionChanger {
    if (!changer) throw new Error('test mode changes a subscription through TestCheckout, which was not given');
    return changer;
  }

  /**
   * [plan-change] Moves the team's Stripe subscription to `plan`: its item gets the plan's price, the difference
   * is invoiced at once (`always_invoice`), and Stripe's customer.subscription.updated webhook then moves the team.
   * Under the team's row lock, so that requests racing each other change it once: the later one finds the item
   * on the new price already. The idempotency key names the state changed from (a retry, or another instance,
   * repeats the same update). The lock is held across two Stripe calls; on PGlite that pauses other queries.
   * 'checkout' when Stripe says the subscription has ended (its webhook has not arrived yet).
   */
  private changeStripeSubscription(stripe: StripeCheckoutApi, teamId: string, plan: PaidPlan): Promise<'changed' | 'checkout'> {
    return this.dataSource.transaction(async (m) => {
      const team = await lockTeam(m, teamId);
      const purchase = planPurchase(team, plan);
      if (purchase.kind === 'refuse') throw new AppError('conflict', purchase.message);
      if (purchase.kind === 'checkout') return 'checkout';
      const subscription = await this.callStripe('subscriptions.retrieve', () => stripe.subscriptions.retrieve(purchase.subscriptionId));
      if (!isChangeableSubscription(subscription.status)) return 'checkout';
      const price = this.payments.prices[plan];
      const item = this.planItem(subscription);
      if (item.price.id === price) return 'changed';
      const state = await subscriptionStamp(m, subscription.id, team.id);
      const from = state ? `${state.state_at.getTime()}-${state.state_rank}` : item.price.id;
      await this.callStripe('subscriptions.update', () =>
        stripe.subscriptions.update(
          subscription.id,
          {
            items: [{ id: item.id, price }],
            proration_behavior: 'always_invoice',
            metadata: { teamId: team.id, plan },
          },
          { idempotencyKey: `planline-plan-change-${subscription.id}-${plan}-${from}` },
        ),
      );
      return 'changed';
    });
  }

  /** The subscription's item that carries one of our plans' prices (checkout makes exactly one). */
  private planItem(subscription: StripeSubscriptionView): StripeSubscriptionView['items']['data'][number] {
    const ours = new Set(Object.values(this.payments.prices));
    const items = subscription.items.data;
    const item = items.find((i) => ours.has(i.price.id)) ?? (items.length === 1 ? items[0] : undefined);
    if (!item) {
      this.logger.error({ subscriptionId: subscription.id, items: items.length }, 'Stripe subscription has no item with a plan price to change');
      throw new AppError('service_unavailable', PROVIDER_UNAVAILABLE);
    }
    return item;
  }

  /**
   * The team's one Stripe customer, made under the team's row lock so that two checkouts started at once make
   * one (the second finds the first's). The idempotency key covers a retry after a failure to store it. The lock
   * is held across one Stripe call, once per team; on PGlite that pauses other queries meanwhile.
   */
  private createCustomer(stripe: StripeCheckoutApi, owner: UserEntity, teamId: string): Promise<string> {
    return this.dataSource.transaction(async (m) => {
      const team = await lockTeam(m, teamId);
      if (team.stripeCustomerId) return team.stripeCustomerId;
      const customer = await this.callStripe('customers.create', () =>
        stripe.customers.create(
          { email: owner.email, name: team.name, metadata: { teamId } },
          { idempotencyKey: `planline-team-customer-${teamId}` },
        ),
      );
      await setTeamCustomer(m, teamId, customer.id);
      return customer.id;
    });
  }

  private async callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (!isStripeError(err)) throw err;
      this.logger.error({ err, call: what }, 'Stripe refused or did not answer');
      throw new AppError('service_unavailable', PROVIDER_UNAVAILABLE);
    }
  }
}
