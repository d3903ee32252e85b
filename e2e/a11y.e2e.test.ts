import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signUpByApi, teamWithTeammate, useAppAndBrowser, chartSynced } from './harness.js';

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

/**
 * label-content-name-mismatch (WCAG 2.5.3: a control's name contains its visible text). Older axe-core releases tagged it
 * 'experimental' and left it off (4.14 runs it by default); the audits that must run it name it, so no version drops it.
 */
const LABEL_IN_NAME = ['label-content-name-mismatch'];

/** The serious and critical axe-core violations of what the page shows now, one line per offending node. */
async function seriousViolations(page: Page, scope: string | null, extraRules: readonly string[]): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(
    async ({ scope, extraRules }) => {
      const { axe } = globalThis as unknown as { axe: AxeApi };
      const rules = Object.fromEntries(extraRules.map((id) => [id, { enabled: true }]));
      const result = await axe.run(scope, { resultTypes: ['violations'], rules });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.map((n) => ({ rule: v.id, impact: v.impact, targets: n.target.map(String), summary: n.failureSummary })));
    },
    { scope: scope ?? 'html', extraRules: [...extraRules] },
  );
}

/**
 * Audits the page as it is now (or only the elements `scope` selects) into `report`, naming the view, so one run
 * lists every view's findings.
 * Animations settle first: axe measures colours mid-fade otherwise.
 */
async function audit(report: string[], page: Page, where: string, scope: string | null = null, extraRules: readonly string[] = []): Promise<void> {
  await page.waitForTimeout(300);
  for (const f of await seriousViolations(page, scope, extraRules)) report.push(`${where}: ${f.rule} ${f.targets.join(' ')} ${f.summary}`);
}

/**
 * Each bar, milestone and summary whose accessible name does not start with the text drawn on or beside it
 * (WCAG 2.5.3: a speech user says what they see). Returns the offenders as 'visible text | aria-label'.
 */
