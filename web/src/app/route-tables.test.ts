import { isValidElement } from 'react';
import { matchRoutes, Navigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SignInFirst } from '../features/auth';
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

describe('plan pages (issue 7)', () => {
  it.each(['/subscribe', '/payment', '/upgrade', '/upgrade/success'])('[routes-plans] %s is a signed-in page', (path) => {
    expect(matchedPath(signedInRoutes, path)).toBe(path);
  });

  it('[routes-plans] the test checkout page is signed in only', () => {
    expect(matchedPath(signedInRoutes, '/checkout/test/cs_test_1')).toBe('/checkout/test/:sessionId');
    expect(matchedPath(signedOutRoutes, '/checkout/test/cs_test_1')).toBe('*');
  });

  it('[routes-plans] signed out, /payment is a page, /subscribe is not, the upgrade pages lead to /', () => {
    expect(matchedPath(signedOutRoutes, '/payment')).toBe('/payment');
    expect(matchedPath(signedOutRoutes, '/subscribe')).toBe('*');
    for (const path of ['/upgrade', '/Upgrade/Success/']) {
      const element = matchRoutes(signedOutRoutes, path)?.at(-1)?.route.element;
      expect(isValidElement(element) && element.type === Navigate && (element.props as { to: string }).to).toBe('/');
    }
  });
});

describe('signed-in pages visited signed out', () => {
  it('[profile-return] /profile sends a signed-out visitor to sign in first, not to the 404 page', () => {
    for (const path of ['/profile', '/Profile/']) {
      const element = matchRoutes(signedOutRoutes, path)?.at(-1)?.route.element;
      expect(isValidElement(element) && element.type).toBe(SignInFirst);
    }
    expect(matchedPath(signedInRoutes, '/profile')).toBe('/profile');
  });
});
