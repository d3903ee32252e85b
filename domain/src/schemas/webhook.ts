import { z } from 'zod';

/*
 * Issue 40, webhooks: a team's owner and admins register endpoints that receive the team's events as signed JSON
 * (docs/ARCHITECTURE.md, "Webhooks (issue 40)"). Each delivery is `{ id, event, createdAt, teamId, data }`, sent
 * with `Planline-Timestamp: <unix seconds>` and `Planline-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>"
 * with the endpoint's secret>`.
 */

export const WEBHOOK_EVENTS = [
  'task.created',
  'task.updated',
  'task.deleted',
  'task.moved_by_dependency',
  'project.created',
  'project.updated',
  'member.joined',
  'member.removed',
  'comment.created',
] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: `Events must be among ${WEBHOOK_EVENTS.join(', ')}` });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** Endpoints one team may have at once. */
export const MAX_WEBHOOKS_PER_TEAM = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** What every secret starts with, so a leaked one is recognisable. */
export const WEBHOOK_SECRET_PREFIX = 'whs_';
export const WEBHOOK_SIGNATURE_HEADER = 'Planline-Signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'Planline-Timestamp';
export const WEBHOOKS_NEED_PRO = 'Webhooks are part of Pro: upgrade the team to send its events to other services.';

/**
 * The URL's shape only: http or https, a host, no credentials. Whether plain http is allowed and whether the host
 * is a public address is the server's to say (it resolves the name: WEBHOOK_ALLOW_PRIVATE).
 */
export const webhookUrlSchema = z
  .string({ error: 'Enter the URL your service receives webhooks at' })
  .trim()
  .min(1, 'Enter the URL your service receives webhooks at')
  .max(WEBHOOK_URL_MAX_LENGTH, `The URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Enter a full URL, like https://example.com/planline-hook' });
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') ctx.addIssue({ code: 'custom', message: 'The URL must start with https://' });
    else if (url.username || url.password) ctx.addIssue({ code: 'custom', message: 'Leave the user name and password out of the URL: verify the signature instead' });
  });

export const createWebhookInputSchema = z
  .object({
    url: webhookUrlSchema,
    events: z
      .array(webhookEventSchema, { error: 'Choose the events to send' })
      .min(1, 'Choose at least one event to send')
      .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e))),
  })
  .strict();
export type CreateWebhookInput = z.infer<typeof createWebhookInputSchema>;

export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  createdAt: z.string(),
  /** Set when it was turned off after a day of failed deliveries; `disabledReason` says why. */
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  /** Its deliveries have failed since then, none delivered. */
  failingSince: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** POST /api/teams/{teamId}/webhooks and its rotate-secret: the secret, shown this once. */
export const createdWebhookSchema = z.object({ webhook: webhookSchema, secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  event: webhookEventSchema,
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** Pending: when it is tried next. */
  nextAttemptAt: z.string().nullable(),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET …/webhooks/{id}/deliveries: newest first, the last 14 days, at most 100. */
export const webhookDeliveriesSchema = z.array(webhookDeliverySchema);
