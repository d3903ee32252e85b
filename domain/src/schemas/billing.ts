import { z } from 'zod';
import { paidPlanSchema, planOffer, type PaidPlan } from '../plans.js';

/**
 * Plans and checkout (issue 7; PRODUCT-SPEC §3 checkout-session request, §7 POST /api/create-checkout-session).
 * A price id names what the web asks to buy; the server maps it to the provider's price (STRIPE_PRICE_PRO,
 * STRIPE_PRICE_ENTERPRISE) or, in test mode, to its own checkout page.
 */
export const priceIdSchema = z.enum(['pro_plan', 'enterprise_plan'], {
  error: 'Unknown plan: priceId must be pro_plan or enterprise_plan',
});
export type PriceId = z.infer<typeof priceIdSchema>;
export const PRICE_IDS = priceIdSchema.options;

export const PLAN_BY_PRICE_ID: Readonly<Record<PriceId, PaidPlan>> = { pro_plan: 'pro', enterprise_plan: 'enterprise' };

/** Written in a success URL, replaced by the checkout session's id on the way back (Stripe does the same). */
export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
/** A test-mode checkout session can be paid for this long (Stripe's default expiry). */
export const CHECKOUT_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const CHECKOUT_URL_MAX_LENGTH = 2048;
export const BILLING_CURRENCY = 'usd';

const returnUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(CHECKOUT_URL_MAX_LENGTH, `${label} must be at most ${CHECKOUT_URL_MAX_LENGTH} characters`)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      message: `${label} must be an absolute http(s) URL`,
    });

/** POST /api/create-checkout-session. The URLs must also be on our own origin (checked by the server). */
export const checkoutSessionInputSchema = z.object({
  teamId: z.uuid({ error: 'teamId must be a team id' }),
  priceId: priceIdSchema,
  successUrl: returnUrl('successUrl'),
  cancelUrl: returnUrl('cancelUrl'),
});
export type CheckoutSessionInput = z.infer<typeof checkoutSessionInputSchema>;

/**
 * The provider's checkout page (absolute) or, in test mode, ours: `/checkout/test/{sessionId}` (relative). After a
 * plan change in place (plan-change) there is no checkout: the success URL itself, without a session id.
 */
export const checkoutSessionResultSchema = z.object({ checkoutUrl: z.string() });
export type CheckoutSessionResult = z.infer<typeof checkoutSessionResultSchema>;

export const billingPriceSchema = z.object({
  id: priceIdSchema,
  plan: paidPlanSchema,
  amountCents: z.number().int(),
  currency: z.literal(BILLING_CURRENCY),
  interval: z.literal('month'),
});
export type BillingPrice = z.infer<typeof billingPriceSchema>;

/** The prices of the pricing table (PRODUCT-SPEC §1), per team and month. */
export const BILLING_PRICES: readonly BillingPrice[] = PRICE_IDS.map((id) => ({
  id,
  plan: PLAN_BY_PRICE_ID[id],
  amountCents: planOffer(PLAN_BY_PRICE_ID[id]).priceUsdPerMonth * 100,
  currency: BILLING_CURRENCY,
  interval: 'month',
}));

export function billingPrice(plan: PaidPlan): BillingPrice {
  const price = BILLING_PRICES.find((p) => p.plan === plan);
  if (!price) throw new Error(`no price for plan ${plan}`);
  return price;
}

/**
 * GET /api/billing/config (public): whether payments are real ('live'), the local test checkout ('test'), or not
 * configured on this server ('off': checkout answers 503 with PAYMENTS_NOT_CONFIGURED).
 */
export const billingConfigSchema = z.object({
  mode: z.enum(['test', 'live', 'off']),
  plans: z.array(billingPriceSchema),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;
export type BillingMode = BillingConfig['mode'];
export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured on this server';

export const testCheckoutStatusSchema = z.enum(['open', 'complete', 'expired']);
export type TestCheckoutStatus = z.infer<typeof testCheckoutStatusSchema>;

/** GET /api/billing/test-checkout/{sessionId}: the local stand-in for the provider's checkout page. */
export const testCheckoutSessionSchema = billingPriceSchema.omit({ id: true }).extend({
  id: z.string(),
  teamId: z.uuid(),
  teamName: z.string(),
  status: testCheckoutStatusSchema,
  successUrl: z.string(),
  cancelUrl: z.string(),
  /** Who pays: the signed-in owner who started the checkout. */
  email: z.string(),
});
export type TestCheckoutSession = z.infer<typeof testCheckoutSessionSchema>;

/** POST /api/billing/test-checkout/{sessionId}/pay: the team is upgraded by the time this answers. */
export const testCheckoutPaymentSchema = z.object({ redirectUrl: z.string() });
export type TestCheckoutPayment = z.infer<typeof testCheckoutPaymentSchema>;
