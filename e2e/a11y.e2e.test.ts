import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signUpByApi, useAppAndBrowser, chartSynced } from './harness.js';

const env = useAppAndBrowser();

// axe-core's own bundle, injected into the page as a script: no browser download, no extra runner.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The part of axe-core's API the audit uses (it runs inside the page). */
interface AxeApi {
  run(
    context: string,
    options: object,
  ): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown[]; failureSummary: string }> }> }>;
}

interface Finding {
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

/** The serious and critical axe-core violations of what the page shows now, one line per offending node. */
async function seriousViolations(page: Page, scope: string | null): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (scope) => {
    const { axe } = globalThis as unknown as { axe: AxeApi };
    const result = await axe.run(scope, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => ({ rule: v.id, impact: v.impact, targets: n.target.map(String), summary: n.failureSummary })));
  }, scope ?? 'html');
}

/**
 * Audits the page as it is now (or only the elements `scope` selects) into `report`, naming the view, so one run
 * lists every view's findings.
 * Animations settle first: axe measures colours mid-fade otherwise.
 */
async function audit(report: string[], page: Page, where: string, scope: string | null = null): Promise<void> {
  await page.waitForTimeout(300);
  for (const f of await seriousViolations(page, scope)) report.push(`${where}: ${f.rule} ${f.targets.join(' ')} ${f.summary}`);
}

