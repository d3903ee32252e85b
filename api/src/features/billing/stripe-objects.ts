import { z } from 'zod';

/**
 * The few fields of Stripe's webhook payloads that billing reads, checked before use. Stripe signs what it
 * sends, but a payload of a shape we do not expect (an API version change) must be a 400, not a crash.
 */
const stripeId = z.string().min(1).max(255);

/** A reference Stripe sends as an id, or as the object when expanded. */
const reference = z
  .union([stripeId, z.object({ id: stripeId })])
  .nullish()
  .transform((v) => (v == null ? null : typeof v === 'string' ? v : v.id));

const metadata = z
  .record(z.string(), z.string())
  .nullish()
  .transform((v) => v ?? {});

export const stripeEventSchema = z.object({
  id: stripeId,
  type: z.string().min(1).max(100),
  /** Seconds since the epoch. */
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEventEnvelope = z.infer<typeof stripeEventSchema>;

export const checkoutSessionObjectSchema = z.object({
  id: stripeId,
  mode: z.string().nullish(),
  customer: reference,
  subscription: reference,
  client_reference_id: z.string().nullish(),
  metadata,
  payment_status: z.string().nullish(),
});

export const subscriptionObjectSchema = z.object({
  id: stripeId,
  customer: reference,
  status: z.string(),
  metadata,
  items: z
    .object({ data: z.array(z.object({ price: z.object({ id: stripeId }).nullish() })) })
    .nullish(),
});

export const invoiceObjectSchema = z.object({
  customer: reference,
  /** Where API versions since 2025-03-31 put the subscription. */
  parent: z.object({ subscription_details: z.object({ subscription: reference }).nullish() }).nullish(),
  /** Where older API versions put it. */
  subscription: reference.optional(),
});
