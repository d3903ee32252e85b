import { describe, expect, it } from 'vitest';
import { chartSynced, dayFromToday, newContext, seriousAxeFindings, signUpByApi, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

/*
 * [e2e-import] Issue 37: Import from file in the chart, with its preview, through the real CSV reader; the stored
 * import undone from its toast; the dialog on a phone.
 */
const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\n') + '\n', 'utf8');

describe('import from a file', () => {
  it('[e2e-import] a CSV with a bad date shows the error by row and cannot be imported; the corrected file previews, replaces the tasks and is in the chart at once; Undo import (by keyboard) brings the old plan back; the dialog on a phone', async () => {
    const context = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const page = await signUpByApi(context, 'Ines', 'Import');
    const team = await (await page.request.post('/api/teams', { data: { name: 'Movers' } })).json();
    const project = await (await page.request.post('/api/projects', { data: { name: 'Warehouse', teamId: team.id } })).json();
    const old = await (await page.request.post('/api/tasks', { data: { projectId: project.id, name: 'Old plan', startDate: dayFromToday(0), endDate: dayFromToday(1) } })).json();

    await page.goto('/');
    await page.locator(`[data-task-bar="${old.id}"]`).waitFor();
    await chartSynced(page);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from file' });
    const fileInput = dialog.getByLabel('File', { exact: true });

    const header = ['ID', 'Name', 'Start', 'Finish', 'Predecessors'];
    await fileInput.setInputFiles({
      name: 'move.csv',
      mimeType: 'text/csv',
      buffer: csv([header, ['1', 'Pack', dayFromToday(0), dayFromToday(2), ''], ['2', 'Drive', 'soon', dayFromToday(4), '1']]),
    });
    const errors = dialog.locator('[data-import-messages="error"]');
    await errors.waitFor();
    expect(await errors.textContent()).toContain('Row 3');
    const submit = dialog.locator('[data-import-submit]');
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    await submit.focus();
    await page.keyboard.press('Enter');
    // Refused in the dialog: nothing was sent, the old plan stands.
    expect(await page.locator('[data-task-row]').count()).toBe(1);

    await fileInput.setInputFiles({
      name: 'move.csv',
      mimeType: 'text/csv',
      buffer: csv([header, ['1', 'Pack', dayFromToday(0), dayFromToday(2), ''], ['2', 'Drive', dayFromToday(3), dayFromToday(4), '1'], ['3', 'Unpack', dayFromToday(5), dayFromToday(5), '2']]),
    });
    const preview = dialog.locator('[data-import-preview]');
    await expect.poll(() => preview.textContent()).toMatch(/Tasks3Links2/);
    expect(await errors.count()).toBe(0);
    expect(await seriousAxeFindings(page, '[role="dialog"]')).toEqual([]);

    // Replace, by keyboard: the choice says what goes; Import stores all three as one edit.
    await dialog.getByRole('radio', { name: /Replace the tasks/ }).focus();
    await page.keyboard.press('Space');
    await dialog.getByText("Deletes the project's 1 task and their links first.").waitFor();
    await expect.poll(() => submit.getAttribute('aria-disabled')).toBe('false');
    await submit.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Imported', { exact: true }).waitFor();
    await expect.poll(() => page.locator('[data-task-row]').count()).toBe(3);
    expect(await page.locator(`[data-task-bar="${old.id}"]`).count()).toBe(0);
    const history = await (await page.request.get(`/api/tasks/${await page.locator('[data-task-row]').first().getAttribute('data-task-row')}/history`)).json();
    expect(JSON.stringify(history)).toContain('Imported from «move.csv»');

    // One undo step for the importer: the toast's Undo import (reached by keyboard) puts the old plan back.
    const undo = page.getByRole('button', { name: 'Undo import' });
    await undo.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Import undone', { exact: true }).waitFor();
    await page.locator(`[data-task-bar="${old.id}"]`).waitFor();
    await expect.poll(() => page.locator('[data-task-row]').count()).toBe(1);

    // On a phone the dialog fits and has no serious axe findings.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Project details and actions' }).click();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('dialog', { name: 'Import from file' }).waitFor();
    expect(await seriousAxeFindings(page, '[role="dialog"]')).toEqual([]);
    const overflow = await page.getByRole('dialog', { name: 'Import from file' }).evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
