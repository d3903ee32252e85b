import {
  planOfSubscription,
  subscriptionStatusFromStripe,
  SUBSCRIPTION_EVENT_RANK,
  type PaidPlan,
  type ProviderSubscriptionStatus,
} from '@planline/domain';
import { z } from 'zod';
import {
  checkoutSessionObjectSchema,
  invoiceObjectSchema,
  subscriptionObjectSchema,
  type StripeEventEnvelope,
} from './stripe-objects.js';

/** What one provider event tells us about a team's subscription. */
export type Observation =
  | {
      kind: 'subscription';
      subscriptionId: string;
      /** The team id we wrote into the checkout's and the subscription's metadata. */
      teamHint: string | null;
      customerId: string | null;
      /** null: the event only links customer and subscription to the team (a checkout not paid yet). */
      status: ProviderSubscriptionStatus | null;
      /** null: the event does not say; the plan already recorded for the subscription stands. */
      plan: PaidPlan | null;
      at: Date;
      rank: number;
    }
  | { kind: 'payment_failed'; subscriptionId: string | null; customerId: string | null; at: Date };

export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
] as const;
type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

const isHandled = (type: string): type is HandledEventType => (HANDLED_EVENT_TYPES as readonly string[]).includes(type);
const uuid = z.uuid();
const teamIdOrNull = (value: string | null | undefined) => (uuid.safeParse(value).success ? value!.toLowerCase() : null);

/** Reads configured provider prices backwards: which plan a subscription's price id stands for. */
export function planByPriceId(prices: Readonly<Record<PaidPlan, string>>): Record<string, PaidPlan> {
  return Object.fromEntries(Object.entries(prices).map(([plan, price]) => [price, plan as PaidPlan]));
}

export class MalformedEventError extends Error {}

function parse<T extends z.ZodType>(schema: T, value: unknown, type: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new MalformedEventError(`The ${type} event's object is not what Stripe sends`);
  return result.data;
}

/**
 * Reads an event of one of the handled types into an observation; null for other types, and for checkouts that
 * are not subscriptions. Throws MalformedEventError when a handled event's object lacks what we read.
 */
export function observe(event: StripeEventEnvelope, planByPrice: Readonly<Record<string, PaidPlan>>): Observation | null {
  if (!isHandled(event.type)) return null;
  const at = new Date(event.created * 1000);
  const rank = SUBSCRIPTION_EVENT_RANK[event.type];
  const object = event.data.object;

  switch (event.type) {
    case 'checkout.session.completed': {
      const session = parse(checkoutSessionObjectSchema, object, event.type);
      if (session.mode !== 'subscription' || !session.subscription) return null;
      // Paid at checkout means the subscription's first invoice is paid: it is active, whichever of this and
      // customer.subscription.created arrives first.
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      return {
        kind: 'subscription',
        subscriptionId: session.subscription,
        teamHint: teamIdOrNull(session.metadata.teamId ?? session.client_reference_id),
        customerId: session.customer,
        status: paid ? 'active' : null,
        plan: planOfSubscription({ priceIds: [], metadataPlan: session.metadata.plan }, planByPrice),
        at,
        rank,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = parse(subscriptionObjectSchema, object, event.type);
      const status = subscriptionStatusFromStripe(subscription.status);
      if (!status) return null;
      const priceIds = (subscription.items?.data ?? []).flatMap((item) => (item.price ? [item.price.id] : []));
      return {
        kind: 'subscription',
        subscriptionId: subscription.id,
        teamHint: teamIdOrNull(subscription.metadata.teamId),
        customerId: subscription.customer,
        status,
        plan: planOfSubscription({ priceIds, metadataPlan: subscription.metadata.plan }, planByPrice),
        at,
        rank,
      };
    }
    case 'invoice.payment_failed': {
      const invoice = parse(invoiceObjectSchema, object, event.type);
      return {
        kind: 'payment_failed',
        subscriptionId: invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null,
        customerId: invoice.customer,
        at,
      };
    }
  }
}
