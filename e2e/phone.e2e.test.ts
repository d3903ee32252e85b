import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayFromToday, newContext, newTouchContext, signUpByApi, teamWithTeammate, useAppAndBrowser, chartSynced } from './harness.js';
import { finger } from './touch.js';

const env = useAppAndBrowser();

const scrollLeft = (page: Page) => page.locator('[data-timeline-scroll]').evaluate((el) => el.scrollLeft);
const label = (bar: Locator) => bar.getAttribute('aria-label');

/** Waits until the chart's sideways scroll holds still for 150 ms (a fling has ended). */
async function scrollSettled(page: Page) {
  let last = -1;
  await expect
    .poll(async () => {
      const now = await scrollLeft(page);
      const still = now === last;
      last = now;
      return still;
    }, { interval: 150 })
    .toBe(true);
}

async function box(locator: Locator) {
  return (await locator.boundingBox())!;
}

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const { x, y, width, height } = await box(locator);
  return { x: x + width / 2, y: y + height / 2 };
}

/** Whether `inner` lies wholly inside `outer` on screen (and has a size). */
async function shownInside(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
  return a.width > 0 && a.height > 0 && a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y >= b.y && a.y + a.height <= b.y + b.height;
}

/**
 * A point of `bar` (at `xOf` its box) a finger can press: on screen and not under the sticky name column, which
 * covers the bars scrolled beneath it. The chart is swiped sideways (by script, as a finger would) until it is.
 */
async function reachable(page: Page, bar: Locator, xOf: (b: { x: number; width: number }) => number): Promise<{ x: number; y: number }> {
  const scroller = page.locator('[data-timeline-scroll]');
  const taskId = (await bar.getAttribute('data-task-bar'))!;
  for (let attempt = 0; attempt < 4; attempt++) {
    const b = await box(bar);
    const point = { x: xOf(b), y: b.y + b.height / 2 };
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-task-bar]')?.getAttribute('data-task-bar') ?? null, point);
    if (hit === taskId) return point;
    // Bring the point to the middle of the chart's visible days.
    const chart = await box(scroller);
    const names = await box(page.locator(`[data-task-row="${taskId}"]`).getByRole('button').first());
    await scroller.evaluate((el, by) => (el.scrollLeft += by), point.x - (names.x + names.width + chart.x + chart.width) / 2);
    await scrollSettled(page);
  }
  throw new Error('no point of the bar can be pressed');
}

describe('the timeline on a phone and a tablet', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 768, height: 1024 },
  ]) {
    it(`[e2e-phone] ${viewport.width} px with touch: bars show, a swipe scrolls, a long-press drag moves a bar (a teammate sees it) and resizes it`, async () => {
      const desk = await newContext(env.browser(), env.app().url);
      const a = await signUpByApi(desk, 'Pia', 'Phone');
      const teammateContext = await newContext(env.browser(), env.app().url);
      const b = await signUpByApi(teammateContext, 'Tom', 'Desk');
      const { projectId } = await teamWithTeammate(a, b, 'Pocket', 'Field work');
      const task = await (await a.request.post('/api/tasks', { data: { projectId, name: 'Survey the site', startDate: dayFromToday(0), endDate: dayFromToday(3) } })).json();
      const phoneContext = await newTouchContext(env.browser(), env.app().url, viewport, await desk.storageState());
      const phone = await phoneContext.newPage();

      await phone.goto('/');
      await b.goto('/');
      const scroller = phone.locator('[data-timeline-scroll]');
      const bar = phone.locator(`[data-task-bar="${task.id}"]`);
      await bar.waitFor();
      await b.locator(`[data-task-bar="${task.id}"]`).waitFor();
      // Both charts editable: the bars painted before the document arrived are read-only until it is in.
      await Promise.all([chartSynced(phone), chartSynced(b)]);

      // The bar and its row's name are on screen, inside the chart, and the chart fits the page.
      expect(await shownInside(bar, scroller)).toBe(true);
      const nameCell = phone.locator(`[data-task-row="${task.id}"]`).getByRole('button').first();
      expect(await shownInside(nameCell, scroller)).toBe(true);
      expect((await nameCell.boundingBox())!.width).toBeLessThan(viewport.width / 2);
      const card = (await phone.getByRole('region', { name: 'Project Timeline' }).boundingBox())!;
      expect(card.x + card.width).toBeLessThanOrEqual(viewport.width);
      // The toolbar wraps rather than running off the page.
      for (const name of ['2 Weeks', 'Zoom out', 'Zoom in', 'Today', 'Redo']) {
        const box = (await phone.getByRole('button', { name, exact: true }).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }

      // Zoomed in (taps), the days are wider than the chart: a swipe across the bar scrolls sideways and leaves
      // the task as it was.
      const hand = await finger(phone);
      const zoomIn = await centre(phone.getByRole('button', { name: 'Zoom in', exact: true }));
      const overflow = () => scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
      for (let taps = 0; taps < 4 && (await overflow()) < 150; taps++) {
        const was = await overflow();
        await hand.tap(zoomIn.x, zoomIn.y);
        await expect.poll(overflow).toBeGreaterThan(was);
      }
      expect(await overflow()).toBeGreaterThanOrEqual(150);
      await scroller.evaluate((el) => (el.scrollLeft = 0));
      const before = await label(bar);
      const start = await centre(bar);
      await hand.swipe(start.x, start.y, -120, 0);
      await expect.poll(() => scrollLeft(phone)).toBeGreaterThan(40);
      expect(await label(bar)).toBe(before);

      // A long press lifts the bar (its dates show beside it), then the finger moves it to the right. As a person
      // would, the finger goes down once the swipe's fling has come to rest.
      await scrollSettled(phone);
      await bar.scrollIntoViewIfNeeded();
      await scrollSettled(phone);
      const grip = await reachable(phone, bar, (b) => b.x + b.width / 2);
      await hand.longPressDrag(grip.x, grip.y, 90, 550);
      await expect.poll(() => label(bar)).not.toBe(before);
      const moved = await label(bar);
      // No details panel: the press was a drag, not a tap.
      expect(await phone.getByRole('dialog', { name: 'Task Details' }).count()).toBe(0);

      // The teammate on a desktop sees the new dates without reloading, and they are stored.
      await expect.poll(() => label(b.locator(`[data-task-bar="${task.id}"]`)), { timeout: 5000 }).toBe(moved);
      const stored = await (await a.request.get(`/api/projects/${projectId}/tasks`)).json();
      expect(stored[0].startDate > dayFromToday(0)).toBe(true);

      // A long press on the bar's right end and a move resizes it: the end moves, the start stays.
      const endGrip = await reachable(phone, bar, (b) => b.x + b.width - 6);
      await hand.longPressDrag(endGrip.x, endGrip.y, 70, 550);
      await expect.poll(() => label(bar)).not.toBe(moved);
      await expect.poll(async () => (await (await a.request.get(`/api/projects/${projectId}/tasks`)).json())[0].endDate).not.toBe(stored[0].endDate);
      const resized = (await (await a.request.get(`/api/projects/${projectId}/tasks`)).json())[0];
      expect(resized.startDate).toBe(stored[0].startDate);
      expect(resized.endDate > stored[0].endDate).toBe(true);

      // A tap on the bar opens its details.
      const tapAt = await reachable(phone, bar, (b) => b.x + b.width / 2);
      await hand.tap(tapAt.x, tapAt.y);
      await phone.getByRole('dialog', { name: 'Task Details' }).waitFor();

      await hand.detach();
      await Promise.all([phoneContext.close(), desk.close(), teammateContext.close()]);
    });
  }
});
