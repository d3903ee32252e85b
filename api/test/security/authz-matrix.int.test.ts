import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../harness.js';
import { writeFigures } from './figures.js';
import { expectedOutcome, PARAMS, ROUTE_RULES, type CaseInput, type Variant } from './route-rules.js';
import { ACTORS, appRoutes, buildWorld, routeKey, type Actor, type Scope, type World } from './world.js';

/**
 * [authz-matrix] Issue #9: every route the routers answer × every kind of caller × their own team's ids and
 * another team's. The cases are generated from the routers' own route list, so a route without a rule in
 * route-rules.ts fails here instead of going untested.
 *
 * A leak is an allowed answer (2xx/3xx) where the rule refuses, or a protected name in any answer the caller
 * may not see; an over-refusal is a 401/403/404 where the rule allows. Both must be 0.
 */
const server = await startTestServer();
const routes = appRoutes(server);
let world: World;

const figures = { routes: routes.length, cases: 0, passed: 0, leaks: 0, overRefusals: 0, otherMismatches: 0, serverErrors: 0 };
const failures: string[] = [];

beforeAll(async () => {
  world = await buildWorld(server);
});
afterAll(async () => {
  writeFigures('authz-matrix', { ...figures, failures });
  await server.stop();
});

const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

async function requestFor(method: string, path: string, variant: Variant, input: CaseInput) {
  const given = variant.params ? await variant.params(input) : {};
  let filled = path;
  for (const name of paramNames(path)) {
    const value = given[name] ?? (PARAMS[name] ? await PARAMS[name](input, method) : undefined);
    if (value === undefined) throw new Error(`no id fixture for path parameter :${name} (add one to PARAMS)`);
    filled = filled.replace(`:${name}`, encodeURIComponent(value));
  }
  const query = variant.query ? await variant.query(input) : '';
  const body = variant.body ? await variant.body(input) : undefined;
  const headers = variant.headers ? variant.headers(input, body) : {};
  return { url: query ? `${filled}?${query}` : filled, body, headers };
}

/** Names the caller may not read anywhere: the other team's always; ours unless they are in it. */
function hiddenFrom(actor: Actor): string[] {
  const theirs = [world.other.team.name, world.other.project.name, world.other.team.teamCode];
  const ours = [world.own.team.name, world.own.project.name, world.own.team.teamCode];
  return ['anonymous', 'outsider', 'removed'].includes(actor) ? [...theirs, ...ours] : theirs;
}

describe('authorization matrix (generated from the route list)', () => {
  it('[authz-coverage] every route has a rule, and every rule names a route', () => {
    const keys = routes.map(routeKey);
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.filter((k) => !ROUTE_RULES[k]), 'routes without a rule in route-rules.ts').toEqual([]);
    expect(Object.keys(ROUTE_RULES).filter((k) => !keys.includes(k)), 'rules for routes that no longer exist').toEqual([]);
  });

  for (const route of routes) {
    const key = routeKey(route);
    const variants = ROUTE_RULES[key];
    if (!variants) continue; // reported by [authz-coverage]
    for (const variant of variants) {
      const scopes: Scope[] = variant.scopes ?? (route.path.includes(':') ? ['own', 'other'] : ['none']);
      for (const scope of scopes) {
        for (const actor of ACTORS) {
          const outcome = expectedOutcome(variant.rule, actor, scope);
          const name = `[authz] ${key}${variant.label ? ` (${variant.label})` : ''} · ${actor} · ${scope} ids → ${outcome === 'allow' ? variant.ok : outcome}`;
          it(name, async () => {
            figures.cases += 1;
            const input: CaseInput = { world, actor, scope };
            const { url, body, headers } = await requestFor(route.method, route.path, variant, input);
            const client = variant.freshSession ? await world.freshSession(actor) : world.client(actor);
            const res = await client.request(route.method, url, body, headers).finally(() => variant.after?.(input));
            const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '');
            const allowed = res.status >= 200 && res.status < 400;
            const shown = hiddenFrom(actor).filter((secret) => text.includes(secret));
            if (res.status >= 500) figures.serverErrors += 1;
            if ((outcome !== 'allow' && allowed) || shown.length) figures.leaks += 1;
            else if (outcome === 'allow' && [401, 403, 404].includes(res.status)) figures.overRefusals += 1;
            else if (res.status !== (outcome === 'allow' ? variant.ok : outcome)) figures.otherMismatches += 1;
            else figures.passed += 1;
            if (res.status !== (outcome === 'allow' ? variant.ok : outcome) || shown.length) failures.push(`${name}: got ${res.status}${shown.length ? ` showing ${shown.join(', ')}` : ''}`);
            expect(shown, `protected names in the answer to ${actor}`).toEqual([]);
            expect(res.status, text.slice(0, 300)).toBe(outcome === 'allow' ? variant.ok : outcome);
          });
        }
      }
    }
  }
});
