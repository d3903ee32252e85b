import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signUpByApi, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

async function workspaceWithProject(context: BrowserContext): Promise<{ page: Page; project: { id: string; projectCode: string } }> {
  const page = await signUpByApi(context, 'Maria', 'López');
  const team = await (await page.request.post('/api/teams', { data: { name: 'Exporters' } })).json();
  const project = await (await page.request.post('/api/projects', { data: { name: 'Export Me', teamId: team.id } })).json();
  for (const name of ['=HYPERLINK("http://evil")', 'Проверка качества', 'Plain task']) {
    await page.request.post('/api/tasks', { data: { projectId: project.id, name, startDate: '2026-11-23', endDate: '2026-11-27' } });
  }
  await page.goto('/');
  await page.getByRole('heading', { name: 'Project Timeline' }).waitFor();
  return { page, project };
}

describe('exports and the AI task creator in the browser', () => {
  it('[e2e-export] exports Excel and PDF from the dialog; the files hold the tasks', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const { page, project } = await workspaceWithProject(context);

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Project' });
    const [excel] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export', exact: true }).click()]);
    expect(excel.suggestedFilename()).toMatch(new RegExp(`^${project.projectCode}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
    await page.getByText('Export Successful', { exact: true }).waitFor();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await excel.path())!);
    const sheet = workbook.getWorksheet('Tasks')!;
    const cells: { text: string; formula?: unknown }[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cells.push({ text: cell.text, formula: cell.formula })));
    expect(cells.some((c) => c.text === '=HYPERLINK("http://evil")')).toBe(true);
    expect(cells.some((c) => c.text === 'Проверка качества')).toBe(true);
    expect(cells.every((c) => !c.formula)).toBe(true);

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByRole('radio', { name: 'PDF' }).click();
    const [pdf] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export', exact: true }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: new Uint8Array(bytes) }).promise;
    let text = '';
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    }
    expect(text).toContain('Export Me');
    expect(text).toContain('Plain task');

    // Google Sheets is not available: a toast says so and nothing is downloaded.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByRole('radio', { name: /Google Sheets/ }).click();
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByText('Google Sheets integration is coming soon!', { exact: true }).waitFor();
    await context.close();
  });

  it('[e2e-ai-task] a sentence becomes a task that appears on the timeline', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const { page } = await workspaceWithProject(context);
    await page.getByRole('button', { name: 'AI Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'AI Task Creator' });
    const submit = dialog.getByRole('button', { name: 'Create Task' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Describe the task').fill('Design review for maria tomorrow, high priority');
    await submit.click();
    await page.getByText('Task Created Successfully!', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    const row = page.getByRole('list', { name: 'Tasks' }).getByText('Design review', { exact: true }).first();
    await row.waitFor({ timeout: 5000 });
    const tasks = await (await page.request.get(`/api/projects/${(await (await page.request.get('/api/projects/user')).json())[0].id}/tasks`)).json();
    const created = tasks.find((t: { name: string }) => t.name === 'Design review');
    expect(created).toMatchObject({ priority: 'high', assignedTo: 'Maria López' });
    await context.close();
  });

  it('[ai-not-a-task] a prompt with no task in it asks to rephrase, in the dialog, and creates nothing', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const { page, project } = await workspaceWithProject(context);
    await page.getByRole('button', { name: 'AI Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'AI Task Creator' });
    const field = dialog.getByLabel('Describe the task');
    await field.fill('asdf');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await dialog.getByRole('alert').getByText('Please rephrase it as something to do', { exact: false }).waitFor();
    // The prompt stays, to be edited; nothing was added to the project.
    expect(await field.inputValue()).toBe('asdf');
    const tasks = await (await page.request.get(`/api/projects/${project.id}/tasks`)).json();
    expect(tasks.map((t: { name: string }) => t.name)).not.toContain('Asdf');

    await field.fill('Maria to write release notes by Friday');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await page.getByText('Task Created Successfully!', { exact: true }).waitFor();
    const after = await (await page.request.get(`/api/projects/${project.id}/tasks`)).json();
    expect(after.find((t: { name: string }) => t.name === 'Write release notes')).toMatchObject({ assignedTo: 'Maria López' });
    await context.close();
  });
});
