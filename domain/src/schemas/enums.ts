import { z } from 'zod';

/**
 * The closed value sets of PRODUCT-SPEC §3-§5. The database mirrors each with a CHECK constraint
 * (db/src/migrations), so a value added here needs a migration too. The plan enum lives in plans.ts.
 */

export const teamRoleSchema = z.enum(['owner', 'admin', 'member']);
export type TeamRole = z.infer<typeof teamRoleSchema>;
export const TEAM_ROLES = teamRoleSchema.options;

export const joinRequestStatusSchema = z.enum(['pending', 'approved', 'denied']);
export type JoinRequestStatus = z.infer<typeof joinRequestStatusSchema>;
export const JOIN_REQUEST_STATUSES = joinRequestStatusSchema.options;

/** What an owner or admin answers to a pending join request. */
export const joinResponseSchema = z.enum(['approved', 'denied']);
export type JoinResponse = z.infer<typeof joinResponseSchema>;

export const subscriptionStatusSchema = z.enum(['trial', 'active', 'past_due', 'canceled']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
export const SUBSCRIPTION_STATUSES = subscriptionStatusSchema.options;

/**
 * The status we keep of one subscription at the card payment provider (table stripe_subscriptions), mapped from
 * Stripe's by subscriptionStatusFromStripe. A team's own subscriptionStatus is derived from these.
 */
export const providerSubscriptionStatusSchema = z.enum(['incomplete', 'active', 'past_due', 'paused', 'canceled']);
export type ProviderSubscriptionStatus = z.infer<typeof providerSubscriptionStatusSchema>;
export const PROVIDER_SUBSCRIPTION_STATUSES = providerSubscriptionStatusSchema.options;

export const projectStatusSchema = z.enum(['active', 'completed', 'on-hold']);
export type ProjectStatus = z.infer<typeof projectStatusSchema>;
export const PROJECT_STATUSES = projectStatusSchema.options;

/** The stored spelling; dashboard widgets also write 'in-progress', normalised before it gets here. */
export const taskStatusSchema = z.enum(['pending', 'in_progress', 'completed', 'blocked']);
export type TaskStatus = z.infer<typeof taskStatusSchema>;
export const TASK_STATUSES = taskStatusSchema.options;

export const taskPrioritySchema = z.enum(['low', 'medium', 'high', 'critical']);
export type TaskPriority = z.infer<typeof taskPrioritySchema>;
export const TASK_PRIORITIES = taskPrioritySchema.options;

export const ticketPrioritySchema = z.enum(['low', 'medium', 'high', 'urgent']);
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;
export const TICKET_PRIORITIES = ticketPrioritySchema.options;

export const ticketCategorySchema = z.enum(['general', 'technical', 'billing', 'feature', 'bug', 'account']);
export type TicketCategory = z.infer<typeof ticketCategorySchema>;
export const TICKET_CATEGORIES = ticketCategorySchema.options;

export const widgetTypeSchema = z.enum([
  'project-stats',
  'task-list',
  'gantt-preview',
  'team-activity',
  'progress-chart',
  'upcoming-tasks',
]);
export type WidgetType = z.infer<typeof widgetTypeSchema>;
export const WIDGET_TYPES = widgetTypeSchema.options;

export const widgetSizeSchema = z.enum(['small', 'medium', 'large']);
export type WidgetSize = z.infer<typeof widgetSizeSchema>;
export const WIDGET_SIZES = widgetSizeSchema.options;
