import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayFromToday, newContext, signUpByApi, useAppAndBrowser, chartSynced } from './harness.js';

const env = useAppAndBrowser();

// This week's Monday (today or up to 6 days back), so every date below is inside the default 2 Weeks range
// (today − 7 … today + 14) and falls on a known weekday.
const mondayOffset = -((new Date(`${dayFromToday(0)}T00:00:00Z`).getUTCDay() + 6) % 7);
/** Monday + n days. */
const day = (n: number) => dayFromToday(mondayOffset + n);

const bar = (page: Page, id: string) => page.locator(`[data-task-bar="${id}"]`);
const baselineBar = (page: Page, id: string) => page.locator(`[data-baseline-bar="${id}"]`);
const drift = (page: Page, id: string) => page.locator(`[data-baseline-drift="${id}"]`);
const rows = (page: Page) => page.locator('[data-task-row]');

async function chooseBaseline(page: Page, option: string) {
  await page.getByRole('combobox', { name: 'Baseline' }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('baselines in the chart', () => {
  it('[e2e-baselines] save a baseline, move a task, see the grey bar and "+3wd" drift, filter late only, export with it', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Bo', 'Baseline');
    const team = await (await page.request.post('/api/teams', { data: { name: 'Plans' } })).json();
    const project = await (await page.request.post('/api/projects', { data: { name: 'Harbour', teamId: team.id } })).json();
    const create = async (name: string, start: number, end: number) =>
      (await (await page.request.post('/api/tasks', { data: { projectId: project.id, name, startDate: day(start), endDate: day(end) } })).json()) as {
        id: string;
      };
    const survey = await create('Survey', 0, 1);
    const design = await create('Design', 2, 3);
    const build = await create('Build', 7, 8);

    await page.goto('/');
    await bar(page, build.id).waitFor();
    await chartSynced(page);
    const select = page.getByRole('combobox', { name: 'Baseline' });
    await expect.poll(() => select.textContent()).toBe('None');
    const lateOnly = page.getByRole('button', { name: 'Late only' });
    expect(await lateOnly.getAttribute('aria-disabled')).toBe('true');

    // Save baseline…: a blank name is refused in the dialog; a good one is saved and shown at once.
    await chooseBaseline(page, 'Save baseline…');
    const dialog = page.getByRole('dialog', { name: 'Save baseline' });
    await dialog.getByRole('button', { name: 'Save baseline' }).click();
    await dialog.getByText('Baseline name is required').waitFor();
    await dialog.getByLabel('Baseline name').fill('Kick-off plan');
    await dialog.getByRole('button', { name: 'Save baseline' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Baseline saved', { exact: true }).waitFor();
    await expect.poll(() => select.textContent()).toBe('Kick-off plan');
    for (const task of [survey, design, build]) await baselineBar(page, task.id).waitFor();
    // Nothing has moved yet: no drift to tell.
    expect(await page.locator('[data-baseline-drift]').count()).toBe(0);

    // Design moves 3 working days by keyboard (Wed–Thu to next Mon–Tue, over the weekend): its end is 3 working days
    // later (Fri, Mon, Tue), and the label says the unit.
    await bar(page, design.id).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => drift(page, design.id).textContent(), { timeout: 5000 }).toContain('+3wd vs Kick-off plan');
    expect(await drift(page, design.id).getAttribute('title')).toMatch(/^Kick-off plan: .+; ends 3 working days later$/);
    // The grey bar stays where Design was: left of where it is now.
    const [was, now] = [await baselineBar(page, design.id).boundingBox(), await bar(page, design.id).boundingBox()];
    expect(was!.x).toBeLessThan(now!.x);
    expect(was!.y).toBeGreaterThan(now!.y + now!.height - 1);
    expect(await drift(page, survey.id).count()).toBe(0);

    // Late only: Design alone, and the count says so; off again, all three.
    await lateOnly.click();
    await expect.poll(() => lateOnly.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().getAttribute('data-task-row')).toBe(design.id);
    await page.getByText('1 of 3 tasks end later than in Kick-off plan').waitFor();
    await lateOnly.click();
    await expect.poll(() => rows(page).count()).toBe(3);

    // The baseline stays chosen for this project after a reload (Late only does not).
    await page.reload();
    await bar(page, build.id).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Baseline' }).textContent()).toBe('Kick-off plan');
    await baselineBar(page, design.id).waitFor();
    expect(await page.getByRole('button', { name: 'Late only' }).getAttribute('aria-pressed')).toBe('false');

    // The export dialog offers it; the request carries its id.
    const saved = (await (await page.request.get(`/api/projects/${project.id}/baselines`)).json()) as { id: string }[];
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export Project' });
    await exportDialog.getByRole('combobox', { name: 'Include baseline' }).click();
    await page.getByRole('option', { name: 'Kick-off plan' }).click();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/api/export/excel/')),
      page.waitForEvent('download'),
      exportDialog.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(JSON.parse(request.postData()!)).toMatchObject({ baselineId: saved[0]!.id });
    await exportDialog.waitFor({ state: 'detached' });

    // None hides it.
    await chooseBaseline(page, 'None');
    await baselineBar(page, design.id).waitFor({ state: 'detached' });
    await context.close();
  });

  it('[e2e-baselines] the plan limit is said in the save dialog, beside the baseline one can delete to make room', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Fay', 'Free');
    const team = await (await page.request.post('/api/teams', { data: { name: 'Frugal' } })).json();
    const project = await (await page.request.post('/api/projects', { data: { name: 'Shed', teamId: team.id } })).json();
    const task = await (await page.request.post('/api/tasks', { data: { projectId: project.id, name: 'Roof', startDate: day(0), endDate: day(2) } })).json();
    expect((await page.request.post(`/api/projects/${project.id}/baselines`, { data: { name: 'First plan' } })).status()).toBe(201);

    await page.goto('/');
    await bar(page, task.id).waitFor();
    await chartSynced(page);
    // A new team is on its Pro trial; the Free plan's answer is played by the network, word for word as the API says it.
    const message = 'The free plan keeps 1 baseline per project. Upgrade to Pro to keep up to 10, or delete the one you have.';
    await page.route(`**/api/projects/${project.id}/baselines`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 402,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'payment_required', message, requiredPlan: 'pro', teamOwnerId: team.ownerId, requiresUpgrade: true }),
          })
        : route.fallback(),
    );
    await chooseBaseline(page, 'Save baseline…');
    const dialog = page.getByRole('dialog', { name: 'Save baseline' });
    await dialog.getByLabel('Baseline name').fill('Second plan');
    await dialog.getByRole('button', { name: 'Save baseline' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(message);
    await page.unroute(`**/api/projects/${project.id}/baselines`);

    // Delete the one there is, then the save goes through.
    await dialog.getByRole('button', { name: 'Delete baseline First plan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete baseline' });
    await confirm.getByRole('button', { name: 'Delete baseline' }).click();
    await page.getByText('Baseline deleted', { exact: true }).waitFor();
    await expect.poll(() => dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save baseline' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('combobox', { name: 'Baseline' }).textContent()).toBe('Second plan');
    await baselineBar(page, task.id).waitFor();
    await context.close();
  });
});
