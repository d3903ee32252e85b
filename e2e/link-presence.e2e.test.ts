import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayFromToday, newContext, newTouchContext, signUpByApi, teamWithTeammate, useAppAndBrowser, chartSynced } from './harness.js';
import { finger } from './touch.js';

const env = useAppAndBrowser();

interface StoredTask {
  id: string;
  links: { dependsOnTaskId: string; type: string; lagDays: number }[];
}

async function storedLinks(page: Page, projectId: string, taskId: string) {
  const tasks: StoredTask[] = await (await page.request.get(`/api/projects/${projectId}/tasks`)).json();
  return tasks.find((t) => t.id === taskId)?.links ?? [];
}

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const { x, y, width, height } = (await locator.boundingBox())!;
  return { x: x + width / 2, y: y + height / 2 };
}

/** Within two pixels: positions on screen are fractional, and the draft travels in hundredths of a day. */
const near = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) <= 2;

/** Where a teammate's draft line ends on screen (its dot), or null while none is drawn. */
async function draftEnd(page: Page, userId: string) {
  const dot = page.locator(`[data-remote-link-draft="${userId}"] circle`);
  return (await dot.count()) ? centre(dot) : null;
}

describe('a link being drawn is presence', () => {
  it('[e2e-link-presence] B sees A draw a link in A\'s colour, to the pointer and then onto the target bar; the drop leaves the arrow and a history entry, Escape and leaving clear it', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Ada', 'Planner');
    const b = await signUpByApi(contextB, 'Bea', 'Builder');
    const { projectId } = await teamWithTeammate(a, b, 'Works', 'Bridge');
    const ada = (await (await a.request.get('/api/auth/user')).json()) as { id: string };
    const create = async (name: string, start: number, end: number) =>
      (await (await a.request.post('/api/tasks', { data: { projectId, name, startDate: dayFromToday(start), endDate: dayFromToday(end) } })).json()) as StoredTask;
    const design = await create('Design', 0, 3);
    const build = await create('Build', 7, 10);
    for (const page of [a, b]) {
      await page.goto('/');
      await page.locator(`[data-task-bar="${build.id}"]`).waitFor();
      await chartSynced(page);
    }

    // A presses Design's finish handle and moves towards the row below, short of Build's bar.
    await a.locator(`[data-task-bar="${design.id}"]`).hover();
    const handle = await centre(a.locator(`[data-task-bar="${design.id}"] [data-link-handle="end"]`));
    const buildBarA = (await a.locator(`[data-task-bar="${build.id}"]`).boundingBox())!;
    await a.mouse.move(handle.x, handle.y);
    await a.mouse.down();
    const rowBelow = buildBarA.y + buildBarA.height / 2;
    for (let i = 1; i <= 5; i++) await a.mouse.move(handle.x + 4 * i, handle.y + ((rowBelow - handle.y) * i) / 5);

    // B sees the line from Design's finish, in A's colour, with A's name at its end, ending a row below.
    const line = b.locator(`[data-remote-link-draft="${ada.id}"]`);
    await line.waitFor({ timeout: 5000 });
    const designBarB = (await b.locator(`[data-task-bar="${design.id}"]`).boundingBox())!;
    const tag = b.locator(`[data-link-draft-holder="${ada.id}"]`);
    expect(await tag.textContent()).toBe('Ada Planner linking');
    const colour = await tag.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await line.locator('line').evaluate((el) => getComputedStyle(el).stroke)).toBe(colour);
    const buildBarB = (await b.locator(`[data-task-bar="${build.id}"]`).boundingBox())!;
    await expect.poll(async () => near((await draftEnd(b, ada.id))?.y, buildBarB.y + buildBarB.height / 2), { timeout: 5000 }).toBe(true);
    const start = await line.locator('line').evaluate((el: SVGLineElement) => {
      const point = new DOMPoint(el.x1.baseVal.value, el.y1.baseVal.value).matrixTransform(el.getScreenCTM()!);
      return { x: point.x, y: point.y };
    });
    expect(near(start.x, designBarB.x + designBarB.width)).toBe(true);
    expect(near(start.y, designBarB.y + designBarB.height / 2)).toBe(true);
    expect(await line.getAttribute('data-link-target')).toBeNull();

    // Over Build's bar, B's line snaps to Build's start, where the link would arrive.
    await a.mouse.move(buildBarA.x + buildBarA.width / 2, rowBelow, { steps: 4 });
    await b.locator(`[data-remote-link-draft="${ada.id}"][data-link-target="${build.id}"]`).waitFor({ timeout: 5000 });
    await expect.poll(async () => near((await draftEnd(b, ada.id))?.x, buildBarB.x), { timeout: 5000 }).toBe(true);

    // The drop: B sees the arrow, and the draft is gone.
    await a.mouse.up();
    await b.locator(`[data-dependency="${build.id}->${design.id}"]`).waitFor({ timeout: 5000 });
    await expect.poll(() => b.locator('[data-remote-link-draft]').count(), { timeout: 5000 }).toBe(0);
    await expect.poll(() => storedLinks(a, projectId, build.id), { timeout: 5000 }).toEqual([{ dependsOnTaskId: design.id, type: 'FS', lagDays: 0 }]);

    // Build's Change History tells B who linked it to what.
    await b.locator(`[data-task-row="${build.id}"]`).getByRole('button').first().click();
    const details = b.getByRole('dialog', { name: 'Task Details' });
    await details.getByRole('tab', { name: 'Change History' }).click();
    const entry = details.getByRole('list', { name: 'Change history' }).getByRole('listitem').filter({ hasText: 'added a dependency' });
    await entry.waitFor({ timeout: 5000 });
    expect((await entry.textContent())?.replace(/\s+/g, ' ')).toMatch(/^Ada added a dependency.*Design \(finish-to-start, no lag\)$/);
    await b.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // Escape cancels a line: B's goes too, and nothing is linked.
    await a.locator(`[data-task-bar="${build.id}"]`).hover();
    const buildHandle = await centre(a.locator(`[data-task-bar="${build.id}"] [data-link-handle="end"]`));
    await a.mouse.move(buildHandle.x, buildHandle.y);
    await a.mouse.down();
    await a.mouse.move(buildHandle.x + 60, buildHandle.y + 30, { steps: 4 });
    await line.waitFor({ timeout: 5000 });
    await a.keyboard.press('Escape');
    await expect.poll(() => b.locator('[data-remote-link-draft]').count(), { timeout: 5000 }).toBe(0);
    await a.mouse.up();

    // A closes the chart mid-line: B's copy goes with A's connection.
    await a.locator(`[data-task-bar="${build.id}"]`).hover();
    await a.mouse.move(buildHandle.x, buildHandle.y);
    await a.mouse.down();
    await a.mouse.move(buildHandle.x + 50, buildHandle.y + 20, { steps: 4 });
    await line.waitFor({ timeout: 5000 });
    await contextA.close();
    await expect.poll(() => b.locator('[data-remote-link-draft]').count(), { timeout: 10_000 }).toBe(0);
    expect(await storedLinks(b, projectId, design.id)).toEqual([]);
    await contextB.close();
  });
});

