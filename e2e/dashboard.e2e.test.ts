import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signUpByApi, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();


/** The widget titles of the dashboard, in the order they are shown. */
async function widgetTitles(page: Page): Promise<string[]> {
  return page.getByRole('region', { name: 'Dashboard' }).locator('h3').allTextContents();
}

describe('the dashboard', () => {
  it('[e2e-dashboard] statistics follow a teammate live; customize, drag, resize, remove, add, save, reload', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Quinn', 'Lead');
    const b = await signUpByApi(contextB, 'Rita', 'Lead');
    const team = await (await a.request.post('/api/teams', { data: { name: 'Quarter' } })).json();
    const project = await (await a.request.post('/api/projects', { data: { name: 'Q1 Plan', teamId: team.id } })).json();
    const token = new URL((await (await a.request.get(`/api/teams/${team.id}/invite-link`)).json()).inviteLink).searchParams.get('token');
    await b.request.post('/api/teams/join', { data: { token } });
    const tasks = [];
    for (const name of ['Scope', 'Build', 'Ship', 'Review']) {
      tasks.push(await (await a.request.post('/api/tasks', { data: { projectId: project.id, name, startDate: '2026-11-23', endDate: '2026-11-27' } })).json());
    }

    await a.goto('/');
    await a.getByRole('button', { name: 'Dashboard View' }).click();
    const completion = a.getByRole('region', { name: 'Project Statistics' }).getByRole('progressbar', { name: 'Completion rate' });
    await expect.poll(() => completion.getAttribute('aria-valuenow')).toBe('0');

    // A teammate completes a task: A's statistics change without a reload.
    await b.request.patch(`/api/tasks/${tasks[0].id}`, { data: { status: 'completed' } });
    await expect.poll(() => completion.getAttribute('aria-valuenow'), { timeout: 5000 }).toBe('25');

    // Customize: move the Gantt preview to the front with the keyboard, resize, remove, add, save.
    expect(await widgetTitles(a)).toEqual(['Project Statistics', 'Recent Tasks', 'Gantt Chart Preview']);
    await a.getByRole('button', { name: 'Customize' }).click();
    // Keyboard drag, one step at a time as a person does it: lift (the handle reads as pressed), move twice,
    // drop. Waiting on what the page shows keeps the keys from outrunning the drag under load.
    const handle = a.getByRole('button', { name: 'Move Gantt Chart Preview', exact: true });
    await handle.focus();
    await a.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    await a.keyboard.press('ArrowLeft');
    await a.waitForTimeout(150);
    await a.keyboard.press('ArrowLeft');
    await a.waitForTimeout(150);
    await a.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).not.toBe('true');
    await expect.poll(() => widgetTitles(a)).toEqual(['Gantt Chart Preview', 'Project Statistics', 'Recent Tasks']);
    await a.getByRole('combobox', { name: 'Size of Recent Tasks' }).selectOption('large');
    await a.getByRole('button', { name: 'Remove Project Statistics' }).click();
    await a.getByRole('button', { name: 'Add Widget' }).click();
    await a.getByRole('menuitem', { name: 'Upcoming Tasks' }).click();
    await a.getByRole('button', { name: 'Save Layout' }).click();
    await a.getByRole('button', { name: 'Customize' }).waitFor();

    await a.reload();
    await a.getByRole('region', { name: 'Dashboard' }).waitFor();
    await expect.poll(() => widgetTitles(a)).toEqual(['Gantt Chart Preview', 'Recent Tasks', 'Upcoming Tasks']);
    const saved = await (await a.request.get(`/api/dashboard-config?projectId=${project.id}`)).json();
    expect(saved.layout.map((w: { type: string; size: string }) => [w.type, w.size])).toEqual([
      ['gantt-preview', 'large'],
      ['task-list', 'large'],
      ['upcoming-tasks', 'small'],
    ]);
    await contextA.close();
    await contextB.close();
  });

  it('[report-labels] the reports dialog names both figures: average progress and completion rate', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Rhea', 'Ports');
    const team = await (await page.request.post('/api/teams', { data: { name: 'Weekly' } })).json();
    const project = await (await page.request.post('/api/projects', { data: { name: 'Figures', teamId: team.id } })).json();
    for (const progress of [12, 12, 0]) {
      await page.request.post('/api/tasks', { data: { projectId: project.id, name: `Work ${progress}`, startDate: '2026-11-23', endDate: '2026-11-27', progress } });
    }
    await page.request.post(`/api/projects/${project.id}/weekly-reports`, { data: { weekEndingDate: '2026-11-29', summary: 'Half-way', ganttScreenshot: null } });

    await page.goto('/');
    await page.getByRole('button', { name: 'Reports', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Weekly Progress Reports' });
    await dialog.getByText('average progress', { exact: true }).first().waitFor();
    expect(await dialog.getByRole('progressbar', { name: 'Average progress' }).first().getAttribute('aria-valuenow')).toBe('8');
    // The weekly job may have written this week's report too: the label shows on each of them.
    await dialog.getByText('Completion rate 0% (0 of 3 tasks completed)').first().waitFor();
    await context.close();
  });
});
