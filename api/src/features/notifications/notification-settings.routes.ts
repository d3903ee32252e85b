import Router from '@koa/router';
import { notificationSettingsSchema } from '@planline/domain';
import type { Context } from 'koa';
import { z } from 'zod';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { INVALID_UNSUBSCRIBE_LINK, KIND_WORDS, type NotificationEmail } from './notification-email.js';

const unsubscribeQuerySchema = z.object({
  token: z.string({ error: INVALID_UNSUBSCRIBE_LINK }).min(1, INVALID_UNSUBSCRIBE_LINK).max(200, INVALID_UNSUBSCRIBE_LINK),
});

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A small page of its own (the web app is not needed to unsubscribe), readable on a phone. */
function page(ctx: Context, title: string, body: string): void {
  ctx.set('Cache-Control', 'no-store');
  // The token is in the address: it must not travel on in a Referer.
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Planline</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #0f172a; line-height: 1.5">
<main><h1 style="font-size: 1.4rem">${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/**
 * Issue 38: each person's e-mail settings, and the unsubscribe link of every notification e-mail. The link needs no
 * session (its signed token names the person and the kind). GET only shows what it will do, since mail scanners
 * open links; POST does it: the one-click of RFC 8058 that mail providers send (with no Origin, and a form body the
 * request guards let through on this path only), or the button on that page.
 */
export function notificationSettingsRoutes(email: NotificationEmail): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/me/notification-settings', requireAuth, async (ctx) => {
    ctx.body = await email.settings(currentUser(ctx.state).id);
  });

  router.put('/me/notification-settings', requireAuth, validate('body', notificationSettingsSchema), async (ctx) => {
    ctx.body = await email.saveSettings(currentUser(ctx.state).id, ctx.state.body);
  });

  router.get('/notifications/unsubscribe', validate('query', unsubscribeQuerySchema), async (ctx) => {
    const { token } = ctx.state.query as z.infer<typeof unsubscribeQuerySchema>;
    const { kind } = email.readToken(token);
    const what = KIND_WORDS[kind];
    page(
      ctx,
      'Unsubscribe from Planline e-mail',
      `<p>Stop e-mail about ${what}? They stay in your Planline inbox, and you can turn e-mail back on in your profile settings.</p>
<form method="post" action="${escapeHtml(`${ctx.path}?token=${encodeURIComponent(token)}`)}">
<button type="submit" style="font: inherit; padding: 0.6rem 1.2rem; min-height: 44px">Unsubscribe</button></form>`,
    );
  });

  router.post('/notifications/unsubscribe', validate('query', unsubscribeQuerySchema), async (ctx) => {
    const { token } = ctx.state.query as z.infer<typeof unsubscribeQuerySchema>;
    const what = await email.unsubscribe(token);
    const message = `You will no longer get e-mail about ${what}. You can turn it back on in your profile settings.`;
    if (ctx.accepts('text/plain', 'text/html') === 'text/html') page(ctx, 'Unsubscribed', `<p>${escapeHtml(message)}</p><p><a href="/profile">Profile settings</a></p>`);
    else {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = message;
    }
  });

  return router;
}
