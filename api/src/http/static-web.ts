import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

const NOT_WEB = /^\/(api|socket\.io|collab)(\/|$)/;

/**
 * Serves the built web app: hashed assets cached for a year, everything else answered with index.html so the
 * client router can show the page (or its own 404 page).
 */
export function staticWeb(distDir: string): Middleware {
  const indexFile = join(distDir, 'index.html');
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || NOT_WEB.test(ctx.path)) return next();
    if (!existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run `npm run build` (npm start does this for you).';
      return;
    }
    if (ctx.path.startsWith('/assets/')) {
      try {
        await send(ctx, ctx.path, { root: distDir, immutable: true, maxage: 365 * 24 * 3600 * 1000 });
        return;
      } catch {
        ctx.status = 404;
        return;
      }
    }
    if (ctx.path !== '/' && /\.[a-z0-9]+$/i.test(ctx.path)) {
      try {
        await send(ctx, ctx.path, { root: distDir });
        return;
      } catch {
        // fall through to the app shell
      }
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root: distDir });
  };
}