// Our Content-Security-Policy (script-src 'self') rightly refuses an inline script; only these contexts bypass it.
const auditContext = () => newContext(env.browser(), env.app().url, { bypassCSP: true });

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('accessibility (axe-core, serious and critical)', () => {
  it('[a11y] signed-out pages: landing, support dialog, /auth in both forms', async () => {
    const report: string[] = [];
    const context = await auditContext();
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await audit(report, page, 'landing');
    await page.getByRole('button', { name: /support/i }).last().click();
    await page.getByRole('dialog').waitFor();
    await audit(report, page, 'landing support dialog', '[role=dialog]');

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    await audit(report, page, '/auth register');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await audit(report, page, '/auth sign in');
    await context.close();
    expect(report).toEqual([]);
  });

  it('[a11y] the workspace with its chart, the dashboard, /profile and every workspace dialog', async () => {
    const report: string[] = [];
    const context = await auditContext();
    const page = await signUpByApi(context, 'Ally', 'Checker');
    const team = await (await page.request.post('/api/teams', { data: { name: 'Contrast' } })).json();
    const project = await (await page.request.post('/api/projects', { data: { name: 'Readable', teamId: team.id } })).json();
    const statuses = ['pending', 'in_progress', 'completed', 'blocked'] as const;
    const tasks: { id: string }[] = [];
    for (const [i, status] of statuses.entries()) {
      const created = await (
        await page.request.post('/api/tasks', {
          data: { projectId: project.id, name: `Task ${status}`, startDate: isoDay(i - 2), endDate: isoDay(i + 4), status, progress: 40 },
        })
      ).json();
      tasks.push(created);
    }
    // Issue 17: a milestone, and a summary over the last task (its collapse button and the outline with the chart).
    await page.request.post('/api/tasks', { data: { projectId: project.id, name: 'Handover', startDate: isoDay(3), endDate: isoDay(3), kind: 'milestone' } });
    const phase = await (await page.request.post('/api/tasks', { data: { projectId: project.id, name: 'Phase', startDate: isoDay(0), endDate: isoDay(1) } })).json();
    await page.request.patch(`/api/tasks/${tasks[3]!.id}`, { data: { parentId: phase.id } });
    await page.request.post(`/api/projects/${project.id}/weekly-reports`, {
      data: { weekEndingDate: isoDay(0), summary: 'First week', ganttScreenshot: null },
    });

    await page.goto('/');
    await page.getByRole('heading', { name: 'Project Timeline' }).waitFor();
    await page.locator(`[data-task-bar="${tasks[0]!.id}"]`).waitFor();
    await chartSynced(page);
    await audit(report, page, 'workspace chart');
    // The critical path shown: outlined bars, and the toggle in its pressed state.
    const criticalPath = page.getByRole('button', { name: 'Critical path', exact: true });
    await criticalPath.click();
    await expect.poll(() => criticalPath.getAttribute('aria-pressed')).toBe('true');
    await page.locator('[data-task-bar][data-critical]').first().waitFor();
    await audit(report, page, 'workspace chart, critical path shown');
    await criticalPath.click();

    const dialogs: Array<{ open: () => Promise<void>; name: string }> = [
      { name: 'Team Management', open: () => page.getByRole('button', { name: 'Teams', exact: true }).click() },
      { name: 'Weekly Progress Reports', open: () => page.getByRole('button', { name: 'Reports', exact: true }).click() },
      { name: 'Create New Project', open: () => page.getByRole('button', { name: 'New Project' }).click() },
      { name: 'Invite Team Members', open: () => page.getByRole('button', { name: 'Add User' }).click() },
      { name: 'Join Requests', open: () => page.getByRole('button', { name: 'Manage Join Requests' }).click() },
      { name: 'AI Task Creator', open: () => page.getByRole('button', { name: 'AI Task' }).click() },
      { name: 'Export Project', open: () => page.getByRole('button', { name: 'Export' }).click() },
      {
        name: 'Task Details',
        open: () => page.locator(`[data-task-row="${tasks[0]!.id}"]`).getByRole('button').first().click(),
      },
      {
        name: 'Create Your Team',
        open: async () => {
          await page.getByRole('button', { name: 'Teams', exact: true }).click();
          await page.getByRole('dialog', { name: 'Team Management' }).getByRole('button', { name: /Create Team/ }).click();
        },
      },
      {
        name: 'Join a Team',
        open: async () => {
          await page.getByRole('button', { name: 'Teams', exact: true }).click();
          await page.getByRole('dialog', { name: 'Team Management' }).getByRole('button', { name: 'Join Team' }).click();
        },
      },
    ];
    for (const dialog of dialogs) {
      await dialog.open();
      await page.getByRole('dialog', { name: dialog.name }).waitFor();
      // The page behind is audited on its own; a dialog is audited as itself.
      await audit(report, page, `dialog ${dialog.name}`, '[role=dialog]');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }

    await page.getByRole('button', { name: 'Dashboard View' }).click();
    await page.getByRole('region', { name: 'Project Statistics' }).waitFor();
    await audit(report, page, 'dashboard');
    // The statistics tiles (Completed, In Progress, Overdue) show from medium size on.
    await page.getByRole('button', { name: 'Customize' }).click();
    await page.getByRole('combobox', { name: 'Size of Project Statistics' }).selectOption('medium');
    await page.getByRole('button', { name: 'Save Layout' }).click();
    await page.getByRole('button', { name: 'Customize' }).waitFor();
    await audit(report, page, 'dashboard, statistics at medium size');

    await page.goto('/profile');
    await page.getByText('Personal Information').waitFor();
    await audit(report, page, '/profile');
    await context.close();
    expect(report).toEqual([]);
  });
  it('[a11y] the chart with a baseline shown, drift labels, Late only, and the Save baseline dialog', async () => {
    const report: string[] = [];
    const context = await auditContext();
    const page = await signUpByApi(context, 'Basil', 'Checker');
    const team = await (await page.request.post('/api/teams', { data: { name: 'Baselines' } })).json();
    const project = await (await page.request.post('/api/projects', { data: { name: 'Compared', teamId: team.id } })).json();
    const create = async (name: string, start: number, end: number) =>
      (await (await page.request.post('/api/tasks', { data: { projectId: project.id, name, startDate: isoDay(start), endDate: isoDay(end) } })).json()) as {
        id: string;
      };
    const [early, late] = [await create('Stays put', -1, 1), await create('Slips', 0, 2)];
    await page.request.post(`/api/projects/${project.id}/baselines`, { data: { name: 'Kick-off plan' } });
    await page.request.patch(`/api/tasks/${late.id}`, { data: { startDate: isoDay(3), endDate: isoDay(5) } });

    await page.goto('/');
    await page.locator(`[data-task-bar="${early.id}"]`).waitFor();
    await chartSynced(page);
    await page.getByRole('combobox', { name: 'Baseline' }).click();
    await audit(report, page, 'baseline select open', '[role=listbox]');
    await page.getByRole('option', { name: 'Kick-off plan' }).click();
    await page.locator(`[data-baseline-drift="${late.id}"]`).waitFor();
    await audit(report, page, 'chart with a baseline');
    await page.getByRole('button', { name: 'Late only' }).click();
    await expect.poll(() => page.locator('[data-task-row]').count()).toBe(1);
    await audit(report, page, 'chart, late only');

    await page.getByRole('combobox', { name: 'Baseline' }).click();
    await page.getByRole('option', { name: 'Save baseline…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save baseline' });
    await dialog.getByRole('button', { name: 'Save baseline' }).click();
    await dialog.getByText('Baseline name is required').waitFor();
    await audit(report, page, 'dialog Save baseline, with an error', '[role=dialog]');
    await context.close();
    expect(report).toEqual([]);
  });
});
