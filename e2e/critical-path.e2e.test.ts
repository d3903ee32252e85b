import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayFromToday, newContext, signUpByApi, teamWithTeammate, useAppAndBrowser, chartSynced } from './harness.js';

const env = useAppAndBrowser();

// This week's Monday (today or up to 6 days back), so every date below is inside the default 2 Weeks range
// (today − 7 … today + 14) and falls on a known weekday.
const mondayOffset = -((new Date(`${dayFromToday(0)}T00:00:00Z`).getUTCDay() + 6) % 7);
/** Monday + n days. */
const day = (n: number) => dayFromToday(mondayOffset + n);

const bar = (page: Page, id: string) => page.locator(`[data-task-bar="${id}"]`);
const isCritical = async (page: Page, id: string) => (await bar(page, id).getAttribute('data-critical')) === 'true';
const headerDay = (page: Page, n: number) => page.locator(`[data-header-view] [data-day="${day(n)}"]`);

describe('critical path, slack and working days in the chart', () => {
  it('[e2e-critical-path] A→B→C is critical and loose D has slack; the calendar reshades live; a teammate sees the path change', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Ada', 'Planner');
    const b = await signUpByApi(contextB, 'Bea', 'Builder');
    const { projectId } = await teamWithTeammate(a, b, 'Works', 'Quay');
    const create = async (name: string, start: number, end: number) =>
      (await (await a.request.post('/api/tasks', { data: { projectId, name, startDate: day(start), endDate: day(end) } })).json()) as { id: string };
    // A Mon–Tue → B Wed–Thu → C Fri–next Mon, finish-to-start; D on Monday, linked to nothing.
    const taskA = await create('Survey', 0, 1);
    const taskB = await create('Design', 2, 3);
    const taskC = await create('Build', 4, 7);
    const taskD = await create('Order paint', 0, 0);
    for (const [successor, predecessor] of [[taskB, taskA], [taskC, taskB]] as const) {
      const linked = await a.request.post(`/api/tasks/${successor.id}/dependencies`, { data: { dependsOnTaskId: predecessor.id } });
      expect(linked.status()).toBe(201);
    }

    for (const page of [a, b]) {
      await page.goto('/');
      await bar(page, taskD.id).waitFor();
      await chartSynced(page);
    }

    // Off by default: nothing is marked. Pressed by keyboard, A, B and C are, and so is the link between them.
    const toggle = a.getByRole('button', { name: 'Critical path', exact: true });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await a.locator('[data-task-bar][data-critical]').count()).toBe(0);
    await toggle.focus();
    await a.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => Promise.all([taskA, taskB, taskC, taskD].map((t) => isCritical(a, t.id)))).toEqual([true, true, true, false]);
    expect(await bar(a, taskB.id).getAttribute('aria-label')).toMatch(/On the critical path$/);
    expect(await bar(a, taskD.id).getAttribute('aria-label')).not.toMatch(/critical/i);
    expect(await a.locator(`[data-dependency="${taskC.id}->${taskB.id}"]`).getAttribute('data-critical')).toBe('true');

    // D can slip to the project's finish (next Monday): Monday to Friday is 5 working days, as the server says too.
    const schedule = await (await a.request.get(`/api/projects/${projectId}/schedule`)).json();
    expect(schedule.slackDays[taskD.id]).toBe(5);
    expect([...schedule.criticalTaskIds].sort()).toEqual([taskA.id, taskB.id, taskC.id].sort());
    await bar(a, taskD.id).hover();
    await expect.poll(() => a.getByRole('tooltip').first().textContent()).toContain('Slack: 5 working days');
    await a.mouse.move(5, 5, { steps: 5 });
    await a.locator(`[data-task-row="${taskD.id}"]`).getByRole('button').first().press('Enter');
    const details = a.getByRole('dialog', { name: 'Task Details' });
    await expect.poll(() => details.locator('[data-task-slack]').textContent()).toContain('Slack: 5 working days');
    await a.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await a.locator(`[data-task-row="${taskB.id}"]`).getByRole('button').first().press('Enter');
    await expect.poll(() => details.locator('[data-task-slack]').textContent()).toContain('Critical: no slack');
    await a.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // Saturday and Sunday are shaded; then the project works Saturdays and takes next Wednesday off, by REST, and
    // the open chart follows without a reload: D can now slip through Saturday too.
    expect(await headerDay(a, 5).getAttribute('data-nonworking')).toBe('true');
    expect(await headerDay(a, 9).getAttribute('data-nonworking')).toBeNull();
    const patched = await a.request.patch(`/api/projects/${projectId}`, { data: { workingWeekdays: [1, 2, 3, 4, 5, 6], holidays: [day(9)] } });
    expect(patched.status()).toBe(200);
    await expect.poll(() => headerDay(a, 5).getAttribute('data-nonworking')).toBeNull();
    expect(await headerDay(a, 6).getAttribute('data-nonworking')).toBe('true');
    expect(await headerDay(a, 9).getAttribute('data-nonworking')).toBe('true');
    await expect.poll(() => headerDay(b, 9).getAttribute('data-nonworking')).toBe('true');
    await bar(a, taskD.id).hover();
    await expect.poll(() => a.getByRole('tooltip').first().textContent()).toContain('Slack: 6 working days');
    await a.mouse.move(5, 5, { steps: 5 });

    // The toggle is this browser's: B turns it on for themself. A moves D past the finish by keyboard (7 working
    // days, Saturday worked, to next Tuesday): on B's chart D becomes critical and C, a day ahead of the new finish, is not.
    const toggleB = b.getByRole('button', { name: 'Critical path', exact: true });
    expect(await toggleB.getAttribute('aria-pressed')).toBe('false');
    await toggleB.click();
    await expect.poll(() => Promise.all([taskC, taskD].map((t) => isCritical(b, t.id)))).toEqual([true, false]);
    await bar(a, taskD.id).focus();
    for (let i = 0; i < 7; i++) await a.keyboard.press('ArrowRight');
    await expect.poll(async () => (await (await a.request.get(`/api/projects/${projectId}/schedule`)).json()).projectEnd, { timeout: 5000 }).toBe(day(8));
    await expect.poll(() => Promise.all([taskA, taskB, taskC, taskD].map((t) => isCritical(b, t.id))), { timeout: 5000 }).toEqual([false, false, false, true]);

    // Remembered in this browser: after a reload the path is still shown.
    await a.reload();
    await bar(a, taskD.id).waitFor();
    expect(await a.getByRole('button', { name: 'Critical path', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => isCritical(a, taskD.id)).toBe(true);
    await contextA.close();
    await contextB.close();
  });
});
