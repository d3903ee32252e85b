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

  it('[timeline-fit] Fit shows the plan from its first task, also when the plan is longer than the chart', async () => {
    const { page, close, ids, projectId } = await openProject({ width: 1280, height: 800 });
    // The plan now runs from 40 days ago to 60 days ahead: at Fit's smallest zoom it is wider than the chart.
    await page.request.post('/api/tasks', { data: { projectId, name: 'Handover', startDate: dayFromToday(55), endDate: dayFromToday(60) } });
    await button(page, 'Fit').click();
    const scroller = page.locator('[data-timeline-scroll]');
    await expect.poll(() => scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const names = await box(page.locator(`[data-task-row="${ids.old}"]`).getByRole('button').first());
    const chart = await box(scroller);
    // The first task's bar lies whole between the name column and the chart's right edge.
    await expect
      .poll(async () => {
        const bar = await box(page.locator(`[data-task-bar="${ids.old}"]`));
        return bar.x >= names.x + names.width - 0.5 && bar.x + bar.width <= chart.x + chart.width + 0.5;
      })
      .toBe(true);
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
