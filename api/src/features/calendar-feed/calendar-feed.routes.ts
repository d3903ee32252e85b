import Router from '@koa/router';
import { currentUser, requireAuth, sessionOnly } from '../../middleware/auth.js';
import { answers } from '../../http/openapi.js';
import { publicOrigin } from '../../http/public-origin.js';
import type { CalendarFeedService } from './calendar-feed.service.js';

/**
 * Issue 37: the person's calendar link (made, replaced, revoked with their session) and the feed itself, which
 * calendar apps read without one: the secret in the address is the whole credential.
 */
export function calendarFeedRoutes(feeds: CalendarFeedService, publicUrl: string | undefined): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/me/calendar-feed', requireAuth, sessionOnly, async (ctx) => {
    ctx.body = await feeds.status(currentUser(ctx.state).id);
  });

  router.post('/me/calendar-feed', requireAuth, sessionOnly, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await feeds.create(currentUser(ctx.state).id, publicOrigin(ctx, publicUrl));
  });

  router.delete('/me/calendar-feed', requireAuth, sessionOnly, async (ctx) => {
    await feeds.revoke(currentUser(ctx.state).id);
    ctx.status = 204;
  });

  // ctx.ip is the client's address behind a proxy only with TRUST_PROXY (as sign-in's throttle).
  router.get('/calendar/:token.ics', answers(429), async (ctx) => {
    // The address is a secret: it must not travel on in a Referer from the links inside, nor sit in a shared cache.
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cache-Control', 'private, no-cache');
    const feed = await feeds.read(ctx.params.token!, publicOrigin(ctx, publicUrl), ctx.ip);
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Content-Disposition', 'inline; filename="planline.ics"');
    ctx.etag = feed.etag;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = feed.body;
  });

  return router;
}
