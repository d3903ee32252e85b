import Router from '@koa/router';
import { checkoutSessionInputSchema, MAX_BODY_BYTES } from '@planline/domain';
import { readRawBody } from '../../http/raw-body.js';
import { AppError } from '../../errors.js';
import { currentUser, requireAuth, sessionOnly } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import type { BillingService } from './billing.service.js';
import { STRIPE_SIGNATURE_HEADER, type StripeWebhook } from './stripe-webhook.js';
import { CHECKOUT_SESSION_NOT_FOUND } from './billing.policy.js';
import type { TestCheckout } from './test-checkout.js';

/** Plans and checkout. `testCheckout` is null in live mode, where its routes answer 404. */
export function billingRoutes(billing: BillingService, testCheckout: TestCheckout | null): Router {
  const router = new Router({ prefix: '/api' });

  // Public: the plan pages show prices, and say "test mode", before sign-in too.
  router.get('/billing/config', (ctx) => {
    ctx.body = billing.settings();
  });

  router.post('/create-checkout-session', requireAuth, sessionOnly, validate('body', checkoutSessionInputSchema), async (ctx) => {
    // The request's own origin as the CSRF check (originCheck) names it.
    // In test mode a plan change in place goes through the test checkout's webhook events.
    ctx.body = await billing.startCheckout(currentUser(ctx.state), ctx.state.body, `${ctx.protocol}://${ctx.host}`, testCheckout);
  });

  const testMode = (): TestCheckout => {
    if (!testCheckout) throw new AppError('not_found', CHECKOUT_SESSION_NOT_FOUND);
    return testCheckout;
  };

  router.get('/billing/test-checkout/:sessionId', requireAuth, sessionOnly, async (ctx) => {
    ctx.body = await testMode().read(currentUser(ctx.state), ctx.params.sessionId!);
  });

  router.post('/billing/test-checkout/:sessionId/pay', requireAuth, sessionOnly, async (ctx) => {
    ctx.body = await testMode().pay(currentUser(ctx.state), ctx.params.sessionId!);
  });

  return router;
}

/**
 * POST /api/stripe/webhook, mounted before the body parser: the signature covers the body's exact bytes. Stripe
 * sends no cookie and no Origin, so the session and CSRF layers have nothing to do with it; the signature is
 * its authentication.
 */
export function stripeWebhookRoutes(webhook: StripeWebhook): Router {
  const router = new Router();
  router.post('/api/stripe/webhook', async (ctx) => {
    const payload = await readRawBody(ctx, MAX_BODY_BYTES);
    ctx.body = await webhook.receive(payload, ctx.get(STRIPE_SIGNATURE_HEADER) || undefined);
  });
  return router;
}
