import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORK_CALENDAR } from '@planline/domain';
import { newContext, signUpByApi, useAppAndBrowser, chartSynced } from './harness.js';

const env = useAppAndBrowser();


const barLabel = (page: Page, taskId: string) => page.locator(`[data-task-bar="${taskId}"]`).getAttribute('aria-label');

/** Ada's project with one task, Bea on her team, both with the chart open and synced. */
async function sharedTask(setUp?: (context: BrowserContext) => Promise<unknown>) {
  const contextA = await newContext(env.browser(), env.app().url);
  const contextB = await newContext(env.browser(), env.app().url);
  await setUp?.(contextA);
  const a = await signUpByApi(contextA, 'Ada', 'Planner');
  const b = await signUpByApi(contextB, 'Bea', 'Planner');

  const team = await (await a.request.post('/api/teams', { data: { name: 'Shipyard' } })).json();
  const project = await (await a.request.post('/api/projects', { data: { name: 'Hull', teamId: team.id } })).json();
  const link = await (await a.request.get(`/api/teams/${team.id}/invite-link`)).json();
  const token = new URL(link.inviteLink).searchParams.get('token');
  expect((await b.request.post('/api/teams/join', { data: { token } })).status()).toBe(200);
  const today = new Date().toISOString().slice(0, 10);
  const inFive = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const task = await (await a.request.post('/api/tasks', { data: { projectId: project.id, name: 'Weld frame', startDate: today, endDate: inFive } })).json();

  await a.goto('/');
  await b.goto('/');
  for (const page of [a, b]) {
    await page.getByRole('heading', { name: 'Project Timeline' }).waitFor();
    await page.locator(`[data-task-bar="${task.id}"]`).waitFor();
    await chartSynced(page);
  }
  const stored = async () => (await (await a.request.get(`/api/projects/${project.id}/tasks`)).json()) as { startDate: string }[];
  return { contextA, contextB, a, b, task, today, stored };
}

/** The document's worker of a page (document-host), if it has one. */
const documentWorkers = (page: Page) => page.workers().filter((w) => w.url().includes('document.worker'));

describe('the live timeline in two browsers', () => {
  it('[e2e-gantt] A drags a bar and B sees it move; B edits with a reason and A\'s history shows it', async () => {
    const { contextA, contextB, a, b, task, today, stored: storedTasks } = await sharedTask();
    // The project's document is held by a worker of the page, not by the page itself.
    expect(documentWorkers(a)).toHaveLength(1);
    const before = await barLabel(b, task.id);

    // A drags the bar to the right by a few days.
    const bar = a.locator(`[data-task-bar="${task.id}"]`);
    const box = (await bar.boundingBox())!;
    await a.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await a.mouse.down();
    for (let i = 1; i <= 10; i++) await a.mouse.move(box.x + box.width / 2 + i * 12, box.y + box.height / 2);
    await a.mouse.up();
    await expect.poll(() => barLabel(a, task.id)).not.toBe(before);
    const moved = await barLabel(a, task.id);

    // B sees the same dates without a reload, and the database has them (B may see the drag's live preview
    // before the drop is stored).
    await expect.poll(() => barLabel(b, task.id), { timeout: 5000 }).toBe(moved);
    await expect.poll(async () => (await storedTasks())[0]!.startDate > today).toBe(true);

    // B edits the task in the details panel with a reason.
    await b.locator(`[data-task-row="${task.id}"]`).getByRole('button').first().click();
    const details = b.getByRole('dialog', { name: 'Task Details' });
    await details.waitFor();
    await details.getByLabel('Progress (%)').fill('60');
    await details.getByLabel('Change reason').fill('Supplier was late');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await b.getByText('Task Updated', { exact: true }).waitFor();

    // A opens the task's Change History and sees B's change with B's name and the reason.
    await a.locator(`[data-task-row="${task.id}"]`).getByRole('button').first().click();
    const panel = a.getByRole('dialog', { name: 'Task Details' });
    await panel.getByRole('tab', { name: 'Change History' }).click();
    const history = panel.getByRole('list', { name: 'Change history' });
    await history.getByText('Supplier was late').first().waitFor({ timeout: 5000 });
    await history.getByText('Bea').first().waitFor();
    await contextA.close();
    await contextB.close();
  });

  it("[document-host-fallback] with the worker's script refused, the page holds the document itself: edits go both ways", async () => {
    const { contextA, contextB, a, b, task, today, stored } = await sharedTask((context) => context.route(/\/assets\/document\.worker-[^/]*\.js$/, (route) => route.abort()));
    expect(documentWorkers(a)).toHaveLength(0);
    expect(documentWorkers(b)).toHaveLength(1);
    const before = await barLabel(a, task.id);
    // Three presses of → move the bar three working days (each from where the last put it).
    await a.locator(`[data-task-bar="${task.id}"]`).focus();
    for (let i = 0; i < 3; i++) await a.keyboard.press('ArrowRight');
    const moved = await barLabel(a, task.id);
    expect(moved).not.toBe(before);
    await expect.poll(() => barLabel(b, task.id), { timeout: 5000 }).toBe(moved);
    const threeOn = DEFAULT_WORK_CALENDAR.addWorkingDays(today, 3);
    await expect.poll(async () => (await stored())[0]!.startDate).toBe(threeOn);
    // B's press goes the other way, through B's worker, and reaches A.
    await b.locator(`[data-task-bar="${task.id}"]`).focus();
    await b.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await stored())[0]!.startDate).toBe(DEFAULT_WORK_CALENDAR.addWorkingDays(threeOn, -1));
    await expect.poll(() => barLabel(a, task.id)).toBe(await barLabel(b, task.id));
    await contextA.close();
    await contextB.close();
  });
});
