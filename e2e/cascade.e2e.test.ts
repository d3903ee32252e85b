import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayFromToday, newContext, signUpByApi, teamWithTeammate, useAppAndBrowser, chartSynced } from './harness.js';

const env = useAppAndBrowser();

interface StoredTask {
  id: string;
  startDate: string;
  endDate: string;
}

const barLabel = (page: Page, taskId: string) => page.locator(`[data-task-bar="${taskId}"]`).getAttribute('aria-label');

async function stored(page: Page, projectId: string, taskId: string): Promise<Pick<StoredTask, 'startDate' | 'endDate'>> {
  const tasks: StoredTask[] = await (await page.request.get(`/api/projects/${projectId}/tasks`)).json();
  const task = tasks.find((t) => t.id === taskId)!;
  return { startDate: task.startDate, endDate: task.endDate };
}

/** Drags with the mouse from the centre of `from` along `steps` points; `beforeUp` runs with the button still down. */
async function dragFrom(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, beforeUp?: () => Promise<void>) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - from.y) * i) / 10);
  await beforeUp?.();
  await page.mouse.up();
}

describe('auto-scheduling in the chart', () => {
  it('[e2e-cascade] A links two bars and moves the first; A sees the push while dragging, B sees it land, one undo takes it all back', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Ada', 'Planner');
    const b = await signUpByApi(contextB, 'Bea', 'Builder');
    const { projectId } = await teamWithTeammate(a, b, 'Works', 'Bridge');
    const create = async (name: string, start: number, end: number) =>
      (await (await a.request.post('/api/tasks', { data: { projectId, name, startDate: dayFromToday(start), endDate: dayFromToday(end) } })).json()) as StoredTask;
    const design = await create('Design', 0, 3);
    const build = await create('Build', 1, 4);
    const designBar = a.locator(`[data-task-bar="${design.id}"]`);
    for (const page of [a, b]) {
      await page.goto('/');
      await page.locator(`[data-task-bar="${build.id}"]`).waitFor();
      await chartSynced(page);
    }

    // A draws Design → Build from Design's finish handle: Build overlapped Design, so it is pushed after it at once.
    await designBar.hover();
    const handle = (await a.locator(`[data-task-bar="${design.id}"] [data-link-handle="end"]`).boundingBox())!;
    const target = (await a.locator(`[data-task-bar="${build.id}"]`).boundingBox())!;
    await dragFrom(a, { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 }, { x: target.x + target.width / 2, y: target.y + target.height / 2 });
    await expect.poll(async () => (await stored(a, projectId, build.id)).startDate > (await stored(a, projectId, design.id)).endDate, { timeout: 5000 }).toBe(true);
    const linked = { design: await stored(a, projectId, design.id), build: await stored(a, projectId, build.id) };
    await expect.poll(() => barLabel(b, build.id), { timeout: 5000 }).toBe(await barLabel(a, build.id));
    const buildLinkedLabel = await barLabel(b, build.id);

    // A drags Design to the right: while the button is down, Build's bar already shows where it will go.
    const box = (await designBar.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await dragFrom(a, centre, { x: centre.x + 140, y: centre.y }, async () => {
      await expect.poll(() => barLabel(a, build.id)).not.toBe(buildLinkedLabel);
      // Only a preview: nothing is stored, and B's chart has not moved.
      expect(await stored(a, projectId, build.id)).toEqual(linked.build);
      expect(await barLabel(b, build.id)).toBe(buildLinkedLabel);
    });
    const previewed = await barLabel(a, build.id);

    // The drop: B sees Build land where A's preview showed it, and the database has the push.
    await expect.poll(() => barLabel(b, build.id), { timeout: 5000 }).toBe(previewed);
    const moved = { design: await stored(a, projectId, design.id), build: await stored(a, projectId, build.id) };
    expect(moved.design.startDate > linked.design.startDate).toBe(true);
    expect(moved.build.startDate > moved.design.endDate).toBe(true);
    expect(moved.build.startDate > linked.build.startDate).toBe(true);
    const history: { fieldName: string; changeReason: string | null }[] = await (await a.request.get(`/api/tasks/${build.id}/history`)).json();
    expect(history.find((h) => h.fieldName === 'startDate')?.changeReason).toBe('Moved by dependency on «Design»');

    // One Ctrl+Z: the move and its push go back together, for B too.
    await a.keyboard.press('Control+z');
    await expect.poll(() => stored(a, projectId, build.id), { timeout: 5000 }).toEqual(linked.build);
    expect(await stored(a, projectId, design.id)).toEqual(linked.design);
    await expect.poll(() => barLabel(b, build.id), { timeout: 5000 }).toBe(buildLinkedLabel);

    await Promise.all([contextA.close(), contextB.close()]);
  });
});
