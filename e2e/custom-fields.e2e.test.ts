import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chartSynced, dayFromToday, newContext, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

const cell = (page: Page, taskId: string, column: string) => page.locator(`[data-grid-cell="${taskId}|${column}"]`);
const editor = (page: Page) => page.locator('[data-grid-editor]');
const headers = (page: Page) => page.locator('[data-grid-column]').evaluateAll((els) => els.map((el) => el.getAttribute('data-grid-column')));

/** Shows these columns through the toolbar's Columns menu. */
async function showColumns(page: Page, names: string[]) {
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  for (const name of names) await page.getByRole('menuitemcheckbox', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** Types into a cell as a person does: a click on it, then the text, then Enter. */
async function typeInto(page: Page, taskId: string, column: string, text: string) {
  await cell(page, taskId, column).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-grid-cell') ?? null)).toBe(`${taskId}|${column}`);
  await page.keyboard.type(text);
  expect(await editor(page).inputValue()).toBe(text);
  await page.keyboard.press('Enter');
}

describe('custom fields across the grid, the form and the export (issue 39)', () => {
  it('[e2e-custom-fields] fields added in the dialog are columns typed into live for a teammate, refused with a reason, filtered, in the task form, removed with Undo, and in the Excel export', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Ada', 'Fields');
    const b = await signUpByApi(contextB, 'Bea', 'Fields');
    const { projectId } = await teamWithTeammate(a, b, 'Ledger', 'Bridge');
    const create = async (name: string) =>
      (await (await a.request.post('/api/tasks', { data: { projectId, name, startDate: dayFromToday(0), endDate: dayFromToday(2) } })).json()) as { id: string };
    const pier = await create('Pier');
    const deck = await create('Deck');
    for (const page of [a, b]) {
      await page.goto('/');
      await page.locator(`[data-task-bar="${deck.id}"]`).waitFor();
      await chartSynced(page);
    }

    // Ada adds a number field and a choice field from the Columns menu's "Manage fields…".
    await a.getByRole('button', { name: 'Columns', exact: true }).click();
    await a.getByRole('menuitem', { name: 'Manage fields…' }).click();
    const dialog = a.getByRole('dialog', { name: 'Custom fields' });
    await dialog.getByLabel('Field name').fill('Cost');
    await dialog.getByLabel('Type').selectOption('number');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.locator('[data-custom-field="Cost"]').waitFor();
    await dialog.getByLabel('Field name').fill('Risk');
    await dialog.getByLabel('Type').selectOption('choice');
    await dialog.getByLabel('Options, one a line').fill('Low\nHigh');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.locator('[data-custom-field="Risk"]').waitFor();
    await dialog.getByLabel('Field name').fill('Signed');
    await dialog.getByLabel('Type').selectOption('checkbox');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.locator('[data-custom-field="Signed"]').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    const fields = (await (await a.request.get(`/api/projects/${projectId}/fields`)).json()) as { id: string; name: string }[];
    const costColumn = `cf:${fields.find((f) => f.name === 'Cost')!.id.toLowerCase()}`;
    const riskColumn = `cf:${fields.find((f) => f.name === 'Risk')!.id.toLowerCase()}`;
    const signedColumn = `cf:${fields.find((f) => f.name === 'Signed')!.id.toLowerCase()}`;

    // Both show the two columns; Bea's menu lists them without a reload.
    for (const page of [a, b]) await showColumns(page, ['Cost', 'Risk', 'Signed']);
    await cell(b, pier.id, costColumn).waitFor();

    // Ada types 1200 into Pier's Cost and "high" into its Risk (the option's own spelling is kept): Bea sees both.
    await typeInto(a, pier.id, costColumn, '1200');
    await typeInto(a, pier.id, riskColumn, 'high');
    await expect.poll(() => cell(b, pier.id, costColumn).textContent()).toBe('1200');
    await expect.poll(() => cell(b, pier.id, riskColumn).textContent()).toBe('High');

    // Space ticks a checkbox field's cell, as it cycles a status.
    await cell(a, pier.id, signedColumn).click();
    await a.keyboard.press(' ');
    await expect.poll(() => cell(b, pier.id, signedColumn).textContent()).toBe('✓');

    // A word in a number field stays in the cell, marked, with its reason; Escape leaves the value as it was.
    await typeInto(a, deck.id, costColumn, 'abc');
    expect(await editor(a).getAttribute('aria-invalid')).toBe('true');
    expect(await editor(a).inputValue()).toBe('abc');
    const reason = a.locator(`#${await editor(a).getAttribute('aria-describedby')}`);
    expect(await reason.textContent()).toMatch(/Cost must be a number/);
    await a.keyboard.press('Escape');
    await editor(a).waitFor({ state: 'detached' });
    expect(await cell(a, deck.id, costColumn).textContent()).toBe('');

    // Bea filters by Risk = High: Pier alone is left.
    await b.getByRole('button', { name: /^Filter/ }).click();
    const filter = b.getByRole('dialog', { name: 'Filter tasks' });
    await filter.getByRole('combobox', { name: 'Risk' }).selectOption('High');
    await b.keyboard.press('Escape');
    await b.locator(`[data-task-bar="${deck.id}"]`).waitFor({ state: 'detached' });
    expect(await b.locator(`[data-task-bar="${pier.id}"]`).count()).toBe(1);
    await b.getByText('1 of 2 tasks').waitFor();

    // Pier's task form shows Cost 1200 in its Fields section.
    await cell(b, pier.id, costColumn).click();
    await b.keyboard.press('Alt+Enter');
    const details = b.getByRole('dialog', { name: 'Task Details' });
    await details.waitFor();
    const section = details.getByRole('group', { name: 'Fields' });
    expect(await section.getByLabel('Cost').inputValue()).toBe('1200');
    expect(await section.getByLabel('Risk').inputValue()).toBe('High');
    await b.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // Ada removes Cost (asked first): both grids lose the column and the value; the toast's Undo brings them back.
    await a.getByRole('button', { name: 'Columns', exact: true }).click();
    await a.getByRole('menuitem', { name: 'Manage fields…' }).click();
    await dialog.getByRole('button', { name: 'Remove field Cost' }).click();
    await a.getByRole('dialog', { name: 'Remove field' }).getByRole('button', { name: 'Remove field' }).click();
    await a.getByRole('dialog', { name: 'Remove field' }).waitFor({ state: 'detached' });
    // The toast is outside the fields dialog (aria-hidden while it is open): read once the dialog is closed.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    const removed = a.getByRole('region', { name: /Notifications/ }).locator('li').filter({ hasText: 'Field removed' });
    await removed.waitFor();
    // The pointer on the toast holds it open (Radix pauses its timer) while both grids are checked.
    await removed.hover();
    for (const page of [a, b]) {
      await expect.poll(() => headers(page)).not.toContain(costColumn);
      await cell(page, pier.id, costColumn).waitFor({ state: 'detached' });
    }
    await expect.poll(async () => (await (await a.request.get(`/api/tasks/${pier.id}`)).json()).custom).toEqual({ [fields.find((f) => f.name === 'Risk')!.id]: 'High', [fields.find((f) => f.name === 'Signed')!.id]: true });
    await removed.getByRole('button', { name: 'Undo' }).click();
    for (const page of [a, b]) await expect.poll(() => cell(page, pier.id, costColumn).textContent()).toBe('1200');

    // The Excel export has a Cost column holding 1200 on Pier's row.
    await a.getByRole('button', { name: 'Export', exact: true }).click();
    const exportDialog = a.getByRole('dialog', { name: 'Export Project' });
    const [excel] = await Promise.all([a.waitForEvent('download'), exportDialog.getByRole('button', { name: 'Export', exact: true }).click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await excel.path())!);
    const sheet = workbook.getWorksheet('Tasks')!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    const headerIndex = rows.findIndex((r) => r.includes('Cost'));
    expect(headerIndex).toBeGreaterThanOrEqual(0);
    const costAt = rows[headerIndex]!.indexOf('Cost');
    const pierRow = rows.find((r) => r.includes('Pier'))!;
    expect(pierRow[costAt]).toBe('1200');

    await Promise.all([contextA.close(), contextB.close()]);
  }, 120_000);
});
