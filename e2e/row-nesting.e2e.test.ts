import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chartSynced, dayFromToday, newContext, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

interface StoredTask {
  id: string;
  name: string;
  parentId: string | null;
  order: number;
}

/** The project's tasks as the API reads them, by name. */
async function stored(page: Page, projectId: string): Promise<Record<string, StoredTask>> {
  const tasks: StoredTask[] = await (await page.request.get(`/api/projects/${projectId}/tasks`)).json();
  return Object.fromEntries(tasks.map((t) => [t.name, t]));
}

const row = (page: Page, id: string) => page.locator(`[data-task-row="${id}"]`);
/** The name button of a task's row (the collapse button, when there is one, comes before it). */
const rowButton = (page: Page, id: string) => row(page, id).getByRole('button', { name: /^(?!Subtasks of)/ }).first();
/** Rows top to bottom, as ids. */
const rowOrder = (page: Page) =>
  page.locator('[data-task-row]').evaluateAll((rows) => rows.sort((x, y) => x.getBoundingClientRect().top - y.getBoundingClientRect().top).map((r) => (r as HTMLElement).dataset.taskRow));

/**
 * Presses the mouse on `from`'s name and moves it in steps to `share` of the way down `to`'s row (0.5: its middle,
 * which nests; near 0 or 1: its top or bottom edge). Leaves the button down: the caller drops or presses Escape.
 */
async function dragName(page: Page, from: string, to: string, share: number): Promise<void> {
  const start = (await rowButton(page, from).boundingBox())!;
  const end = (await rowButton(page, to).boundingBox())!;
  const x0 = start.x + start.width / 2;
  const y0 = start.y + start.height / 2;
  const x1 = end.x + end.width / 2;
  const y1 = end.y + end.height * share;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / 8, y0 + ((y1 - y0) * i) / 8);
}

describe('nesting rows by dragging', () => {
  it('[e2e-row-nesting] A drags a row onto another: it becomes its subtask, B sees it live, one undo takes it back', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Ada', 'Planner');
    const b = await signUpByApi(contextB, 'Bea', 'Builder');
    const { projectId } = await teamWithTeammate(a, b, 'Works', 'Tower');
    const create = async (name: string, start: number, end: number) =>
      (await (await a.request.post('/api/tasks', { data: { projectId, name, startDate: dayFromToday(start), endDate: dayFromToday(end) } })).json()) as StoredTask;
    const site = await create('Site', 0, 1);
    const frame = await create('Frame', 2, 4);
    const roof = await create('Roof', 5, 7);
    for (const page of [a, b]) {
      await page.goto('/');
      await row(page, roof.id).waitFor();
      await chartSynced(page);
    }

    // Escape while dragging cancels: nothing is written, and the press does not open the details.
    await dragName(a, roof.id, frame.id, 0.5);
    expect(await row(a, frame.id).locator('[data-row-drop="nest"]').count()).toBe(1);
    await a.keyboard.press('Escape');
    await a.mouse.up();
    expect(await row(a, frame.id).locator('[data-row-drop]').count()).toBe(0);
    expect(await a.getByRole('dialog').count()).toBe(0);

    // Roof dropped on the middle of Frame's row: Frame is a summary with Roof indented under it, for B too.
    await dragName(a, roof.id, frame.id, 0.5);
    await a.mouse.up();
    await expect.poll(async () => (await stored(a, projectId)).Roof!.parentId, { timeout: 5000 }).toBe(frame.id);
    await b.locator(`[data-task-bar="${frame.id}"][data-summary]`).waitFor({ timeout: 5000 });
    await expect.poll(() => row(b, roof.id).getAttribute('aria-level'), { timeout: 5000 }).toBe('2');
    expect(await a.getByRole('dialog').count()).toBe(0);

    // Frame onto its own subtask is refused, with the reason; the outline stays as it is.
    await dragName(a, frame.id, roof.id, 0.5);
    expect(await row(a, roof.id).locator('[data-row-drop="nest"][data-refused]').count()).toBe(1);
    await a.mouse.up();
    await a.getByText('A task cannot go under its own subtask.', { exact: true }).waitFor({ timeout: 5000 });
    expect((await stored(a, projectId)).Frame!.parentId).toBeNull();

    // One Ctrl+Z on A undoes the drop: Roof is back at the top level for both.
    await rowButton(a, roof.id).focus();
    await a.keyboard.press('Control+z');
    await expect.poll(async () => (await stored(a, projectId)).Roof!.parentId, { timeout: 5000 }).toBeNull();
    await expect.poll(() => row(b, roof.id).getAttribute('aria-level'), { timeout: 5000 }).toBe('1');
    expect(await b.locator(`[data-task-bar="${frame.id}"][data-summary]`).count()).toBe(0);

    // The top edge of a row puts the task before it, at its level: Roof goes first, for B too.
    await dragName(a, roof.id, site.id, 0.1);
    expect(await row(a, site.id).locator('[data-row-drop="before"]').count()).toBe(1);
    await a.mouse.up();
    await expect.poll(() => rowOrder(b), { timeout: 5000 }).toEqual([roof.id, site.id, frame.id]);

    await contextA.close();
    await contextB.close();
  });
});
