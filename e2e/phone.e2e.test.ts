import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayFromToday, holdApp, newContext, newTouchContext, signUpByApi, teamWithTeammate, useAppAndBrowser, chartSynced } from './harness.js';
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
      // Both charts synced: an edit made on the bars painted before the document arrived waits until it is in.
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
      // (B may see it first as the drag's preview, before the drop is stored: the store is polled.)
      const storedTasks = async () => (await (await a.request.get(`/api/projects/${projectId}/tasks`)).json()) as { startDate: string; endDate: string }[];
      await expect.poll(async () => (await storedTasks())[0]!.startDate > dayFromToday(0)).toBe(true);
      const [stored] = await storedTasks();

      // A long press on the bar's right end and a move resizes it: the end moves, the start stays.
      // The end's handle is where the task's days end: a short bar's 80 px run on past it ([bar-true-span]).
      const endOffset = await bar.locator('[data-drag-handle="resize-end"]').evaluate((handle) => {
        const [h, b] = [handle.getBoundingClientRect(), handle.closest('[data-task-bar]')!.getBoundingClientRect()];
        return h.left + h.width / 2 - b.left;
      });
      const endGrip = await reachable(phone, bar, (b) => b.x + endOffset);
      await hand.longPressDrag(endGrip.x, endGrip.y, 70, 550);
      await expect.poll(() => label(bar)).not.toBe(moved);
      await expect.poll(async () => (await (await a.request.get(`/api/projects/${projectId}/tasks`)).json())[0].endDate).not.toBe(stored!.endDate);
      const resized = (await (await a.request.get(`/api/projects/${projectId}/tasks`)).json())[0];
      expect(resized.startDate).toBe(stored!.startDate);
      expect(resized.endDate > stored!.endDate).toBe(true);

      // A tap on the bar opens its details.
      const tapAt = await reachable(phone, bar, (b) => b.x + b.width / 2);
      await hand.tap(tapAt.x, tapAt.y);
      await phone.getByRole('dialog', { name: 'Task Details' }).waitFor();

      await hand.detach();
      await Promise.all([phoneContext.close(), desk.close(), teammateContext.close()]);
    });
  }
});

describe('the workspace on a phone', () => {
  it('[e2e-phone-first-screen] 390×844: the chart\'s title and first rows are on the first screen; the folded header and tools open by touch', async () => {
    const desk = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(desk, 'Lea', 'Lead');
    const team = await (await a.request.post('/api/teams', { data: { name: 'Harbour' } })).json();
    const project = await (await a.request.post('/api/projects', { data: { name: 'Quay wall', teamId: team.id } })).json();
    const other = await (await a.request.post('/api/projects', { data: { name: 'Night shift', teamId: team.id } })).json();
    const tasks: { id: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await a.request.post('/api/tasks', { data: { projectId: project.id, name: `Pile ${i + 1}`, startDate: dayFromToday(i % 4), endDate: dayFromToday((i % 4) + 2) } });
      tasks.push(await res.json());
    }
    const night = await (await a.request.post('/api/tasks', { data: { projectId: other.id, name: 'Floodlights', startDate: dayFromToday(0), endDate: dayFromToday(2) } })).json();
    const viewport = { width: 390, height: 844 };
    const phoneContext = await newTouchContext(env.browser(), env.app().url, viewport, await desk.storageState());
    const phone = await phoneContext.newPage();

    await phone.goto('/');
    await phone.locator(`[data-task-bar="${tasks[0]!.id}"]`).waitFor();
    await chartSynced(phone);

    // At load, unscrolled: the chart's title bar and its first three rows' bars are wholly on the first screen.
    expect(await phone.evaluate(() => window.scrollY)).toBe(0);
    const onFirstScreen = async (locator: Locator) => {
      const b = await box(locator);
      return b.y >= 0 && b.y + b.height <= viewport.height && b.x >= 0 && b.x + b.width <= viewport.width;
    };
    expect(await onFirstScreen(phone.getByRole('heading', { name: 'Project Timeline' }))).toBe(true);
    for (const task of tasks.slice(0, 3)) expect(await onFirstScreen(phone.locator(`[data-task-bar="${task.id}"]`))).toBe(true);

    // The header is folded behind a real disclosure button; a tap opens it, and the project select in it switches
    // the project by touch.
    const hand = await finger(phone);
    const tap = async (locator: Locator) => {
      const { x, y } = await centre(locator);
      await hand.tap(x, y);
    };
    const details = phone.getByRole('button', { name: 'Project details and actions' });
    const projectSelect = phone.getByRole('combobox', { name: 'Select project' });
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    expect(await projectSelect.isVisible()).toBe(false);
    await tap(details);
    await expect.poll(() => details.getAttribute('aria-expanded')).toBe('true');
    const detailsPanel = phone.locator(`#${await details.getAttribute('aria-controls')}`);
    expect(await detailsPanel.getByRole('combobox', { name: 'Select project' }).isVisible()).toBe(true);
    await tap(projectSelect);
    await tap(phone.getByRole('option', { name: 'Night shift' }));
    await phone.locator(`[data-task-bar="${night.id}"]`).waitFor();
    await chartSynced(phone);
    expect(await projectSelect.textContent()).toContain('Night shift');

    // The chart's rarer tools are behind "More": a tap shows them, and Critical path works from there.
    const more = phone.getByRole('button', { name: 'More chart tools' });
    const criticalPath = phone.getByRole('button', { name: 'Critical path', exact: true });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await criticalPath.isVisible()).toBe(false);
    await tap(more);
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('true');
    expect(await phone.locator(`#${await more.getAttribute('aria-controls')}`).getByRole('button', { name: 'Critical path', exact: true }).isVisible()).toBe(true);
    await tap(criticalPath);
    await expect.poll(() => criticalPath.getAttribute('aria-pressed')).toBe('true');
    await hand.detach();

    // [first-screen] Left with both open, the return visit's picture shows them folded, as the live page opens:
    // the live chart takes the picture's place without moving.
    await phone.goto('/profile');
    const app = await holdApp(phoneContext);
    await phone.goto('/', { waitUntil: 'commit' });
    const pictured = phone.locator(`#first-screen [data-pictured-bar="${night.id}"]`);
    await pictured.waitFor();
    const picturedBox = await box(pictured);
    await app.release();
    const live = phone.locator(`#root [data-task-bar="${night.id}"]`);
    await live.waitFor();
    await expect.poll(() => phone.locator('#first-screen').count()).toBe(0);
    expect(await live.boundingBox()).toEqual(picturedBox);
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    await Promise.all([phoneContext.close(), desk.close()]);
  });
});
