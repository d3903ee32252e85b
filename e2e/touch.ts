import type { Page } from 'playwright-core';

/**
 * A finger on the page, through the DevTools protocol (Input.dispatchTouchEvent): the browser turns it into
 * touch and pointer events and into scrolling, as on a phone.
 */
export async function finger(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  /** Moves from (x, y) by (dx, dy) in `steps` moves, `stepMs` apart. */
  const slide = async (x: number, y: number, dx: number, dy: number, steps: number, stepMs: number) => {
    for (let i = 1; i <= steps; i++) {
      await touch('touchMove', x + (dx * i) / steps, y + (dy * i) / steps);
      await page.waitForTimeout(stepMs);
    }
  };
  return {
    /** A quick swipe: down, move at once, up. */
    async swipe(x: number, y: number, dx: number, dy: number) {
      await touch('touchStart', x, y);
      await slide(x, y, dx, dy, 8, 16);
      await touch('touchEnd');
    },
    /** A press held still for `holdMs`, then a slow move, then up. */
    async longPressDrag(x: number, y: number, dx: number, holdMs: number) {
      await touch('touchStart', x, y);
      await page.waitForTimeout(holdMs);
      await slide(x, y, dx, 0, 10, 30);
      await touch('touchEnd');
    },
    /** A press held still for `holdMs`, then a slow move to (toX, toY), then up. */
    async longPressPath(x: number, y: number, toX: number, toY: number, holdMs: number) {
      await touch('touchStart', x, y);
      await page.waitForTimeout(holdMs);
      await slide(x, y, toX - x, toY - y, 10, 30);
      await touch('touchEnd');
    },
    async tap(x: number, y: number) {
      await touch('touchStart', x, y);
      await touch('touchEnd');
    },
    detach: () => cdp.detach(),
  };
}
