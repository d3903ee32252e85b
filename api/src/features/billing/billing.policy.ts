import type { CheckoutSessionEntity } from '@planline/db';
import { canChangePlan, type CheckoutSessionInput } from '@planline/domain';
import { AppError } from '../../errors.js';
import { originAllowed } from '../../middleware/request-guards.js';
import type { Db, Sql } from '../access/access.queries.js';
import { requireTeamRole } from '../access/access.policy.js';
import { userCheckoutSession } from './billing.queries.js';

export const ONLY_OWNER_CHANGES_PLAN = 'Only the team owner can change the plan.';
export const CHECKOUT_SESSION_NOT_FOUND = 'Checkout session not found';

/** Test-mode session ids as made by BillingService; anything else names no session. */
export const TEST_SESSION_ID = /^cs_test_[A-Za-z0-9_-]{1,100}$/;

/** [plan-owner] Only the team's owner starts a checkout (a member gets 403; an outsider, 404). */
export async function requirePlanChanger(sql: Sql, userId: string, teamId: string): Promise<void> {
  const role = await requireTeamRole(sql, userId, teamId);
  if (!canChangePlan(role)) throw new AppError('forbidden', ONLY_OWNER_CHANGES_PLAN);
}

/** A test checkout session is seen only by the person who started it; anyone else gets 404. */
export async function requireOwnCheckoutSession(db: Db, userId: string, sessionId: string): Promise<CheckoutSessionEntity> {
  const session = TEST_SESSION_ID.test(sessionId) ? await userCheckoutSession(db, sessionId, userId) : null;
  if (!session) throw new AppError('not_found', CHECKOUT_SESSION_NOT_FOUND);
  return session;
}

/**
 * [checkout-urls] Return URLs on this site (`ownOrigin`, as the CSRF check names it, or an allowed origin), else
 * 400. Otherwise it is an open redirect: the provider would send the payer wherever the request said.
 */
export function requireReturnUrlsOnSite(input: CheckoutSessionInput, ownOrigin: string, allowedOrigins: readonly string[]): void {
  for (const [field, url] of [['successUrl', input.successUrl], ['cancelUrl', input.cancelUrl]] as const) {
    if (!originAllowed(new URL(url).origin, ownOrigin, allowedOrigins)) {
      throw new AppError('bad_request', `${field} must be an address on this site (${ownOrigin})`, {
        issues: [{ path: field, message: `Must start with ${ownOrigin}/` }],
      });
    }
  }
}
