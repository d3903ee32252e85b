import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chartSynced, dayFromToday, newContext, seriousAxeFindings, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

/** The task rows shown, by name, in order. */
const rowNames = (page: Page) => page.locator('[data-task-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-task-row')));
const groupRows = (page: Page) => page.locator('[data-group-row]').evaluateAll((rows) => rows.map((r) => r.textContent?.trim()));

async function openFilter(page: Page) {
  await page.getByRole('button', { name: /^Filter/ }).click();
  const panel = page.getByRole('dialog', { name: 'Filter tasks' });
  await panel.waitFor();
  return panel;
}

describe('grid views', () => {
  it('[e2e-grid-views] A shares a view with a filter and grouping; B opens it from the Views menu; A changes its filter and saves, and B\'s rows follow live; the URL opens the grid as sent', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    // bypassCSP: axe is injected as an inline script.
    const contextB = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const a = await signUpByApi(contextA, 'Ada', 'Planner');
    const b = await signUpByApi(contextB, 'Bea', 'Builder');
    const { projectId } = await teamWithTeammate(a, b, 'Viewers', 'Tower');
    const task = async (name: string, status: string, priority: string, offset: number) => {
      const res = await a.request.post('/api/tasks', { data: { projectId, name, status, priority, startDate: dayFromToday(offset), endDate: dayFromToday(offset + 1) } });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const pour = await task('Pour', 'blocked', 'high', 0);
    const walls = await task('Walls', 'pending', 'medium', 2);
    const roof = await task('Roof', 'blocked', 'low', 4);
    const paint = await task('Paint', 'completed', 'high', 6);
    for (const page of [a, b]) {
      await page.goto('/');
      await page.locator(`[data-task-row="${paint}"]`).waitFor();
      await chartSynced(page);
    }
    expect(await rowNames(b)).toEqual([pour, walls, roof, paint]);

    // A: blocked tasks, grouped by priority (most urgent first), shared as "Blocked work".
    const filterA = await openFilter(a);
    await filterA.getByRole('checkbox', { name: 'Blocked' }).check();
    await a.keyboard.press('Escape');
    await a.getByRole('combobox', { name: 'Group by' }).selectOption('priority');
    await expect.poll(() => rowNames(a)).toEqual([pour, roof]);
    expect(await groupRows(a)).toEqual(['High1 task', 'Low1 task']);
    await a.getByText('2 of 4 tasks').waitFor();
    await a.getByRole('button', { name: 'Views' }).click();
    await a.getByRole('menuitem', { name: 'Save as…' }).click();
    const save = a.getByRole('dialog', { name: 'Save view as' });
    await save.getByRole('textbox', { name: 'View name' }).fill('Blocked work');
    await save.getByRole('checkbox', { name: 'Share with the team' }).check();
    await save.getByRole('button', { name: 'Save view' }).click();
    await save.waitFor({ state: 'detached' });
    await a.getByRole('button', { name: /^Blocked work/ }).waitFor();

    // B opens it from the Views menu: the same rows.
    await b.getByRole('button', { name: 'Views' }).click();
    await b.getByRole('menuitemcheckbox', { name: /Blocked work/ }).click();
    await expect.poll(() => rowNames(b)).toEqual([pour, roof]);
    expect(await groupRows(b)).toEqual(['High1 task', 'Low1 task']);

    // A changes the filter to completed tasks and saves the view; B's rows follow without a reload.
    const again = await openFilter(a);
    await again.getByRole('checkbox', { name: 'Blocked' }).uncheck();
    await again.getByRole('checkbox', { name: 'Completed' }).check();
    await a.keyboard.press('Escape');
    await expect.poll(() => rowNames(a)).toEqual([paint]);
    await a.getByRole('button', { name: /^Blocked work/ }).click();
    await a.getByRole('menuitem', { name: /Save changes/ }).click();
    await expect.poll(() => rowNames(b), { timeout: 5000 }).toEqual([paint]);
    expect(await groupRows(b)).toEqual(['High1 task']);

    // The URL carries the view: a new page opened on it shows the same rows.
    const sent = b.url();
    expect(new URL(sent).searchParams.get('group')).toBe('priority');
    const opened = await contextB.newPage();
    await opened.goto(sent);
    await opened.locator(`[data-task-row="${paint}"]`).waitFor();
    await expect.poll(() => rowNames(opened)).toEqual([paint]);
    expect(await groupRows(opened)).toEqual(['High1 task']);
    await opened.getByRole('button', { name: /^Blocked work/ }).waitFor();

    // At 390 px the Filter panel fits the screen, and axe finds nothing serious in it.
    await opened.setViewportSize({ width: 390, height: 844 });
    const small = await openFilter(opened);
    const box = (await small.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await small.getByRole('checkbox', { name: 'Completed' }).isChecked()).toBe(true);
    expect(await seriousAxeFindings(opened, '[role="dialog"][aria-label="Filter tasks"]')).toEqual([]);
    await opened.keyboard.press('Escape');
    await small.waitFor({ state: 'hidden' });
    await contextA.close();
    await contextB.close();
  });
});