describe('links on a phone', () => {
  it('[e2e-link-touch] the handles are there for a finger: a long press and a drag links two bars; a swipe from a handle scrolls', async () => {
    const desk = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(desk, 'Pia', 'Phone');
    const teammateContext = await newContext(env.browser(), env.app().url);
    const b = await signUpByApi(teammateContext, 'Tom', 'Desk');
    const { projectId } = await teamWithTeammate(a, b, 'Pocket', 'Field work');
    const create = async (name: string, start: number, end: number) =>
      (await (await a.request.post('/api/tasks', { data: { projectId, name, startDate: dayFromToday(start), endDate: dayFromToday(end) } })).json()) as StoredTask;
    const survey = await create('Survey', 0, 1);
    const dig = await create('Dig', 4, 6);
    const phoneContext = await newTouchContext(env.browser(), env.app().url, { width: 390, height: 844 }, await desk.storageState());
    const phone = await phoneContext.newPage();
    await phone.goto('/');
    await b.goto('/');
    const surveyBar = phone.locator(`[data-task-bar="${survey.id}"]`);
    const digBar = phone.locator(`[data-task-bar="${dig.id}"]`);
    await digBar.waitFor();
    await b.locator(`[data-task-bar="${dig.id}"]`).waitFor();
    await chartSynced(b);

    // No hover on a phone: the handles show, each a target a finger can hit.
    const handle = surveyBar.locator('[data-link-handle="end"]');
    expect(await handle.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    const target = (await handle.boundingBox())!;
    expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(32);

    // Both bars well inside the chart: a finger near its edge scrolls it under the line (the grid's row numbers
    // leave the phone's chart narrower, which put Dig at the right edge).
    await phone.locator('[data-timeline-scroll]').evaluate((el) => (el.scrollLeft += 60));
    // A long press on Survey's finish handle, then the finger slides onto Dig and lifts: Dig follows Survey.
    const hand = await finger(phone);
    const from = await centre(handle);
    const to = await centre(digBar);
    await hand.longPressDrag(from.x, from.y, 0, 550);
    // A long press let go where it began links nothing.
    expect(await storedLinks(a, projectId, dig.id)).toEqual([]);
    await hand.longPressPath(from.x, from.y, to.x, to.y, 550);
    await expect.poll(() => storedLinks(a, projectId, dig.id), { timeout: 5000 }).toEqual([{ dependsOnTaskId: survey.id, type: 'FS', lagDays: 0 }]);
    await b.locator(`[data-dependency="${dig.id}->${survey.id}"]`).waitFor({ timeout: 5000 });
    // It was a link, not a tap on the bar under the finger.
    expect(await phone.getByRole('dialog', { name: 'Task Details' }).count()).toBe(0);

    // Zoomed in, a quick swipe that starts on a handle scrolls the chart and draws nothing.
    const scroller = phone.locator('[data-timeline-scroll]');
    const zoomIn = await centre(phone.getByRole('button', { name: 'Zoom in', exact: true }));
    const overflow = () => scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
    for (let taps = 0; taps < 4 && (await overflow()) < 300; taps++) {
      const was = await overflow();
      await hand.tap(zoomIn.x, zoomIn.y);
      await expect.poll(overflow).toBeGreaterThan(was);
    }
    const digHandle = digBar.locator('[data-link-handle="start"]');
    await digHandle.scrollIntoViewIfNeeded();
    const scrollLeft = () => scroller.evaluate((el) => el.scrollLeft);
    const before = await scrollLeft();
    const roomRight = (await overflow()) - before;
    const swipeFrom = await centre(digHandle);
    await hand.swipe(swipeFrom.x, swipeFrom.y, roomRight > 120 ? -120 : 120, 0);
    await expect.poll(async () => Math.abs((await scrollLeft()) - before)).toBeGreaterThan(40);
    expect(await phone.locator('[data-link-draft]').count()).toBe(0);
    expect(await storedLinks(a, projectId, survey.id)).toEqual([]);

    await hand.detach();
    await Promise.all([phoneContext.close(), desk.close(), teammateContext.close()]);
  });
});
