import { z } from 'zod';
import { ticketCategorySchema, ticketPrioritySchema } from './enums.js';
import { supportRequestSchema } from './support.js';

/** [support-rate-limit] Tickets one e-mail address may send inside the window; the next one gets 429. */
export const SUPPORT_TICKETS_PER_WINDOW = 5;
export const SUPPORT_TICKET_WINDOW_MS = 60 * 60 * 1000;

/** [support-response-time] PRODUCT-SPEC §8 success toast and §9 promise. */
export const SUPPORT_TICKET_RECEIVED_MESSAGE = "We'll get back to you within 24 hours.";

/**
 * POST /api/support/ticket (PRODUCT-SPEC §3 support ticket, §5): the Contact Support fields (all required,
 * e-mail checked) plus a priority and a category with the spec's defaults.
 */
export const supportTicketInputSchema = supportRequestSchema.extend({
  priority: z
    .enum(ticketPrioritySchema.options, { error: 'Priority must be one of low, medium, high or urgent' })
    .default('medium'),
  category: z
    .enum(ticketCategorySchema.options, {
      error: 'Category must be one of general, technical, billing, feature, bug or account',
    })
    .default('general'),
});
export type SupportTicketInput = z.infer<typeof supportTicketInputSchema>;

export const supportTicketResultSchema = z.object({ id: z.uuid(), message: z.string() });
export type SupportTicketResult = z.infer<typeof supportTicketResultSchema>;
