import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chartSynced, newContext, seriousAxeFindings, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';
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

  it('[leveling-apply] Apply is one local edit: the move and its cascade land, the history says why, one Ctrl+Z takes it all back and a teammate\'s edit stands', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Ana', 'Silva');
    const b = await signUpByApi(contextB, 'Bo', 'Teammate');
    const { projectId } = await teamWithTeammate(a, b, 'Yard', 'Hull');
    const me = ((await (await a.request.get('/api/auth/user')).json()) as { id: string }).id;
    const create = async (name: string, from: number, to: number, assigneeId?: string) =>
      ((await (await a.request.post('/api/tasks', { data: { projectId, name, startDate: weekDay(from), endDate: weekDay(to), ...(assigneeId ? { assigneeId } : {}) } })).json()) as { id: string }).id;
    // Weld and Paint both Ana's on Monday and Tuesday (200%); each has a successor on Wednesday, so whichever
    // leveling delays pushes its successor by the cascade.
    const weld = await create('Weld', 0, 1, me);
    const paint = await create('Paint', 0, 1, me);
    const afterWeld = await create('Inspect weld', 2, 2);
    const afterPaint = await create('Inspect paint', 2, 2);
    for (const [successor, predecessor] of [[afterWeld, weld], [afterPaint, paint]]) {
      expect((await a.request.post(`/api/tasks/${successor}/dependencies`, { data: { dependsOnTaskId: predecessor } })).status()).toBe(201);
    }
    type Stored = { id: string; name: string; startDate: string; endDate: string };
    const stored = async () => new Map(((await (await a.request.get(`/api/projects/${projectId}/tasks`)).json()) as Stored[]).map((t) => [t.id, t]));
    const dates = (tasks: Map<string, Stored>) => [...tasks].map(([id, t]) => `${id}:${t.startDate}..${t.endDate}`).sort();
    await a.goto('/');
    await a.locator(`[data-task-bar="${afterPaint}"]`).waitFor();
    await chartSynced(a);
    const before = await stored();

    const dialog = dialogOf(a);
    await a.getByRole('button', { name: 'Resolve over-allocation' }).click();
    const moves = dialog.locator('[data-leveling-moves] li');
    await moves.first().waitFor();
    // The list may name the successor too (the planner places it after its predecessor's move).
    const rows = await moves.allTextContents();
    const movedName = rows.some((r) => r.startsWith('Weld')) ? 'Weld' : 'Paint';
    const [moved, stays, pushed] = movedName === 'Weld' ? [weld, paint, afterWeld] : [paint, weld, afterPaint];
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await a.getByText(`${rows.length} ${rows.length === 1 ? 'task' : 'tasks'} moved. Undo takes the moves back.`).first().waitFor();

    // The move and the push its successor gets are stored, each with its reason.
    await expect.poll(async () => (await stored()).get(pushed)!.startDate, { timeout: 10_000 }).not.toBe(before.get(pushed)!.startDate);
    const levelled = await stored();
    expect(levelled.get(moved)!.startDate).toBe(weekDay(2));
    expect(levelled.get(pushed)!.startDate > levelled.get(moved)!.endDate).toBe(true);
    expect(levelled.get(stays)).toEqual(before.get(stays));
    const reasonOf = async (id: string) =>
      ((await (await a.request.get(`/api/tasks/${id}/history`)).json()) as { fieldName: string; changeReason: string | null }[]).find((h) => h.fieldName === 'startDate')?.changeReason;
    expect(await reasonOf(moved)).toMatch(/^Levelled: Ana Silva over-allocated \d+(-\d+)? \w{3}$/);
    expect(await reasonOf(pushed)).toBe(`Moved by dependency on «${movedName}»`);
    // The task's Change History says it too.
    await a.locator(`[data-task-row="${moved}"]`).getByRole('button').first().click();
    const details = a.getByRole('dialog', { name: 'Task Details' });
    await details.getByRole('tab', { name: 'Change History' }).click();
    await details.getByRole('list', { name: 'Change history' }).getByText(/Levelled: Ana Silva over-allocated/).first().waitFor();
    await a.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // Meanwhile a teammate renames the task that stayed: their edit merges and is not A's to undo.
    expect((await b.request.patch(`/api/tasks/${stays}`, { data: { name: 'Weld and paint, checked' } })).status()).toBe(200);
    await a.locator(`[data-task-row="${stays}"]`).getByText('Weld and paint, checked').first().waitFor();

    // One Ctrl+Z from the chart: the move and its push go back together; the server has the dates from before.
    await a.locator(`[data-task-bar="${moved}"]`).focus();
    await a.keyboard.press('Control+z');
    await expect.poll(async () => dates(await stored()), { timeout: 10_000 }).toEqual(dates(before));
    expect((await stored()).get(stays)!.name).toBe('Weld and paint, checked');
    // The undo is an ordinary edit in the history: no leveling reason.
    const startRows = ((await (await a.request.get(`/api/tasks/${moved}/history`)).json()) as { fieldName: string; changeReason: string | null; newValue: string | null }[]).filter((h) => h.fieldName === 'startDate');
    expect(startRows.some((h) => h.newValue === weekDay(0) && h.changeReason === null)).toBe(true);
    await Promise.all([contextA.close(), contextB.close()]);
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
