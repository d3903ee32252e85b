import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_KEY, forgetFirstScreen, readFirstScreen } from './first-screen';

/** localStorage as the browser has it, for the Node test run. */
const store = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  },
});

const NOW = Date.UTC(2026, 10, 27, 9);
const copy = (over: Record<string, unknown> = {}) => ({ v: 1, userId: 'ada', projectId: 'p1', html: '<p>chart</p>', scroll: [], width: 1280, savedAt: NOW - 1000, ...over });
const keep = (over: Record<string, unknown> = {}) => store.set(FIRST_SCREEN_KEY, JSON.stringify(copy(over)));

describe('[first-screen] the kept picture of the chart', () => {
  beforeEach(() => store.clear());

  it("is painted only for its own person, at its own width, while recent, in the form this code writes", () => {
    keep();
    expect(readFirstScreen('ada', 1280, NOW)?.html).toBe('<p>chart</p>');
    expect(readFirstScreen('bea', 1280, NOW)).toBeNull();
    expect(readFirstScreen('ada', 390, NOW)).toBeNull();
    expect(readFirstScreen('ada', 1280, NOW + 8 * 24 * 3600 * 1000)).toBeNull();
    keep({ v: 0 });
    expect(readFirstScreen('ada', 1280, NOW)).toBeNull();
    store.set(FIRST_SCREEN_KEY, '{not json');
    expect(readFirstScreen('ada', 1280, NOW)).toBeNull();
  });

  it('is deleted at sign-out, when its project is lost, and when someone else signs in', () => {
    keep();
    forgetFirstScreen({ projectId: 'p2' });
    expect(store.has(FIRST_SCREEN_KEY)).toBe(true);
    forgetFirstScreen({ keepUserId: 'ada' });
    expect(store.has(FIRST_SCREEN_KEY)).toBe(true);
    forgetFirstScreen({ projectId: 'p1' });
    expect(store.has(FIRST_SCREEN_KEY)).toBe(false);
    keep();
    forgetFirstScreen({ keepUserId: 'bea' });
    expect(store.has(FIRST_SCREEN_KEY)).toBe(false);
    keep();
    forgetFirstScreen();
    expect(store.has(FIRST_SCREEN_KEY)).toBe(false);
  });

  it('[first-screen-signed-out] is not kept by a tab closing after the person signed out in another tab (issue 34)', async () => {
    // A page of its own: the sign-out above ended this module's keeping.
    vi.resetModules();
    const { keepFirstScreen } = await import('./first-screen');
    // A page's root as keepFirstScreen reads it: no markers to rename, the chart's markup.
    const root = { querySelector: () => null, querySelectorAll: () => [], cloneNode() { return this; }, innerHTML: '<p>chart</p>' } as unknown as HTMLElement;
    keepFirstScreen(root, 'ada', 'p1', 1280);
    expect(store.has(FIRST_SCREEN_KEY)).toBe(true);
    // The other tab signs out: it deletes the copy and says when, in the storage every tab of the browser shares.
    store.delete(FIRST_SCREEN_KEY);
    store.set('planline.signedOutAt', String(Date.now()));
    // This tab, still showing the chart, is closed: its pagehide keeps nothing.
    keepFirstScreen(root, 'ada', 'p1', 1280);
    expect(store.has(FIRST_SCREEN_KEY)).toBe(false);
  });
});
