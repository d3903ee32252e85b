import { addDays, DEFAULT_WORK_CALENDAR } from '@planline/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayFromToday, newContext, seriousAxeFindings, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();
/** `n` working days from today (a new project works Monday to Friday): shifts keep tasks on working days. */
const workday = (n: number) => DEFAULT_WORK_CALENDAR.addWorkingDays(dayFromToday(0), n);

interface StoredTask {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
}
const storedTasks = async (page: Page, projectId: string): Promise<StoredTask[]> => (await page.request.get(`/api/projects/${projectId}/tasks`)).json();
const makeTask = async (page: Page, data: Record<string, unknown>): Promise<StoredTask> => {
  const res = await page.request.post('/api/tasks', { data });
  if (res.status() !== 201) throw new Error(`task: ${res.status()} ${await res.text()}`);
  return res.json();
};

describe('portfolio (issue 40)', () => {
  it('[portfolio-e2e] shows every project of the team, follows a teammate\'s change live, moves a whole project by drag and by keys with Undo; axe clean at 1280 and 390 px', async () => {
    const contextA = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Pia', 'Lead');
    const b = await signUpByApi(contextB, 'Ben', 'Mate');
    const { teamId, projectId } = await teamWithTeammate(a, b, 'Studio', 'Launch');
    const ops = await (await a.request.post('/api/projects', { data: { name: 'Ops', teamId } })).json();
    const phase = await makeTask(a, { projectId, name: 'Build phase', startDate: workday(7), endDate: workday(20) });
    const first = await makeTask(a, { projectId, name: 'Design', startDate: workday(7), endDate: workday(13), parentId: phase.id });
    await makeTask(a, { projectId, name: 'Ship', startDate: workday(28), endDate: workday(28), kind: 'milestone' });
    await makeTask(a, { projectId: ops.id, name: 'Rota', startDate: workday(3), endDate: workday(40) });

    await a.goto(`/portfolio?teamId=${teamId}`);
    const rows = a.getByRole('list', { name: 'Projects' }).getByRole('listitem');
    await rows.filter({ hasText: 'Launch' }).first().waitFor();
    expect(await rows.filter({ hasText: 'Ops' }).count()).toBeGreaterThan(0);
    const launchBar = a.locator(`[data-portfolio-bar="${projectId}"]`);
    await expect.poll(() => launchBar.getAttribute('aria-label')).toContain(`${workday(7)} to ${workday(28)}`);
    expect(await seriousAxeFindings(a)).toEqual([]);

    // A teammate moves the milestone three weeks later: the row follows within a second or two.
    const ship = (await storedTasks(b, projectId)).find((t) => t.name === 'Ship')!;
    expect((await b.request.patch(`/api/tasks/${ship.id}`, { data: { startDate: workday(49), endDate: workday(49) } })).status()).toBe(200);
    await expect.poll(() => launchBar.getAttribute('aria-label'), { timeout: 3000 }).toContain(`to ${workday(49)}`);

    // The row opens to its summary tasks.
    await a.getByRole('button', { name: 'Summary tasks of Launch' }).click();
    await a.getByRole('list', { name: 'Summary tasks of Launch' }).getByText('Build phase').waitFor();

    // Dragged about two weeks later: every task moves by the same working days, and Undo puts them back.
    const box = (await launchBar.boundingBox())!;
    const dayPx = await launchBar.evaluate((el) => el.getBoundingClientRect().width);
    expect(dayPx).toBeGreaterThan(0);
    await a.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await a.mouse.down();
    for (let i = 1; i <= 10; i++) await a.mouse.move(box.x + box.width / 2 + i * 12, box.y + box.height / 2);
    await a.mouse.up();
    await a.getByText(/«Launch» shifted \+\d+wd/).first().waitFor();
    await expect.poll(async () => (await storedTasks(a, projectId)).find((t) => t.id === first.id)!.startDate).not.toBe(first.startDate);
    const moved = (await storedTasks(a, projectId)).find((t) => t.id === first.id)!;
    expect(moved.startDate > first.startDate).toBe(true);
    await a.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await storedTasks(a, projectId)).find((t) => t.id === first.id)!.startDate).toBe(first.startDate);

    // From the keyboard: arrows preview, Enter drops.
    await launchBar.focus();
    for (let i = 0; i < 7; i++) await a.keyboard.press('ArrowRight');
    expect(await launchBar.getAttribute('aria-label')).toContain(`moving to start ${addDays(workday(7), 7)}`);
    await a.keyboard.press('Enter');
    await expect.poll(async () => (await storedTasks(a, projectId)).find((t) => t.id === first.id)!.startDate).not.toBe(first.startDate);

    // A phone shows the same rows, scrolled sideways, with no serious axe findings.
    await a.setViewportSize({ width: 390, height: 844 });
    await rows.filter({ hasText: 'Ops' }).first().waitFor();
    expect(await seriousAxeFindings(a)).toEqual([]);
    await contextA.close();
    await contextB.close();
  });
});
