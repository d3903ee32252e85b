import type { PublicUser, TicketCategory, TicketPriority } from '@planline/domain';

/** [help-response-times] PRODUCT-SPEC §9: first-response targets by priority; urgent is handled before all. */
export const RESPONSE_TARGET_HOURS = { high: 4, medium: 24, low: 48 } as const satisfies Partial<
  Record<TicketPriority, number>
>;

export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  general: 'General',
  technical: 'Technical issue',
  billing: 'Billing',
  feature: 'Feature request',
  bug: 'Bug report',
  account: 'Account',
};

/** The line under the priority select: what the chosen priority means for the wait. */
export function responseTargetText(priority: TicketPriority): string {
  if (priority === 'urgent') return 'Urgent requests are handled first.';
  return `We aim to reply within ${RESPONSE_TARGET_HOURS[priority]} hours.`;
}

export const SUPPORT_TICKET_FAILED_FALLBACK = 'Please try again later.';

/** [help-prefill] A signed-in user's name and e-mail fill the ticket form; a visitor starts empty. */
export function contactPrefill(user: PublicUser | null): { name: string; email: string } {
  if (!user) return { name: '', email: '' };
  const name = [user.firstName, user.lastName].map((part) => part.trim()).filter(Boolean).join(' ');
  return { name, email: user.email };
}
