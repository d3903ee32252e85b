import { describe, expect, it } from 'vitest';
import { pathAfterAuth } from './auth-redirect';

describe('pathAfterAuth', () => {
  it('[auth-after-success] sends the free plan to the workspace and paid plans to checkout', () => {
    expect(pathAfterAuth('free')).toBe('/');
    expect(pathAfterAuth('pro')).toBe('/payment?plan=pro');
    expect(pathAfterAuth('enterprise')).toBe('/payment?plan=enterprise');
  });
});
