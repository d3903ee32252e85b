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

  it("is not kept by a tab left open after a sign-out in another tab, as it closes (issue 34 item 7)", async () => {
    // Two tabs of one browser: two copies of this module, one localStorage.
    vi.resetModules();
    const signingOut = await import('./first-screen');
    vi.resetModules();
    const leftOpen = await import('./first-screen');
    // Both workspace pages know their person (AppRoutes), then one signs out.
    signingOut.forgetFirstScreen({ keepUserId: 'ada' });
    leftOpen.forgetFirstScreen({ keepUserId: 'ada' });
    const chart = { innerHTML: '<p>chart</p>', querySelectorAll: () => [] };
    const root = { querySelector: () => null, querySelectorAll: () => [], cloneNode: () => chart } as unknown as HTMLElement;
    leftOpen.keepFirstScreen(root, 'ada', 'p1', 1280, NOW);
    expect(readFirstScreen('ada', 1280, NOW)?.html).toBe('<p>chart</p>');
    signingOut.forgetFirstScreen();
    expect(store.has(FIRST_SCREEN_KEY)).toBe(false);
    // The other tab closes: its page hides, and the chart it shows is not written back.
    leftOpen.keepFirstScreen(root, 'ada', 'p1', 1280, NOW);
    expect(store.has(FIRST_SCREEN_KEY)).toBe(false);
    // Nor by a tab of someone else's after another person signed in on this browser.
    leftOpen.forgetFirstScreen({ keepUserId: 'bea' });
    leftOpen.keepFirstScreen(root, 'ada', 'p1', 1280, NOW);
    expect(store.has(FIRST_SCREEN_KEY)).toBe(false);
  });
});
