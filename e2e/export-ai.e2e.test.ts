import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { MSPDI_EXPORT_NEEDS_PRO } from '@planline/domain';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signUpByApi, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

/** axe-core's serious and critical findings inside the open dialog, one line per rule. */
async function seriousInDialog(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8') });
  return page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { target: unknown[] }[] };
    const { axe } = globalThis as unknown as { axe: { run: (scope: string) => Promise<{ violations: Violation[] }> } };
    const { violations } = await axe.run('[role="dialog"]');
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

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
  it('[e2e-export] exports Excel, PDF and MS Project XML from the dialog; the files hold the tasks', async () => {
    // bypassCSP: axe-core is injected as an inline script.
    const context = await newContext(env.browser(), env.app().url, { bypassCSP: true });
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

    // [export-mspdi] MS Project XML: the sheet options give way to a line on what the file holds.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByRole('radio', { name: /MS Project/ }).check();
    await dialog.getByText('MS Project opens it', { exact: false }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Include timeline' }).count()).toBe(0);
    expect(await seriousInDialog(page)).toEqual([]);
    const [xml] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export', exact: true }).click()]);
    expect(xml.suggestedFilename()).toMatch(new RegExp(`^${project.projectCode}-\\d{4}-\\d{2}-\\d{2}\\.xml$`));
    const file = await readFile((await xml.path())!, 'utf8');
    expect(file.startsWith('<?xml')).toBe(true);
    expect(file).toContain('<Name>Plain task</Name>');
    expect(file).toContain('<Name>Проверка качества</Name>');

    // Google Sheets is not available: a toast says so and nothing is downloaded.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByRole('radio', { name: /Google Sheets/ }).click();
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByText('Google Sheets integration is coming soon!', { exact: true }).waitFor();
    await context.close();
    // Three downloads (Excel, PDF, MS Project XML) and a toast: ~50 s on a busy 2-core runner, past the 60 s default there.
  }, 120_000);

  it('[export-mspdi-free] MS Project XML on the Free plan: the upgrade prompt in the dialog, for the API\'s 402 and for a team read as Free, and no file', async () => {
    const context = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const { page, project } = await workspaceWithProject(context);
    const team = (await (await page.request.get('/api/teams')).json())[0] as { id: string; ownerId: string };
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    // A new team is on its Pro trial: the Free plan's 402 is played by the network, as the API gives it.
    let exportRequests = 0;
    await page.route(`**/api/projects/${project.id}/export/mspdi**`, (route) => {
      exportRequests += 1;
      return route.fulfill({
        status: 402,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'payment_required', message: MSPDI_EXPORT_NEEDS_PRO, requiredPlan: 'pro', teamOwnerId: team.ownerId, requiresUpgrade: true }),
      });
    });
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Project' });
    await dialog.getByRole('radio', { name: /MS Project/ }).check();
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    // The owner is offered Pro in the dialog, with the API's words; Export waits until another format is chosen.
    const upgrade = dialog.getByRole('region', { name: 'Upgrade Your Team' });
    await upgrade.getByText(MSPDI_EXPORT_NEEDS_PRO, { exact: true }).waitFor();
    expect(await upgrade.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toContain(team.id);
    expect(await dialog.getByRole('button', { name: 'Export', exact: true }).getAttribute('aria-disabled')).toBe('true');
    expect(await seriousInDialog(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The team's plan read as Free: the prompt as soon as the format is chosen, and no request at all.
    await page.route('**/api/teams', async (route) => {
      const response = await route.fetch();
      const teams = (await response.json()) as { id: string; effectivePlan: string }[];
      await route.fulfill({ response, json: teams.map((t) => (t.id === team.id ? { ...t, effectivePlan: 'free' } : t)) });
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Project Timeline' }).waitFor();
    const requestsBefore = exportRequests;
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByRole('radio', { name: /MS Project/ }).check();
    await upgrade.getByText(MSPDI_EXPORT_NEEDS_PRO, { exact: true }).waitFor();
    // Export is aria-disabled (it stays focusable): a click anyway sends nothing.
    await dialog.getByRole('button', { name: 'Export', exact: true }).click({ force: true });
    expect(exportRequests).toBe(requestsBefore);
    expect(downloads).toBe(0);
    await context.close();
  });

  it('[ai-preview] a sentence is read into a preview to correct; nothing is created until Create Task, all by keyboard', async () => {
    // bypassCSP: axe-core is injected as an inline script.
    const context = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const { page, project } = await workspaceWithProject(context);
    const tasks = async () => (await (await page.request.get(`/api/projects/${project.id}/tasks`)).json()) as Record<string, unknown>[];
    const before = await tasks();
    await page.getByRole('button', { name: 'AI Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'AI Task Creator' });
    const submit = dialog.getByRole('button', { name: 'Preview Task' });
    expect(await submit.isDisabled()).toBe(true);
    const field = dialog.getByLabel('Describe the task');
    await field.fill('Alice to draft the sitemap by next Friday, high priority');
    await field.press('Control+Enter');

    // The reading, as a form: the name without 'Alice to', the dates, the priority, and Alice flagged.
    const name = dialog.getByLabel('Task name');
    await name.waitFor();
    expect(await name.inputValue()).toBe('Draft the sitemap');
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole('alert').getByText('Alice is not a member of this team', { exact: false }).waitFor();
    const end = await dialog.getByLabel('End date').inputValue();
    expect(new Date(`${end}T00:00:00Z`).getUTCDay()).toBe(5);
    expect(await dialog.getByLabel('Priority').textContent()).toContain('High');
    expect(await dialog.getByLabel('Assignee').textContent()).toContain('Unassigned');
    expect(await tasks()).toHaveLength(before.length);
    expect(await seriousInDialog(page)).toEqual([]);

    // Back to the description keeps it; previewing again reads it again.
    await dialog.getByRole('button', { name: 'Edit description' }).click();
    expect(await field.inputValue()).toBe('Alice to draft the sitemap by next Friday, high priority');
    await field.press('Control+Enter');
    await name.waitFor();

    // Corrected by keyboard: a new name, Maria as the assignee (Alice is not in the team), then Enter creates it.
    await name.fill('Draft the new sitemap');
    await dialog.getByLabel('Assignee').focus();
    await page.keyboard.press('Enter');
    const maria = page.getByRole('option', { name: 'Maria López' });
    await maria.waitFor();
    // Radix highlights the chosen option once the list is placed; keys before that are not for the list yet.
    await page.locator('[role="option"][data-highlighted]').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.locator('[role="option"][data-highlighted]', { hasText: 'Maria López' }).waitFor();
    await page.keyboard.press('Enter');
    await maria.waitFor({ state: 'hidden' });
    expect(await dialog.getByLabel('Assignee').textContent()).toContain('Maria López');
    await name.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Task Created Successfully!', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('treegrid', { name: 'Tasks' }).getByText('Draft the new sitemap', { exact: true }).first().waitFor({ timeout: 5000 });
    const created = (await tasks()).find((t) => t.name === 'Draft the new sitemap');
    expect(created).toMatchObject({ priority: 'high', assignedTo: 'Maria López', endDate: end });
    expect(await tasks()).toHaveLength(before.length + 1);
    await context.close();
  });

  it('[ai-not-a-task] a prompt with no task in it asks to rephrase, in the dialog, and creates nothing', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const { page, project } = await workspaceWithProject(context);
    await page.getByRole('button', { name: 'AI Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'AI Task Creator' });
    const field = dialog.getByLabel('Describe the task');
    await field.fill('asdf');
    await dialog.getByRole('button', { name: 'Preview Task' }).click();
    await dialog.getByRole('alert').getByText('Please rephrase it as something to do', { exact: false }).waitFor();
    // The prompt stays, to be edited; nothing was added to the project.
    expect(await field.inputValue()).toBe('asdf');
    const tasks = await (await page.request.get(`/api/projects/${project.id}/tasks`)).json();
    expect(tasks.map((t: { name: string }) => t.name)).not.toContain('Asdf');

    await field.fill('Maria to write release notes by Friday');
    await dialog.getByRole('button', { name: 'Preview Task' }).click();
    await dialog.getByLabel('Task name').waitFor();
    expect(await dialog.getByLabel('Assignee').textContent()).toContain('Maria López');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await page.getByText('Task Created Successfully!', { exact: true }).waitFor();
    const after = await (await page.request.get(`/api/projects/${project.id}/tasks`)).json();
    expect(after.find((t: { name: string }) => t.name === 'Write release notes')).toMatchObject({ assignedTo: 'Maria López' });
    await context.close();
  });
});
