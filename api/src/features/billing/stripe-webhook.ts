import type { PaidPlan } from '@planline/domain';
import { AppError } from '../../errors.js';
import { isSignatureError, stripeWebhooks } from './stripe-client.js';
import { MalformedEventError, observe } from './stripe-events.js';
import { stripeEventSchema, type StripeEventEnvelope } from './stripe-objects.js';
import type { LedgerOutcome, SubscriptionLedger } from './subscription-ledger.js';

export const STRIPE_SIGNATURE_HEADER = 'Stripe-Signature';
/** Stripe's default tolerance, both ways: the SDK checks only the past, so a signature dated ahead lived on. */
const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** The `t=` of a Stripe-Signature header (seconds), or null. */
const signedAt = (signature: string): number | null => {
  const match = /(?:^|,)\s*t=(\d{1,12})\s*(?:,|$)/.exec(signature);
  return match ? Number(match[1]) : null;
};

/** The answer to a delivery; Stripe reads only the status, the outcome helps whoever reads the delivery log. */
export interface WebhookReceipt {
  received: true;
  outcome: LedgerOutcome | 'ignored';
}

/**
 * One webhook delivery, verified and applied. POST /api/stripe/webhook and test mode's checkout both come
 * through `receive`, so the local checkout exercises exactly the code that real payments run.
 */
export class StripeWebhook {
  constructor(
    private readonly secret: string,
    /** Provider price id → our plan, to read which plan a subscription pays for. */
    private readonly planByPrice: Readonly<Record<string, PaidPlan>>,
    private readonly ledger: SubscriptionLedger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** `payload` must be the body exactly as received: the signature is over those bytes. */
  async receive(payload: Buffer | string, signature: string | undefined): Promise<WebhookReceipt> {
    const event = this.verify(payload, signature);
    let observation;
    try {
      observation = observe(event, this.planByPrice);
    } catch (err) {
      if (err instanceof MalformedEventError) throw new AppError('bad_request', err.message);
      throw err;
    }
    // Types we do not handle have no effect to guard, so they are not recorded either.
    if (!observation) return { received: true, outcome: 'ignored' };
    return { received: true, outcome: await this.ledger.apply(event, observation) };
  }

  /** Signature (HMAC of timestamp and body, dated within 5 minutes of now either way), then the envelope's shape. */
  private verify(payload: Buffer | string, signature: string | undefined): StripeEventEnvelope {
    if (!signature) throw new AppError('bad_request', `Missing ${STRIPE_SIGNATURE_HEADER} header`);
    let parsed: unknown;
    try {
      parsed = stripeWebhooks.constructEvent(payload, signature, this.secret);
    } catch (err) {
      if (!isSignatureError(err)) throw new AppError('bad_request', 'Webhook payload is not valid JSON');
      throw new AppError(
        'bad_request',
        /tolerance/i.test(err.message)
          ? 'Webhook signature has expired: it was made more than 5 minutes ago'
          : 'Webhook signature does not match the payload',
      );
    }
    // A signature dated ahead would stay replayable until that time plus the tolerance.
    const at = signedAt(signature);
    if (at !== null && at > this.now().getTime() / 1000 + SIGNATURE_TOLERANCE_SECONDS) {
      throw new AppError('bad_request', 'Webhook signature is dated in the future: more than 5 minutes ahead of this server');
    }
    const event = stripeEventSchema.safeParse(parsed);
    if (!event.success) throw new AppError('bad_request', 'Webhook payload is not a Stripe event');
    return event.data;
  }
}
