import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chartSynced, newContext, seriousAxeFindings, signUpByApi, useAppAndBrowser } from './harness.js';
import { overbookedProject, weekDay } from './workload-fixtures.js';

const env = useAppAndBrowser();

/** Ana's team and project with Weld and Paint both hers on Monday and Tuesday (200%), open in the chart. */
async function overbooked(page: Page) {
  const plan = await overbookedProject(page);
  await page.goto('/');
  await page.locator(`[data-task-bar="${plan.ids[1]}"]`).waitFor();
  await chartSynced(page);
  return plan;
}

const dialogFindings = (page: Page) => seriousAxeFindings(page, '[role="dialog"]');

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Resolve over-allocation' });

describe('[leveling-dialog] Resolve over-allocation in the chart', () => {
  it('previews the move with its person and delay, Cancel changes nothing, Apply moves the bar live, and a second run has nothing to resolve', async () => {
    // CSP bypassed only so the axe audit's script can be injected.
    const context = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const page = await signUpByApi(context, 'Ana', 'Silva');
    const { projectId, ids } = await overbooked(page);
    const tasks = async () => (await (await page.request.get(`/api/projects/${projectId}/tasks`)).json()) as { id: string; startDate: string }[];

    // From the keyboard: the toolbar button opens the dialog, Escape closes it without a change.
    const open = page.getByRole('button', { name: 'Resolve over-allocation' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = dialogOf(page);
    const moves = dialog.locator('[data-leveling-moves] li');
    await moves.first().waitFor();
    expect(await moves.count()).toBe(1);
    const row = (await moves.first().textContent()) ?? '';
    expect(row).toMatch(/^(Weld|Paint)Ana Silva over-allocated \d+(-\d+)? \w{3}\+2 working days$/);
    expect(await dialogFindings(page)).toEqual([]);
    // The move's ghost bar shows where the task would go, two working days later; it goes with the dialog.
    const ghost = page.locator('[data-leveling-ghost]');
    expect(await ghost.count()).toBe(1);
    const ghostId = (await ghost.getAttribute('data-leveling-ghost'))!;
    const ghostBox = (await ghost.boundingBox())!;
    const barBox = (await page.locator(`[data-task-bar="${ghostId}"]`).boundingBox())!;
    // The bar spans Monday and Tuesday, the ghost starts on Wednesday: about one bar width to the right.
    expect(Math.abs(ghostBox.x - (barBox.x + barBox.width))).toBeLessThan(barBox.width / 4);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await ghost.count()).toBe(0);
    expect((await tasks()).map((t) => t.startDate)).toEqual([weekDay(0), weekDay(0)]);

    // Apply: the dialog closes and the bar moves through the document (its row's bar, not a reload).
    await open.click();
    await moves.first().waitFor();
    const movedName = row.startsWith('Weld') ? 'Weld' : 'Paint';
    const movedId = ids[movedName === 'Weld' ? 0 : 1]!;
    const bar = page.locator(`[data-task-bar="${movedId}"]`);
    const xBefore = (await bar.boundingBox())!.x;
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await bar.boundingBox())!.x, { timeout: 10_000 }).toBeGreaterThan(xBefore);
    const after = await tasks();
    expect(after.find((t) => t.id === movedId)!.startDate).toBe(weekDay(2));
    expect(after.find((t) => t.id !== movedId)!.startDate).toBe(weekDay(0));

    // Nobody is over-allocated now: the preview says so and offers no Apply.
    await open.click();
    await dialog.getByText('Nothing to resolve').waitFor();
    expect(await dialog.getByRole('button', { name: 'Apply' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it("shows the API's message for a refused preview, and the upgrade prompt on the Free plan", async () => {
    // CSP bypassed only so the axe audit's script can be injected.
    const context = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const page = await signUpByApi(context, 'Fay', 'Free');
    const { me, teamId } = await overbooked(page);
    const open = page.getByRole('button', { name: 'Resolve over-allocation' });
    const dialog = dialogOf(page);

    const message = 'This plan spans more than 2 years; leveling covers at most 2 years.';
    await page.route('**/level', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message }) }));
    await open.click();
    await dialog.getByRole('alert').getByText(message).waitFor();
    expect(await dialog.getByRole('button', { name: 'Apply' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A new team is on a Pro trial: the Free plan's 402 is played as the API gives it.
    await page.unroute('**/level');
    const payment = { message: 'Leveling is part of Pro.', requiredPlan: 'pro', teamOwnerId: me, requiresUpgrade: true };
    await page.route('**/level', (route) => route.fulfill({ status: 402, contentType: 'application/json', body: JSON.stringify(payment) }));
    await open.click();
    await dialog.getByText('Upgrade Your Team').waitFor();
    await dialog.getByText('Leveling is part of Pro.').waitFor();
    expect(await dialogFindings(page)).toEqual([]);
    expect(await dialog.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe(`/upgrade?teamId=${teamId}`);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});
