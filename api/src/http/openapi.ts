import Router from '@koa/router';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import { SESSION_COOKIE_NAME } from '@planline/domain';
import { z } from 'zod';

/**
 * The OpenAPI document (ARCHITECTURE §6), generated from the app's own routers: every route's method and path,
 * and for each part the `validate` middleware checks (body, query, params) the JSON schema of the same zod
 * schema that checks it. Nothing is written by hand, so the document cannot drift from what the server accepts.
 */

type Part = 'body' | 'query' | 'params';

interface ValidationNote {
  part: Part;
  schema: z.ZodType;
}

const VALIDATES = Symbol('validates');
const REQUIRES_SESSION = Symbol('requires-session');
const ANSWERS = Symbol('answers');
const SESSION_ONLY = Symbol('session-only');

/** Statuses a route may answer beyond those every route documents (400, 404; 401 and 403 behind a session). */
export type ExtraStatus = 402 | 429;

/** Marks a middleware as the validation of one request part (read back when the document is built). */
export function describesValidation<M extends Middleware>(middleware: M, part: Part, schema: z.ZodType): M {
  return Object.assign(middleware, { [VALIDATES]: { part, schema } satisfies ValidationNote });
}

/** Marks a middleware as requiring a signed-in session. */
export function describesSession<M extends Middleware>(middleware: M): M {
  return Object.assign(middleware, { [REQUIRES_SESSION]: true });
}

/** Marks a middleware as refusing API tokens: the route takes a signed-in session only (issue 40). */
export function describesSessionOnly<M extends Middleware>(middleware: M): M {
  return Object.assign(middleware, { [SESSION_ONLY]: true });
}

/** Whether a route's middleware refuses API tokens. */
export const isSessionOnly = (stack: readonly Middleware[]) => stack.some((m) => (m as unknown as Record<symbol, boolean | undefined>)[SESSION_ONLY]);

/** Marks a middleware as one that may answer these statuses (a budget's 429), so its routes document them. */
export function describesResponses<M extends Middleware>(middleware: M, ...statuses: ExtraStatus[]): M {
  return Object.assign(middleware, { [ANSWERS]: statuses });
}

/**
 * A pass-through step that documents statuses the route's service answers (a plan limit's 402, a poll budget's
 * 429): they are not visible in the middleware list otherwise.
 */
export function answers(...statuses: ExtraStatus[]): Middleware {
  return describesResponses((_ctx, next) => next(), ...statuses);
}

export interface RouteLayer {
  method: string;
  /** The router's path pattern, e.g. `/api/teams/:teamId`. */
  path: string;
  stack: Middleware[];
}

/**
 * Every route of the app's feature routers, read from the routers themselves (each `router.routes()` middleware
 * carries its router). HEAD, which the router adds beside each GET, is left out.
 */
export function routeLayers(app: Koa): RouteLayer[] {
  const routes: RouteLayer[] = [];
  for (const middleware of app.middleware) {
    const router = (middleware as { router?: Router }).router;
    if (!router) continue;
    for (const layer of router.stack) {
      for (const method of layer.methods) {
        if (method !== 'HEAD') routes.push({ method, path: String(layer.path), stack: layer.stack as Middleware[] });
      }
    }
  }
  return routes;
}

const errorBody = {
  type: 'object',
  properties: {
    message: { type: 'string', description: 'What went wrong, in words a person can act on' },
    code: { type: 'string' },
    issues: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
  },
  required: ['message'],
} as const;

const paymentRequired = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    code: { const: 'payment_required' },
    requiredPlan: { enum: ['pro', 'enterprise'] },
    teamOwnerId: { type: 'string', format: 'uuid' },
    requiresUpgrade: { const: true },
  },
  required: ['message', 'requiredPlan', 'teamOwnerId', 'requiresUpgrade'],
} as const;

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  // Input shapes (what a client sends); transforms and refinements have no JSON form and are left open.
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export function openApiDocument(app: Koa, info: { title: string; version: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routeLayers(app)) {
    const notes = route.stack.map((m) => (m as unknown as Record<symbol, ValidationNote | undefined>)[VALIDATES]).filter((n) => !!n);
    const signedIn = route.stack.some((m) => (m as unknown as Record<symbol, boolean | undefined>)[REQUIRES_SESSION]);
    const pathParams = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
    const parameters: Record<string, unknown>[] = pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    const query = notes.find((n) => n.part === 'query');
    if (query) {
      const schema = jsonSchema(query.schema) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        parameters.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property });
      }
    }
    const body = notes.find((n) => n.part === 'body');
    const responses: Record<string, unknown> = {
      '2XX': { description: 'Success' },
      '400': { description: 'The request is not valid; `issues` names each problem', content: { 'application/json': { schema: errorBody } } },
      '404': { description: 'Not found, or not visible to the caller', content: { 'application/json': { schema: errorBody } } },
    };
    if (signedIn) {
      responses['401'] = { description: 'Not signed in', content: { 'application/json': { schema: errorBody } } };
      responses['403'] = { description: 'Signed in, but not allowed', content: { 'application/json': { schema: errorBody } } };
    }
    const extra = new Set(route.stack.flatMap((m) => (m as unknown as Record<symbol, ExtraStatus[] | undefined>)[ANSWERS] ?? []));
    if (route.method === 'POST' || extra.has(402)) {
      responses['402'] = { description: 'The team plan does not allow this', content: { 'application/json': { schema: paymentRequired } } };
    }
    if (extra.has(429)) {
      responses['429'] = {
        description: 'Too many requests for now: wait, then try again',
        headers: { 'Retry-After': { description: 'When sent: the seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } },
        content: { 'application/json': { schema: errorBody } },
      };
    }
    paths[openApiPath(route.path)] ??= {};
    paths[openApiPath(route.path)]![route.method.toLowerCase()] = {
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      // Issue 40: an API token works wherever a session does, but on the routes that refuse it.
      ...(signedIn ? { security: isSessionOnly(route.stack) ? [{ session: [] }] : [{ session: [] }, { token: [] }] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(body.schema) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE_NAME, description: 'The session cookie set by sign-in' },
        token: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal API token (Authorization: Bearer plt_…), made on the profile page: read tokens may only GET; never accepted for sign-in, billing, tokens or webhooks',
        },
      },
    },
    paths,
  };
}

/** GET /api/openapi.json: the document, built once from the app on first request (all routers are in by then). */
export function openApiRoutes(app: Koa): Router {
  const router = new Router({ prefix: '/api' });
  let document: Record<string, unknown> | undefined;
  router.get('/openapi.json', (ctx) => {
    document ??= openApiDocument(app, { title: 'Planline API', version: '1' });
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = document;
  });
  return router;
}
