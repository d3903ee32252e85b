import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { iso, monday, newContext, signUpByApi, teamWithTeammate, useAppAndBrowser, weekTitle } from './harness.js';

const env = useAppAndBrowser();

// axe-core's own bundle, injected as a script (as a11y.e2e.test.ts does); the context bypasses the page's CSP for it.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForTimeout(300);
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const { axe } = globalThis as unknown as {
      axe: { run(context: string, options: object): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown[] }> }> }> };
    };
    const result = await axe.run('html', { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.map(String).join(' ')}`));
  });
}

describe('the workload view', () => {
  it('[e2e-workload] B’s view follows A’s change of a task’s dates live; rows expand by keyboard; axe at 1280 and 390 px', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const a = await signUpByApi(contextA, 'Wendy', 'Lead');
    const b = await signUpByApi(contextB, 'Walt', 'Mate');
    const { teamId, projectId } = await teamWithTeammate(a, b, 'Loadline', 'Hull refit');
    const me = await (await a.request.get('/api/auth/user')).json();
    const thisWeek = monday(0);
    const nextWeek = monday(1);
    // Next week's Mon-Fri, A's at 100 %: 40 hours of 40 then.
    const created = await a.request.post('/api/tasks', {
      data: { projectId, name: 'Weld seams', startDate: iso(nextWeek), endDate: iso(nextWeek, 4), assigneeIds: [me.id] },
    });
    expect(created.status()).toBe(201);
    const task = await created.json();

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
    await a.request.post('/api/tasks', { data: { projectId, name: 'Paint', startDate: iso(thisWeek), endDate: iso(thisWeek, 1), assigneeIds: [me.id] } });
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

    expect(await seriousViolations(b)).toEqual([]);
    await b.setViewportSize({ width: 390, height: 844 });
    await row.waitFor();
    // The name column stays in view while the cells scroll sideways.
    const region = b.getByRole('region', { name: 'Workload by person' });
    const scrolls = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrolls).toBe(true);
    await region.evaluate((el) => el.scrollBy(300, 0));
    const box = await row.boundingBox();
    expect(box && box.x >= 0 && box.x < 100).toBe(true);
    expect(await seriousViolations(b)).toEqual([]);

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
});
