import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayFromToday, newContext, signUpByApi, useAppAndBrowser, chartSynced } from './harness.js';

const env = useAppAndBrowser();

const LONG_NAME = 'Paint the hull and the deck with two coats of marine paint';

async function box(locator: Locator) {
  return (await locator.boundingBox())!;
}

/** One person, one project with a task running from 3 days ago, one with a long name, and one long over. */
async function openProject(viewport: { width: number; height: number }): Promise<{ page: Page; close: () => Promise<void>; ids: Record<string, string>; projectId: string }> {
  const context = await newContext(env.browser(), env.app().url);
  await context.pages()[0]?.close();
  const page = await signUpByApi(context, 'Vic', 'View');
  await page.setViewportSize(viewport);
  const team = await (await page.request.post('/api/teams', { data: { name: 'Views' } })).json();
  const project = await (await page.request.post('/api/projects', { data: { name: 'Harbour', teamId: team.id } })).json();
  const ids: Record<string, string> = {};
  for (const [key, name, start, end] of [
    ['current', 'Weld frame', -3, 4],
    ['long', LONG_NAME, 2, 4],
    ['old', 'Old survey', -40, -35],
  ] as const) {
    const task = await (await page.request.post('/api/tasks', { data: { projectId: project.id, name, startDate: dayFromToday(start), endDate: dayFromToday(end), progress: 60 } })).json();
    ids[key] = task.id;
  }
  await page.goto('/');
  await page.locator(`[data-task-bar="${ids.current}"]`).waitFor();
  await chartSynced(page);
  return { page, close: () => context.close(), ids, projectId: project.id };
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

describe('the timeline view', () => {
  it('[timeline-zoom] Zoom out works from the default view, down to 0.1, showing more days', async () => {
    const { page, close } = await openProject({ width: 1280, height: 800 });
    const zoomOut = button(page, 'Zoom out');
    expect(await zoomOut.getAttribute('aria-disabled')).toBeNull();
    const days = () => page.locator('[data-timeline-scroll] [data-today]').evaluate((today) => today.parentElement!.children.length);
    const todayWidth = () => page.locator('[data-timeline-scroll] [data-today]').evaluate((el) => el.getBoundingClientRect().width);
    const [daysBefore, widthBefore] = [await days(), await todayWidth()];
    expect(daysBefore).toBe(22);
    await zoomOut.click();
    await expect.poll(todayWidth).toBeLessThan(widthBefore);
    expect(await days()).toBeGreaterThan(daysBefore);
    // On to the minimum: 3.2 px a day, and then the button says no.
    for (let i = 0; i < 30 && (await zoomOut.getAttribute('aria-disabled')) === null; i++) await zoomOut.click();
    expect(await zoomOut.getAttribute('aria-disabled')).toBe('true');
    expect(await todayWidth()).toBeCloseTo(3.2, 1);
    // Day numbers do not run together: the labelled days are at least a week apart.
    const labelled = await page.locator('[data-timeline-scroll] [data-header-view] [title]').evaluateAll((cells) =>
      cells.filter((c) => c.querySelector('span') && !c.hasAttribute('data-today')).map((c) => c.getBoundingClientRect().left),
    );
    expect(labelled.length).toBeGreaterThan(10);
    for (let i = 1; i < labelled.length; i++) expect(labelled[i]! - labelled[i - 1]!).toBeGreaterThanOrEqual(7 * 3.2 - 0.5);
    await close();
  });

  it('[timeline-fit] Fit shows the whole plan without sideways scrolling, the last milestone and its link handle whole', async () => {
    const { page, close, ids, projectId } = await openProject({ width: 1280, height: 800 });
    // The plan now runs from 40 days ago to a milestone 60 days ahead: at Fit's 0.5 it would be wider than the chart.
    const handover = await (
      await page.request.post('/api/tasks', { data: { projectId, name: 'Handover', startDate: dayFromToday(60), endDate: dayFromToday(60), kind: 'milestone' } })
    ).json();
    await button(page, 'Fit').click();
    const scroller = page.locator('[data-timeline-scroll]');
    const milestone = page.locator(`[data-task-bar="${handover.id}"]`);
    await milestone.waitFor();
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const names = await box(page.locator(`[data-task-row="${ids.old}"]`).getByRole('button').first());
    const chart = await box(scroller);
    const first = await box(page.locator(`[data-task-bar="${ids.old}"]`));
    expect(first.x).toBeGreaterThanOrEqual(names.x + names.width - 0.5);
    // The milestone's end handle lies inside the chart and is what a pointer there reaches.
    await milestone.hover();
    const handle = await box(milestone.locator('[data-link-handle="end"]'));
    expect(handle.x + handle.width).toBeLessThanOrEqual(chart.x + chart.width);
    expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-link-handle]')?.getAttribute('data-link-handle'), { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 })).toBe('end');
    await close();
  });

  it('[timeline-room] the chart leaves room after the last milestone: its link handle is reachable in 2 Weeks', async () => {
    const { page, close, projectId } = await openProject({ width: 1280, height: 800 });
    // On the 2 Weeks range's last day: without room its end handle would lie past the chart's end.
    const handover = await (
      await page.request.post('/api/tasks', { data: { projectId, name: 'Handover', startDate: dayFromToday(14), endDate: dayFromToday(14), kind: 'milestone' } })
    ).json();
    const milestone = page.locator(`[data-task-bar="${handover.id}"]`);
    await milestone.waitFor();
    const scroller = page.locator('[data-timeline-scroll]');
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
    await milestone.hover();
    const chart = await box(scroller);
    const handle = await box(milestone.locator('[data-link-handle="end"]'));
    expect(handle.x + handle.width).toBeLessThanOrEqual(chart.x + chart.width);
    expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-link-handle]')?.getAttribute('data-link-handle'), { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 })).toBe('end');
    await close();
  });

  it('[timeline-range-position] Month and 2 Weeks keep the day in the middle of the chart; Today goes back to today', async () => {
    const { page, close } = await openProject({ width: 1280, height: 800 });
    // Zoomed in, the chart scrolls: the person moves on to the days at its far end.
    for (let i = 0; i < 3; i++) await button(page, 'Zoom in').click();
    const scroller = page.locator('[data-timeline-scroll]');
    await expect.poll(() => scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(300);
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
    /** The day whose header cell is in the middle of the rows' part of the chart, in days from today. */
    const middleDay = () =>
      scroller.evaluate((el) => {
        const names = el.querySelector('[data-header-view] > div')!.getBoundingClientRect();
        const rect = el.getBoundingClientRect();
        const x = (names.right + rect.left + el.clientWidth) / 2;
        const cell = [...el.querySelectorAll<HTMLElement>('[data-header-view] [data-day]')].find((c) => {
          const r = c.getBoundingClientRect();
          return r.left <= x && x < r.right;
        });
        const today = new Date().toISOString().slice(0, 10);
        return cell ? (Date.parse(cell.dataset.day!) - Date.parse(today)) / 86_400_000 : null;
      });
    const before = (await middleDay())!;
    expect(before).toBeGreaterThanOrEqual(7);
    await button(page, 'Month').click();
    await expect.poll(() => page.locator('[data-header-view]').getAttribute('data-header-view')).toBe('monthly');
    expect(Math.abs((await middleDay())! - before)).toBeLessThanOrEqual(1);
    await button(page, '2 Weeks').click();
    await expect.poll(() => button(page, '2 Weeks').getAttribute('aria-pressed')).toBe('true');
    expect(Math.abs((await middleDay())! - before)).toBeLessThanOrEqual(1);
    // Today: the spec's 2 Weeks again, a week back to two weeks ahead, today in it.
    await button(page, 'Today').click();
    await expect.poll(() => page.locator('[data-timeline-scroll] [data-today]').count()).toBe(1);
    expect(Math.abs((await middleDay())!)).toBeLessThanOrEqual(4);
    await close();
  });

  it('[bar-true-span] a one-day task is filled over its day only, and a finish-to-start arrow to the next day points forward', async () => {
    const { page, close, projectId } = await openProject({ width: 1280, height: 800 });
    const create = async (name: string, day: number) =>
      (await (await page.request.post('/api/tasks', { data: { projectId, name, startDate: dayFromToday(day), endDate: dayFromToday(day) } })).json()) as { id: string };
    const pour = await create('Pour', 1);
    const cure = await create('Cure', 2);
    expect((await page.request.post(`/api/tasks/${cure.id}/dependencies`, { data: { dependsOnTaskId: pour.id } })).status()).toBe(201);
    const arrow = page.locator(`[data-dependency="${cure.id}->${pour.id}"]`);
    await arrow.waitFor();
    // The arrow leaves Pour's end and enters Cure's start, no further left: it points forward.
    const d = (await arrow.getAttribute('d'))!;
    const x1 = Number(/^M (\S+)/.exec(d)![1]);
    const x2 = Number(/H (\S+)$/.exec(d)![1]);
    expect(x2).toBeGreaterThanOrEqual(x1 - 0.5);
    // The bar keeps its 80 px for the name; its filled part is one day (a header cell) wide.
    const bar = await box(page.locator(`[data-task-bar="${pour.id}"]`));
    const span = await box(page.locator(`[data-task-bar="${pour.id}"] [data-bar-span]`));
    const day = await box(page.locator(`[data-timeline-scroll] [data-day="${dayFromToday(1)}"]`));
    expect(bar.width).toBeCloseTo(80, 0);
    expect(span.width).toBeCloseTo(day.width, 0);
    // It leaves the end of Pour's day, not of its 80 px.
    const svg = await box(page.locator('[data-dependencies]'));
    expect(svg.x + x1).toBeCloseTo(span.x + span.width, 0);
    await close();
  });

  it('[timeline-today] in Month the Today label and marker are whole, right of the name column', async () => {
    const { page, close } = await openProject({ width: 1280, height: 800 });
    await button(page, 'Month').click();
    await expect.poll(() => page.locator('[data-header-view]').getAttribute('data-header-view')).toBe('monthly');
    const scroller = await box(page.locator('[data-timeline-scroll]'));
    const nameColumn = await box(page.locator('[data-header-view] > div').first());
    const label = await box(page.locator('[data-timeline-scroll] [data-today-label]'));
    expect(label.x).toBeGreaterThanOrEqual(nameColumn.x + nameColumn.width);
    expect(label.x + label.width).toBeLessThanOrEqual(scroller.x + scroller.width);
    const marker = await box(page.locator('[data-today-marker]'));
    expect(marker.x).toBeGreaterThanOrEqual(nameColumn.x + nameColumn.width);
    await close();
  });

  it('[bar-label] a bar too short for its name shows the whole name on hover, with its slack', async () => {
    const { page, close, ids } = await openProject({ width: 1280, height: 800 });
    await page.locator(`[data-task-bar="${ids.long}"]`).hover();
    // Both end on the project's last day: no slack.
    await expect.poll(() => page.getByRole('tooltip').first().textContent()).toBe(`${LONG_NAME}Critical: no slack`);
    // A name that fits is not repeated: the tooltip gives the slack alone. (The pointer leaves in steps, as a hand
    // moves it: Radix keeps a closing tooltip's "in transit" state until a move outside it.)
    await page.mouse.move(5, 5, { steps: 5 });
    await page.locator(`[data-task-bar="${ids.current}"]`).hover();
    await expect.poll(() => page.getByRole('tooltip').first().textContent()).toBe('Critical: no slack');
    await close();
  });

  it('[task-details] Save Changes closes the dialog; scrolled down to Save, Change History shows under the title and tabs, the dialog fitted', async () => {
    const { page, close, ids } = await openProject({ width: 1280, height: 500 });
    const row = page.locator(`[data-task-row="${ids.current}"]`).getByRole('button').first();
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Task Details' });
    await dialog.getByLabel('Progress (%)').fill('70');
    const save = dialog.getByRole('button', { name: 'Save Changes' });
    await save.scrollIntoViewIfNeeded();
    await save.click();
    await page.getByText('Task Updated', { exact: true }).waitFor();
    // Issue 33 item 9: a successful save closes the dialog.
    await expect.poll(() => dialog.count()).toBe(0);
    await row.click();
    await save.scrollIntoViewIfNeeded();
    // Scrolled down to Save Changes, the tabs are still in view, and clicking one scrolls nothing by itself (a
    // person's click, not Playwright's scroll-into-view-then-click).
    const inView = async (locator: Locator) => {
      const [outer, inner] = [await box(dialog), await box(locator)];
      return inner.y >= outer.y && inner.y + inner.height <= outer.y + outer.height;
    };
    expect(await inView(dialog.getByRole('tab', { name: 'Change History' }))).toBe(true);
    await dialog.getByRole('tab', { name: 'Change History' }).dispatchEvent('click');
    const history = dialog.getByRole('list', { name: 'Change history' });
    await history.getByText('70%').first().waitFor();

    const [frame, title, tabs, list] = [await box(dialog), await box(dialog.getByRole('heading', { name: 'Task Details' })), await box(dialog.getByRole('tablist')), await box(history)];
    // Title and tabs in view inside the dialog, the history right under the tabs: no blank band, no lost header.
    expect(title.y).toBeGreaterThanOrEqual(frame.y);
    expect(tabs.y + tabs.height).toBeLessThanOrEqual(frame.y + frame.height);
    expect(list.y - (tabs.y + tabs.height)).toBeLessThan(60);
    expect(frame.height).toBeLessThanOrEqual(500 * 0.9 + 1);
    await close();
  });

  it('[gantt-preview-bars] the dashboard preview draws no sliver for a task that ended before the span', async () => {
    const { page, close } = await openProject({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Dashboard View' }).click();
    const preview = page.getByRole('region', { name: 'Gantt Chart Preview' });
    const old = preview.getByRole('listitem').filter({ hasText: 'Old survey' });
    await old.waitFor();
    expect(await old.locator('[data-outside="before"]').textContent()).toMatch(/^← Ended /);
    expect(await old.getByText('60%', { exact: true }).count()).toBe(0);
    // Tasks inside the span keep their bars and progress.
    expect(await preview.getByRole('listitem').filter({ hasText: 'Weld frame' }).getByText('60%', { exact: true }).count()).toBe(1);
    await close();
  });
});
