import Stripe from 'stripe';

/** The fields of a Stripe subscription that changing its plan reads. */
export interface StripeSubscriptionView {
  id: string;
  status: Stripe.Subscription.Status;
  items: { data: { id: string; price: { id: string } }[] };
}

/**
 * The part of the Stripe SDK that starting a checkout, or changing a subscription's plan, uses. A `new Stripe(key)`
 * is one; tests hand the service a fake of this shape instead (Stripe's network is not reachable from them).
 */
export interface StripeCheckoutApi {
  customers: {
    create(params: Stripe.CustomerCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string }>;
  };
  checkout: {
    sessions: {
      create(params: Stripe.Checkout.SessionCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string; url: string | null }>;
    };
  };
  subscriptions: {
    retrieve(id: string, params?: Stripe.SubscriptionRetrieveParams, options?: Stripe.RequestOptions): Promise<StripeSubscriptionView>;
    update(id: string, params: Stripe.SubscriptionUpdateParams, options?: Stripe.RequestOptions): Promise<StripeSubscriptionView>;
  };
}

/** Requests to Stripe give up after this long (the browser is waiting for its checkout URL, or its plan change). */
const STRIPE_TIMEOUT_MS = 10_000;

export function createStripeClient(secretKey: string): StripeCheckoutApi {
  return new Stripe(secretKey, {
    timeout: STRIPE_TIMEOUT_MS,
    // Safe to retry: every create and update we send carries an idempotency key (the SDK adds one to retried POSTs).
    maxNetworkRetries: 2,
    appInfo: { name: 'Planline' },
  });
}

/** Signature checks and test signing: static in the SDK, no key or network needed. */
export const stripeWebhooks: typeof Stripe.webhooks = Stripe.webhooks;

export const isStripeError = (err: unknown): err is Stripe.errors.StripeError => err instanceof Stripe.errors.StripeError;
export const isSignatureError = (err: unknown): err is Stripe.errors.StripeSignatureVerificationError =>
  err instanceof Stripe.errors.StripeSignatureVerificationError;

/** The API version the SDK speaks, written into the events test mode makes. */
export const STRIPE_API_VERSION: string = Stripe.API_VERSION;