async function barsWithoutVisibleTextInName(page: Page): Promise<{ checked: number; offenders: string[] }> {
  return page.locator('[data-task-bar]').evaluateAll((bars) => {
    const offenders: string[] = [];
    for (const bar of bars as HTMLElement[]) {
      const visible = bar.innerText.replace(/\s+/g, ' ').trim();
      const label = bar.getAttribute('aria-label') ?? '';
      if (!visible || !label.startsWith(visible)) offenders.push(`${visible} | ${label}`);
    }
    return { checked: bars.length, offenders };
  });
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
    // A finish-to-start link, for its arrow and the Dependency popover.
    const followUp = (await (
      await page.request.post('/api/tasks', { data: { projectId: project.id, name: 'Follow-up', startDate: isoDay(6), endDate: isoDay(8) } })
    ).json()) as { id: string };
    const linked = await page.request.post(`/api/tasks/${followUp.id}/dependencies`, { data: { dependsOnTaskId: tasks[0]!.id } });
    expect(linked.status()).toBe(201);
    // A guest who joined the project by its link, for the Remove guest? confirm.
    const guestContext = await newContext(env.browser(), env.app().url);
    const guest = await signUpByApi(guestContext, 'Gus', 'Guest');
    const projectLink = (await (await page.request.get(`/api/projects/${project.id}/invite-link`)).json()).inviteLink as string;
    expect((await guest.request.post('/api/projects/join', { data: { token: projectLink.split('/').pop() } })).status()).toBe(200);
    await guestContext.close();
    await page.request.post(`/api/projects/${project.id}/weekly-reports`, {
      data: { weekEndingDate: isoDay(0), summary: 'First week', ganttScreenshot: null },
    });

    await page.goto('/');
    await page.getByRole('heading', { name: 'Project Timeline' }).waitFor();
    await page.locator(`[data-task-bar="${tasks[0]!.id}"]`).waitFor();
    await chartSynced(page);
    await page.locator(`[data-dependency]`).first().waitFor();
    // The chart with label-in-name too: every bar, milestone and summary is a button named by what it shows.
    await audit(report, page, 'workspace chart', null, LABEL_IN_NAME);
    const bars = await barsWithoutVisibleTextInName(page);
    expect(bars.checked).toBe(7);
    expect(bars.offenders).toEqual([]);
    // The critical path shown: outlined bars, and the toggle in its pressed state.
    const criticalPath = page.getByRole('button', { name: 'Critical path', exact: true });
    await criticalPath.click();
    await expect.poll(() => criticalPath.getAttribute('aria-pressed')).toBe('true');
    await page.locator('[data-task-bar][data-critical]').first().waitFor();
    await audit(report, page, 'workspace chart, critical path shown', null, LABEL_IN_NAME);
    await criticalPath.click();

    const teamManagement = async () => {
      await page.getByRole('button', { name: 'Teams', exact: true }).click();
      return page.getByRole('dialog', { name: 'Team Management' });
    };
    const dialogs: Array<{ open: () => Promise<void>; name: string; close?: () => Promise<void> }> = [
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
      // A placeholder row of a plan under ten tasks opens Create New Task with its dates.
      { name: 'Create New Task', open: () => page.locator('[data-placeholder-row]').first().getByRole('button').click() },
      {
        name: 'Delete task?',
        // Over Task Details, which it came from: Escape closes one, then the other.
        open: async () => {
          await page.locator(`[data-task-row="${tasks[0]!.id}"]`).getByRole('button').first().click();
          await page.getByRole('dialog', { name: 'Task Details' }).getByRole('button', { name: 'Delete Task' }).click();
        },
      },
      { name: 'Schedule settings', open: () => page.getByRole('button', { name: 'Schedule settings' }).click() },
      {
        name: 'Invite to Project',
        open: async () => {
          await page.getByRole('button', { name: 'Invite to project' }).click();
          await page.getByRole('dialog', { name: 'Invite to Project' }).getByRole('list', { name: 'Project guests' }).getByText('Gus Guest').waitFor();
        },
      },
      {
        name: 'Remove guest?',
        open: async () => {
          await page.getByRole('button', { name: 'Invite to project' }).click();
          await page.getByRole('dialog', { name: 'Invite to Project' }).getByRole('button', { name: 'Remove Gus Guest' }).click();
        },
      },
      {
        name: 'Regenerate invite link?',
        open: async () => {
          const manage = await teamManagement();
          await expect.poll(() => manage.getByRole('textbox', { name: 'Invite Link' }).inputValue()).toMatch(/token=/);
          await manage.getByRole('button', { name: 'Regenerate link' }).click();
        },
      },
      {
        // Not modal: the selected arrow's editor beside it, opened by a click on the line.
        name: 'Dependency',
        open: async () => {
          const arrow = page.getByRole('button', { name: /^Task pending → Follow-up, finish-to-start/ });
          const middle = await arrow.evaluate((path: SVGPathElement) => {
            const point = path.getPointAtLength(path.getTotalLength() / 2).matrixTransform(path.getScreenCTM()!);
            return { x: point.x, y: point.y };
          });
          await page.mouse.click(middle.x, middle.y);
        },
        close: () => page.getByRole('dialog', { name: 'Dependency' }).getByRole('button', { name: 'Close' }).click(),
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
      await dialog.close?.();
      // A confirm opened from another dialog closes one Escape at a time (the dialog under it is aria-hidden
      // meanwhile, so this counts the elements, not the accessible dialogs).
      // :visible: the grid's Filter and Sort panels are non-modal dialogs kept in the page, hidden, while closed.
      const openDialogs = page.locator('[role=dialog]:visible');
      for (let open = await openDialogs.count(); open > 0; open--) {
        await page.keyboard.press('Escape');
        await expect.poll(() => openDialogs.count(), { message: `Escape closes ${dialog.name}` }).toBe(open - 1);
      }
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
  it('[a11y-keyboard] skip links reach Add Task in a few Tabs; landmarks; hints, a teammate\'s avatar and Change History pass axe', async () => {
    const report: string[] = [];
    const contexts = [await auditContext(), await newContext(env.browser(), env.app().url)];
    const [page, teammate] = [await signUpByApi(contexts[0]!, 'Kay', 'Board'), await signUpByApi(contexts[1]!, 'Otto', 'Orange')];
    const { projectId } = await teamWithTeammate(page, teammate, 'Keys', 'Keyboard only');
    const near = await (await page.request.post('/api/tasks', { data: { projectId, name: 'Kick-off', startDate: isoDay(0), endDate: isoDay(2) } })).json();
    // Far beyond the range shown: its row shows the grey "Starts …" hint at the timeline's right end (issue 33).
    await page.request.post('/api/tasks', { data: { projectId, name: 'Launch', startDate: isoDay(400), endDate: isoDay(402) } });
    // Enough recorded changes that Change History's list scrolls.
    for (const [i, name] of ['Kick-off call', 'Kick-off meeting', 'Kick-off workshop', 'Kick-off day', 'Kick-off review', 'Kick-off'].entries()) {
      await page.request.patch(`/api/tasks/${near.id}`, { data: { name, progress: (i + 1) * 10 } });
    }

    await page.goto('/');
    await page.locator(`[data-task-bar="${near.id}"]`).waitFor();
    await chartSynced(page);
    // A teammate on the same project: their avatar in the header, white initials on their colour.
    await teammate.goto('/');
    await chartSynced(teammate);
    await page.getByRole('list', { name: 'People viewing this project' }).getByRole('img', { name: 'Otto Orange' }).waitFor();

    // [skip-links] From the top of the page, a few Tabs reach the skip link to Add Task (21 went through the
    // navigation, header and sidebar before); Enter puts the focus in the quick add form's name.
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    let tabs = 0;
    while (tabs < 25 && (await focused()) !== 'Skip to Add Task') {
      await page.keyboard.press('Tab');
      tabs += 1;
    }
    expect(tabs).toBeLessThanOrEqual(3);
    await page.keyboard.press('Enter');
    const taskName = page.getByRole('form', { name: 'Quick Add Task' }).getByLabel('Task name');
    await expect.poll(() => taskName.evaluate((el) => el === document.activeElement)).toBe(true);
    // Skip to task list: the next Tab is the first task's name.
    await page.getByRole('link', { name: 'Skip to main content' }).focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Skip to task list');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-task-row]')?.getAttribute('data-task-row'))).toBe(near.id);

    // [landmarks] One per region, each named.
    for (const [role, name] of [
      ['banner', undefined],
      ['navigation', 'Main'],
      ['region', 'Project header'],
      ['navigation', 'Workspace'],
      ['main', 'Project workspace'],
      ['region', 'Project Timeline'],
      ['region', 'Task list and timeline'],
      ['form', 'Quick Add Task'],
    ] as const) {
      expect(await page.getByRole(role, name ? { name, exact: true } : {}).count(), `${role} ${name ?? ''}`).toBe(1);
    }

    // The chart scrolled to its right end, where the "Starts …" hint is drawn.
    const hint = page.locator('[data-task-row]').getByText(/^Starts /);
    await page.locator('[data-timeline-scroll]').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await hint.waitFor();
    expect(await hint.isVisible()).toBe(true);
    await audit(report, page, 'workspace, chart at its end with a "Starts" hint and a teammate\'s avatar', null, LABEL_IN_NAME);

    // Change History: its scrollable list takes the focus, and the tab passes axe.
    await page.locator(`[data-task-row="${near.id}"]`).getByRole('button').first().click();
    const details = page.getByRole('dialog', { name: 'Task Details' });
    await details.getByRole('tab', { name: 'Change History' }).click();
    const list = details.getByRole('list', { name: 'Change history' });
    await list.getByRole('listitem').nth(6).waitFor();
    await audit(report, page, 'dialog Task Details, Change History', '[role=dialog]');
    // Said now, so a failure below still lists what axe found.
    expect.soft(report).toEqual([]);
    const changes = details.getByRole('region', { name: 'Recorded changes' });
    expect(await changes.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await changes.focus();
    expect(await changes.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Dashboard View' }).click();
    await page.getByRole('region', { name: 'Project Statistics' }).waitFor();
    await audit(report, page, 'dashboard with a teammate\'s avatar');
    await Promise.all(contexts.map((context) => context.close()));
    expect(report).toEqual([]);
  });

  it('[a11y] on a phone (390×844, touch): the workspace folded, then with its header and the chart\'s More tools open', async () => {
    const report: string[] = [];
    const context = await newContext(env.browser(), env.app().url, { bypassCSP: true, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await signUpByApi(context, 'Phil', 'Checker');
    const team = await (await page.request.post('/api/teams', { data: { name: 'Pocket' } })).json();
    const project = await (await page.request.post('/api/projects', { data: { name: 'Small screen', teamId: team.id } })).json();
    const task = await (await page.request.post('/api/tasks', { data: { projectId: project.id, name: 'Measure', startDate: isoDay(0), endDate: isoDay(2) } })).json();

    await page.goto('/');
    await page.locator(`[data-task-bar="${task.id}"]`).waitFor();
    await chartSynced(page);
    await audit(report, page, 'phone workspace, folded', null, LABEL_IN_NAME);
    for (const name of ['Project details and actions', 'More chart tools']) {
      const toggle = page.getByRole('button', { name });
      await toggle.tap();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    }
    await audit(report, page, 'phone workspace, header and More open', null, LABEL_IN_NAME);
    await context.close();
    expect(report).toEqual([]);
  });
  it('[a11y] the chart with a baseline shown, drift labels, Late only, the Save baseline dialog and the History panel', async () => {
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
    // A moment of this plan for the History panel, well before the panel opens (its field starts at now).
    await new Promise((r) => setTimeout(r, 1100));
    const planned = Date.now();
    // Moved again after that moment, with a reason: the past view notes who moved it and why.
    await new Promise((r) => setTimeout(r, 1100));
    await page.request.patch(`/api/tasks/${late.id}`, { data: { startDate: isoDay(4), endDate: isoDay(6), changeReason: 'Crane was booked' } });

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
    await page.keyboard.press('Escape');

    // The History panel: the plan as it was a moment after the baseline (read-only, with its banner), then compared
    // with now.
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('region', { name: 'Plan history' });
    await audit(report, page, 'History panel');
    const moment = await page.evaluate((at) => {
      const d = new Date(at);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    }, planned);
    await history.getByLabel('Date and time').fill(moment);
    await history.getByText('Viewing the plan as of').waitFor();
    await page.locator(`[data-move-note="${late.id}"]`).waitFor();
    await audit(report, page, 'chart, the plan as it was', null, LABEL_IN_NAME);
    await page.locator(`[data-move-note="${late.id}"]`).click();
    await page.getByRole('dialog', { name: 'Slips' }).getByRole('button', { name: 'Restore this task' }).waitFor();
    await audit(report, page, 'dialog, a task as it was', '[role=dialog]');
    await page.keyboard.press('Escape');
    await history.getByRole('button', { name: 'Restore this plan' }).click();
    await page.getByRole('dialog', { name: 'Restore this plan?' }).getByRole('button', { name: 'Restore plan' }).waitFor();
    await audit(report, page, 'dialog, restore this plan', '[role=dialog]');
    await page.keyboard.press('Escape');
    await history.getByRole('button', { name: 'Compare with now' }).click();
    await page.locator(`[data-baseline-bar="${late.id}"]`).waitFor();
    await page.locator(`[data-move-note="${late.id}"]`).waitFor();
    await audit(report, page, 'chart, the past compared with now');
    await context.close();
    expect(report).toEqual([]);
  });
});
