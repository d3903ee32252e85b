import type { Plan } from '@planline/domain';

/** Where a fresh sign-in or registration lands: the workspace for free, checkout for a paid plan. */
export function pathAfterAuth(plan: Plan): string {
  return plan === 'free' ? '/' : `/payment?plan=${plan}`;
}
