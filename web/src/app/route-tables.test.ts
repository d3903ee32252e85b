import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedInRoutes, signedOutRoutes } from './route-tables';

const STATIC_PAGES = ['/help-center', '/privacy-policy', '/terms-of-service'];

/** The path of the deepest route that answers, '*' for the 404 page. */
function matchedPath(routes: typeof signedInRoutes, pathname: string): string | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path;
}

describe.each([
  ['signed out', signedOutRoutes],
  ['signed in', signedInRoutes],
] as const)('static pages %s', (_state, routes) => {
  it.each(STATIC_PAGES)('[routes-static-pages] %s is a page, not the 404', (path) => {
    expect(matchedPath(routes, path)).toBe(path);
  });

  it('[routes-matching] matches case-insensitively and with a trailing slash', () => {
    expect(matchedPath(routes, '/Help-Center/')).toBe('/help-center');
  });
});
