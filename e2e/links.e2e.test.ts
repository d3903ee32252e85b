import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayFromToday, newContext, signUpByApi, teamWithTeammate, useAppAndBrowser, chartSynced } from './harness.js';

const env = useAppAndBrowser();

interface StoredTask {
  id: string;
  links: { dependsOnTaskId: string; type: string; lagDays: number }[];
}

/** The links the database holds for a task. */
async function storedLinks(page: Page, projectId: string, taskId: string) {
  const tasks: StoredTask[] = await (await page.request.get(`/api/projects/${projectId}/tasks`)).json();
  return tasks.find((t) => t.id === taskId)?.links ?? [];
}

describe('dependency links in the chart', () => {
  it('[e2e-links] A links two bars by dragging and B sees it; A edits, undoes and deletes it; the details dialog adds one', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Ada', 'Planner');
    const b = await signUpByApi(contextB, 'Bea', 'Builder');
    const { projectId } = await teamWithTeammate(a, b, 'Works', 'Bridge');
    const create = async (name: string, start: number, end: number) =>
      (await (await a.request.post('/api/tasks', { data: { projectId, name, startDate: dayFromToday(start), endDate: dayFromToday(end) } })).json()) as StoredTask;
    const design = await create('Design', 0, 3);
    const build = await create('Build', 7, 10);
    const key = `${build.id}->${design.id}`;

    for (const page of [a, b]) {
      await page.goto('/');
      await page.locator(`[data-task-bar="${build.id}"]`).waitFor();
      await chartSynced(page);
    }

    // A drags from Design's finish handle onto Build: a finish-to-start link, which B sees at once.
    await a.locator(`[data-task-bar="${design.id}"]`).hover();
    const handle = (await a.locator(`[data-task-bar="${design.id}"] [data-link-handle="end"]`).boundingBox())!;
    const target = (await a.locator(`[data-task-bar="${build.id}"]`).boundingBox())!;
    await a.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await a.mouse.down();
    for (let i = 1; i <= 8; i++) {
      await a.mouse.move(handle.x + ((target.x + target.width / 2 - handle.x) * i) / 8, handle.y + ((target.y + target.height / 2 - handle.y) * i) / 8);
    }
    await a.locator('[data-link-draft]').waitFor({ state: 'attached' });
    await a.mouse.up();
    await b.locator(`[data-dependency="${key}"]`).waitFor({ timeout: 5000 });
    await expect.poll(() => storedLinks(a, projectId, build.id), { timeout: 5000 }).toEqual([{ dependsOnTaskId: design.id, type: 'FS', lagDays: 0 }]);

    // A selects the arrow (its name says what it is) and makes it start-to-start with a day of lag.
    const arrow = a.getByRole('button', { name: /^Design → Build, finish-to-start, no lag/ });
    // The middle of the line, not of its box (an elbow's box is mostly empty).
    const middle = await arrow.evaluate((path: SVGPathElement) => {
      const point = path.getPointAtLength(path.getTotalLength() / 2).matrixTransform(path.getScreenCTM()!);
      return { x: point.x, y: point.y };
    });
    await a.mouse.click(middle.x, middle.y);
    const popover = a.getByRole('dialog', { name: 'Dependency' });
    // Picked with the pointer, it takes focus as a dialog does, and Escape closes it.
    await expect.poll(() => popover.getByLabel('Type').evaluate((el) => el === document.activeElement)).toBe(true);
    await a.keyboard.press('Escape');
    await expect.poll(() => popover.count()).toBe(0);
    await a.mouse.click(middle.x, middle.y);
    await popover.getByLabel('Type').selectOption('SS');
    await popover.getByLabel('Lag (days)').fill('1');
    await popover.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => storedLinks(a, projectId, build.id), { timeout: 5000 }).toEqual([{ dependsOnTaskId: design.id, type: 'SS', lagDays: 1 }]);

    // Ctrl+Z takes that change back as one step.
    const edited = a.getByRole('button', { name: /^Design → Build, start-to-start, lag 1 working day/ });
    await edited.focus();
    await a.keyboard.press('Control+z');
    await expect.poll(() => storedLinks(a, projectId, build.id), { timeout: 5000 }).toEqual([{ dependsOnTaskId: design.id, type: 'FS', lagDays: 0 }]);

    // Delete on the focused arrow removes the link, for B too.
    await a.getByRole('button', { name: /^Design → Build, finish-to-start/ }).focus();
    await a.keyboard.press('Delete');
    await expect.poll(() => storedLinks(a, projectId, build.id), { timeout: 5000 }).toEqual([]);
    await expect.poll(() => b.locator(`[data-dependency="${key}"]`).count(), { timeout: 5000 }).toBe(0);

    // The keyboard way: Build's details, Dependencies, Add dependency.
    await a.locator(`[data-task-row="${build.id}"]`).getByRole('button').first().focus();
    await a.keyboard.press('Enter');
    const details = a.getByRole('dialog', { name: 'Task Details' });
    const add = details.getByRole('form', { name: 'Add dependency' });
    await add.getByLabel('Find a task').fill('Desi');
    await add.getByLabel('Lag (days)').fill('2');
    await add.getByRole('button', { name: 'Add dependency' }).press('Enter');
    await expect.poll(() => storedLinks(a, projectId, build.id), { timeout: 5000 }).toEqual([{ dependsOnTaskId: design.id, type: 'FS', lagDays: 2 }]);
    await details.getByRole('list', { name: 'Predecessors' }).getByText('Design').waitFor();
    // A second link between the same tasks is refused before it is written.
    await add.getByLabel('Find a task').fill('Desi');
    await add.getByRole('button', { name: 'Add dependency' }).click();
    await add.getByRole('alert').getByText('These two tasks are already linked.').waitFor();
    await b.locator(`[data-dependency="${key}"]`).waitFor({ timeout: 5000 });

    await contextA.close();
    await contextB.close();
  });

  it('[e2e-links] a broken link is red once the chart has painted, and turns grey when the move mends it', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(context, 'Ada', 'Planner');
    const team = (await (await a.request.post('/api/teams', { data: { name: 'Works' } })).json()) as { id: string };
    const project = (await (await a.request.post('/api/projects', { data: { teamId: team.id, name: 'Bridge' } })).json()) as { id: string };
    // Without auto-scheduling, a successor may start before its predecessor ends: the link is broken.
    await a.request.patch(`/api/projects/${project.id}`, { data: { autoSchedule: false } });
    const create = async (name: string, start: number, end: number) =>
      (await (await a.request.post('/api/tasks', { data: { projectId: project.id, name, startDate: dayFromToday(start), endDate: dayFromToday(end) } })).json()) as StoredTask;
    const design = await create('Design', 0, 5);
    const build = await create('Build', 2, 6);
    expect((await a.request.post(`/api/tasks/${build.id}/dependencies`, { data: { dependsOnTaskId: design.id } })).status()).toBe(201);

    await a.goto('/');
    const arrow = a.locator(`[data-dependency="${build.id}->${design.id}"]`);
    await arrow.waitFor();
    // Judged after the bars are painted (lib/use-after-paint.ts), then shown.
    await expect.poll(() => arrow.getAttribute('data-violated'), { timeout: 5000 }).toBe('true');
    await chartSynced(a);
    await a.request.patch(`/api/tasks/${build.id}`, { data: { startDate: dayFromToday(8), endDate: dayFromToday(10) } });
    await expect.poll(() => arrow.getAttribute('data-violated'), { timeout: 5000 }).toBeNull();
    await context.close();
  });
  it('[link-popover-in-view] an arrow near the chart\'s right edge opens its popover inside the chart', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(context, 'Ada', 'Planner');
    const team = (await (await a.request.post('/api/teams', { data: { name: 'Works' } })).json()) as { id: string };
    const project = (await (await a.request.post('/api/projects', { data: { teamId: team.id, name: 'Bridge' } })).json()) as { id: string };
    const create = async (name: string, start: number, end: number) =>
      (await (await a.request.post('/api/tasks', { data: { projectId: project.id, name, startDate: dayFromToday(start), endDate: dayFromToday(end) } })).json()) as StoredTask;
    // The 2 Weeks range ends two weeks ahead: the arrow ends a day before.
    const deck = await create('Deck', 9, 11);
    const rail = await create('Rail', 13, 13);
    expect((await a.request.post(`/api/tasks/${rail.id}/dependencies`, { data: { dependsOnTaskId: deck.id } })).status()).toBe(201);
    await a.goto('/');
    const arrow = a.getByRole('button', { name: /^Deck → Rail, finish-to-start/ });
    await arrow.waitFor();
    await chartSynced(a);
    const middle = await arrow.evaluate((path: SVGPathElement) => {
      const point = path.getPointAtLength(path.getTotalLength() / 2).matrixTransform(path.getScreenCTM()!);
      return { x: point.x, y: point.y };
    });
    await a.mouse.click(middle.x, middle.y);
    const popover = (await a.getByRole('dialog', { name: 'Dependency' }).boundingBox())!;
    const chart = (await a.locator('[data-timeline-scroll]').boundingBox())!;
    const scrollbarless = await a.locator('[data-timeline-scroll]').evaluate((el) => el.clientWidth);
    expect(popover.x).toBeGreaterThanOrEqual(chart.x);
    expect(popover.x + popover.width).toBeLessThanOrEqual(chart.x + scrollbarless + 0.5);
    expect(popover.y + popover.height).toBeLessThanOrEqual(800);
    await context.close();
  });

  it('[link-edge-scroll] a line drawn to the chart\'s edge scrolls it, selects no text, and a drop on nothing says so', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(context, 'Ada', 'Planner');
    const team = (await (await a.request.post('/api/teams', { data: { name: 'Works' } })).json()) as { id: string };
    const project = (await (await a.request.post('/api/projects', { data: { teamId: team.id, name: 'Bridge' } })).json()) as { id: string };
    const create = async (name: string, start: number, end: number) =>
      (await (await a.request.post('/api/tasks', { data: { projectId: project.id, name, startDate: dayFromToday(start), endDate: dayFromToday(end) } })).json()) as StoredTask;
    const design = await create('Design', -2, 1);
    const build = await create('Build', 12, 14);
    await a.goto('/');
    await a.locator(`[data-task-bar="${design.id}"]`).waitFor();
    await chartSynced(a);
    // Zoomed in, Build lies off screen to the right.
    for (let i = 0; i < 4; i++) await a.getByRole('button', { name: 'Zoom in', exact: true }).click();
    const scroller = a.locator('[data-timeline-scroll]');
    await expect.poll(() => scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(400);
    const chart = (await scroller.boundingBox())!;
    expect((await a.locator(`[data-task-bar="${build.id}"]`).boundingBox())!.x).toBeGreaterThan(chart.x + chart.width);
    const scrolled = await scroller.evaluate((el) => el.scrollLeft);

    await a.locator(`[data-task-bar="${design.id}"]`).hover();
    const handle = (await a.locator(`[data-task-bar="${design.id}"] [data-link-handle="end"]`).boundingBox())!;
    await a.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await a.mouse.down();
    // Across the names and the page's text on the way, then held at the chart's right edge.
    await a.mouse.move(chart.x + 40, handle.y + 120, { steps: 6 });
    await a.mouse.move(chart.x + 40, chart.y + chart.height + 60, { steps: 4 });
    const edge = { x: chart.x + chart.width - 30, y: handle.y + handle.height / 2 };
    await a.mouse.move(edge.x, edge.y, { steps: 8 });
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft), { timeout: 5000 }).toBeGreaterThan(scrolled + 200);
    expect(await a.evaluate(() => document.getSelection()?.toString() ?? '')).toBe('');
    // Let go on an empty row: nothing is linked, and the notice says how it is done.
    await a.mouse.move(chart.x + chart.width / 2, chart.y + chart.height - 20, { steps: 3 });
    await a.mouse.up();
    await a.getByText("Drop on a task's bar to link it", { exact: true }).waitFor();
    expect(await storedLinks(a, project.id, build.id)).toEqual([]);
    await context.close();
  });
});
