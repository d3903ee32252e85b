import { describe, expect, it } from 'vitest';
import { newContext, newTouchContext, seriousAxeFindings, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';
import { finger } from './touch.js';
import { createTask, iso, monday, myId, weekTitle } from './workload-fixtures.js';

const env = useAppAndBrowser();

describe('the workload view', () => {
  it('[e2e-workload] B’s view follows A’s change of a task’s dates live; rows expand by keyboard; axe at 1280 and 390 px', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const a = await signUpByApi(contextA, 'Wendy', 'Lead');
    const b = await signUpByApi(contextB, 'Walt', 'Mate');
    const { teamId, projectId } = await teamWithTeammate(a, b, 'Loadline', 'Hull refit');
    const me = { id: await myId(a) };
    const thisWeek = monday(0);
    const nextWeek = monday(1);
    // Next week's Mon-Fri, A's at 100 %: 40 hours of 40 then.
    const task = await createTask(a, { projectId, name: 'Weld seams', startDate: iso(nextWeek), endDate: iso(nextWeek, 4), assigneeIds: [me.id] });

    // B reaches the view from the sidebar.
    await b.goto('/');
    await b.getByRole('button', { name: 'Workload View' }).click();
    await b.waitForURL((url) => url.pathname === '/workload' && url.searchParams.get('teamId') === teamId);
    const cell = (week: Date) => b.getByRole('img', { name: new RegExp(`^Wendy Lead, ${weekTitle(week)}:`) });
    await expect.poll(() => cell(nextWeek).textContent()).toBe('40h / 40h');
    await expect.poll(() => cell(thisWeek).textContent()).toBe('0h / 40h');

    // A moves the task into this week and makes it six working days long: B's cells change without a reload.
    const moved = await a.request.patch(`/api/tasks/${task.id}`, { data: { startDate: iso(thisWeek), endDate: iso(thisWeek, 4) } });
    expect(moved.status()).toBe(200);
    await expect.poll(() => cell(thisWeek).textContent(), { timeout: 5000 }).toBe('40h / 40h');
    await expect.poll(() => cell(nextWeek).textContent()).toBe('0h / 40h');
    expect(await cell(thisWeek).getAttribute('data-level')).toBe('full');

    // A second task the same week: over, said in the cell's name, not colour alone.
    await createTask(a, { projectId, name: 'Paint', startDate: iso(thisWeek), endDate: iso(thisWeek, 1), assigneeIds: [me.id] });
    await expect.poll(() => cell(thisWeek).textContent(), { timeout: 5000 }).toBe('56h / 40h');
    expect(await cell(thisWeek).getAttribute('aria-label')).toMatch(/56 hours of 40, over capacity$/);

    // Keyboard: the row expands with Enter to the tasks behind it, and the task opens its project.
    const row = b.getByRole('button', { name: 'Wendy Lead', exact: true });
    await row.focus();
    await b.keyboard.press('Enter');
    await expect.poll(() => row.getAttribute('aria-expanded')).toBe('true');
    await b.getByRole('button', { name: /^Weld seams/ }).waitFor();
    await b.keyboard.press('Space');
    await expect.poll(() => row.getAttribute('aria-expanded')).toBe('false');
    await row.press('Enter');

    // The scale switch and the range buttons are reachable and work.
    await b.getByRole('button', { name: 'Day', exact: true }).click();
    await b.getByRole('img', { name: /^Wendy Lead, \w{3} \d+ \w{3}:/ }).first().waitFor();
    await b.getByRole('button', { name: 'Week', exact: true }).click();

    expect(await seriousAxeFindings(b)).toEqual([]);
    await b.setViewportSize({ width: 390, height: 844 });
    await row.waitFor();
    // The name column stays in view while the cells scroll sideways.
    const region = b.getByRole('region', { name: 'Workload by person' });
    const scrolls = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrolls).toBe(true);
    await region.evaluate((el) => el.scrollBy(300, 0));
    const box = await row.boundingBox();
    expect(box && box.x >= 0 && box.x < 100).toBe(true);
    expect(await seriousAxeFindings(b)).toEqual([]);

    // Opening a task from the row goes to its project's chart.
    await b.getByRole('button', { name: /^Weld seams/ }).click();
    await b.waitForURL((url) => url.pathname === '/');
    await b.getByRole('button', { name: 'Gantt Chart View' }).waitFor();

    // The address works on its own (a bookmark, a reload).
    await b.setViewportSize({ width: 1280, height: 800 });
    await b.goto(`/workload?teamId=${teamId}`);
    await expect.poll(() => cell(thisWeek).textContent()).toBe('56h / 40h');

    await contextA.close();
    await contextB.close();
  });

  /** Wendy (A) and Walt (B) of one team, A's task over this week at 100 %, and B on the workload view. */
  async function reassignSetup(contextB: Awaited<ReturnType<typeof newContext>>, teamName: string) {
    const contextA = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Wendy', 'Lead');
    const b = await signUpByApi(contextB, 'Walt', 'Mate');
    const { teamId, projectId } = await teamWithTeammate(a, b, teamName, 'Hull refit');
    const wendy = await (await a.request.get('/api/auth/user')).json();
    const walt = await (await b.request.get('/api/auth/user')).json();
    const thisWeek = monday(0);
    const created = await a.request.post('/api/tasks', {
      data: { projectId, name: 'Weld seams', startDate: iso(thisWeek), endDate: iso(thisWeek, 4), assignments: [{ userId: wendy.id, allocation: 50 }] },
    });
    expect(created.status()).toBe(201);
    const task = await created.json();
    await b.goto(`/workload?teamId=${teamId}`);
    const cell = (name: string) => b.getByRole('img', { name: new RegExp(`^${name}, ${weekTitle(thisWeek)}:`) });
    await expect.poll(() => cell('Wendy Lead').textContent()).toBe('20h / 40h');
    await expect.poll(() => cell('Walt Mate').textContent()).toBe('0h / 40h');
    const assignments = async () => {
      const now = await (await b.request.get(`/api/tasks/${task.id}`)).json();
      return now.assigneeIds.map((id: string) => [id, now.allocations[id] ?? 100]);
    };
    return { contextA, a, b, task, wendy, walt, cell, assignments };
  }

  it('[e2e-workload-reassign] B drags A’s task onto B’s row with the mouse; Ctrl+Z puts it back; the task opens selected in the chart', async () => {
    const contextB = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const { contextA, b, task, wendy, walt, cell, assignments } = await reassignSetup(contextB, 'Dragline');
    await b.getByRole('button', { name: 'Wendy Lead', exact: true }).click();
    const grip = b.locator(`[data-drag-task="${task.id}"]`);
    await grip.waitFor();
    expect(await seriousAxeFindings(b)).toEqual([]);

    const from = (await grip.boundingBox())!;
    const to = (await b.getByRole('button', { name: 'Walt Mate', exact: true }).boundingBox())!;
    await b.mouse.move(from.x + 8, from.y + from.height / 2);
    await b.mouse.down();
    await b.mouse.move(from.x + 20, from.y + from.height / 2 + 6, { steps: 4 });
    await b.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await b.mouse.up();

    // Both people's cells change, the toast says it, and the task is Walt's at Wendy's 50 %.
    await expect.poll(() => cell('Walt Mate').textContent(), { timeout: 5000 }).toBe('20h / 40h');
    await expect.poll(() => cell('Wendy Lead').textContent()).toBe('0h / 40h');
    await b.getByText('Moved «Weld seams» from Wendy Lead to Walt Mate', { exact: true }).waitFor();
    expect(await assignments()).toEqual([[walt.id, 50]]);
    const history = await (await b.request.get(`/api/tasks/${task.id}/history`)).json();
    expect(history.some((h: { fieldName: string; changeReason: string | null }) => h.fieldName === 'assigneeIds' && h.changeReason === 'Moved from Wendy Lead to Walt Mate in the workload view')).toBe(true);

    // Ctrl+Z in the view: back to Wendy, exactly as it was.
    await b.getByRole('region', { name: 'Workload by person' }).focus();
    await b.keyboard.press('Control+z');
    await expect.poll(assignments, { timeout: 5000 }).toEqual([[wendy.id, 50]]);
    await expect.poll(() => cell('Wendy Lead').textContent(), { timeout: 5000 }).toBe('20h / 40h');
    await expect.poll(() => cell('Walt Mate').textContent()).toBe('0h / 40h');

    // The keyboard's way: the row's "Reassign to…" menu, and Ctrl+Z once the row (and the focus) has gone.
    await b.getByRole('button', { name: 'Reassign Weld seams to…' }).focus();
    await b.keyboard.press('Enter');
    const item = b.getByRole('menuitem', { name: 'Walt Mate' });
    await item.waitFor();
    expect(await seriousAxeFindings(b)).toEqual([]);
    await item.focus();
    await b.keyboard.press('Enter');
    await expect.poll(assignments, { timeout: 5000 }).toEqual([[walt.id, 50]]);
    await b.keyboard.press('Control+z');
    await expect.poll(assignments, { timeout: 5000 }).toEqual([[wendy.id, 50]]);
    await expect.poll(() => cell('Wendy Lead').textContent(), { timeout: 5000 }).toBe('20h / 40h');

    // The task opens its project's chart with its row selected.
    await b.getByRole('button', { name: /^Weld seams/ }).click();
    await b.waitForURL((url) => url.pathname === '/');
    await b.locator(`[data-task-row="${task.id}"] [data-current-row]`).waitFor();

    await contextA.close();
    await contextB.close();
  });

  it('[e2e-workload-reassign] at 390 px with touch a swipe over a task scrolls the grid and moves nothing; a held press drags it', async () => {
    const contextB = await newTouchContext(env.browser(), env.app().url, { width: 390, height: 844 });
    const { contextA, b, task, walt, cell, assignments } = await reassignSetup(contextB, 'Touchline');
    await b.getByRole('button', { name: 'Wendy Lead', exact: true }).tap();
    const grip = b.locator(`[data-drag-task="${task.id}"]`);
    await grip.waitFor();
    const region = b.getByRole('region', { name: 'Workload by person' });
    const hand = await finger(b);

    // A sideways swipe that starts on the task: the grid scrolls, no drag.
    let box = (await grip.boundingBox())!;
    await hand.swipe(box.x + box.width / 2, box.y + box.height / 2, -200, 0);
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(50);
    await b.waitForTimeout(300);
    expect(await assignments()).toEqual([[task.assigneeIds[0], 50]]);
    await region.evaluate((el) => el.scrollTo(0, 0));

    // Held still, then moved onto Walt's row: reassigned.
    box = (await grip.boundingBox())!;
    const to = (await b.getByRole('button', { name: 'Walt Mate', exact: true }).boundingBox())!;
    await hand.longPressPath(box.x + 10, box.y + box.height / 2, to.x + to.width / 2, to.y + to.height / 2, 400);
    await expect.poll(assignments, { timeout: 5000 }).toEqual([[walt.id, 50]]);
    await expect.poll(() => cell('Walt Mate').textContent(), { timeout: 5000 }).toBe('20h / 40h');
    await hand.detach();

    await contextA.close();
    await contextB.close();
  });
});
