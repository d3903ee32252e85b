import type { Context, Middleware } from 'koa';
import { AppError } from '../errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Origin of the request as the browser names it, from Origin or else Referer. */
function requestOrigin(ctx: Context): string | null {
  const origin = ctx.get('Origin');
  if (origin && origin !== 'null') return origin;
  if (origin === 'null') return 'null';
  const referer = ctx.get('Referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

export function originAllowed(origin: string, ownOrigin: string, allowedOrigins: readonly string[]): boolean {
  return origin === ownOrigin || allowedOrigins.includes(origin);
}

/**
 * CSRF defence beside SameSite=Lax cookies: a state-changing request that a browser marks as coming from
 * another origin is refused. Requests without Origin or Referer come from non-browser clients, which carry
 * no ambient cookies to abuse. `tokenPosts`: exact paths whose POST is authorised by a signed token in the
 * address and never by the session (the one-click unsubscribe of RFC 8058, which a mail provider may send from
 * anywhere): any origin may send those, since a page that has the token could as well open the link.
 */
export function originCheck(allowedOrigins: readonly string[], tokenPosts: readonly string[] = []): Middleware {
  return async (ctx, next) => {
    if (STATE_CHANGING.has(ctx.method) && !(ctx.method === 'POST' && tokenPosts.includes(ctx.path))) {
      const origin = requestOrigin(ctx);
      // Not ctx.origin: Koa 3 reports the Origin header there, not the server's own origin.
      const ownOrigin = `${ctx.protocol}://${ctx.host}`;
      if (origin !== null && !originAllowed(origin, ownOrigin, allowedOrigins)) {
        throw new AppError('forbidden', 'Cross-site request refused: this origin may not change data here');
      }
    }
    await next();
  };
}

/** The content types a browser sends cross-site without a preflight (CORS-safelisted): never a file upload here. */
const SIMPLE_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * A body on a state-changing call must be JSON: browsers can send form and text/plain bodies cross-site without
 * a preflight, JSON they cannot. `fileRoutes` take a file as the raw body (the import, issue 37): any type a
 * cross-site page cannot send without a preflight (application/octet-stream, text/csv, application/xml, ...) and
 * not JSON, which the body parser would take. `tokenPosts` (as originCheck's) take the form body RFC 8058 says a
 * one-click POST carries (`List-Unsubscribe=One-Click`), which is not read.
 */
export function requireJsonBody(fileRoutes: readonly RegExp[] = [], tokenPosts: readonly string[] = []): Middleware {
  return async (ctx, next) => {
    if (ctx.method === 'POST' && tokenPosts.includes(ctx.path)) return next();
    const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
    const fileRoute = ctx.method === 'POST' && fileRoutes.some((route) => route.test(ctx.path));
    if (fileRoute && hasBody && (!ctx.get('Content-Type') || ctx.is([...SIMPLE_TYPES, 'application/json']))) {
      throw new AppError('unsupported_media_type', 'Send the file as the request body with its own type (Content-Type: application/octet-stream)');
    }
    if (STATE_CHANGING.has(ctx.method) && hasBody && !fileRoute && !ctx.is('application/json')) {
      throw new AppError('unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json)');
    }
    await next();
  };
}

const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security on answers that went out over https: PUBLIC_URL is https, or this request came over
 * TLS or through a trusted proxy that says https. Never on plain http, where it would mean nothing.
 */
export function strictTransportSecurity(httpsDeployment: boolean): Middleware {
  return async (ctx, next) => {
    if (httpsDeployment || ctx.secure) ctx.set('Strict-Transport-Security', HSTS_VALUE);
    await next();
  };
}
