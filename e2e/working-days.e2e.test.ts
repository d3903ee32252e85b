import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holidayText } from '@planline/domain';
import { chartSynced, dayFromToday, newContext, signUpByApi, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

// This week's Monday (today or up to 6 days back), so every date below is inside the default 2 Weeks range
// (today − 7 … today + 14) and falls on a known weekday.
const mondayOffset = -((new Date(`${dayFromToday(0)}T00:00:00Z`).getUTCDay() + 6) % 7);
/** Monday + n days. */
const day = (n: number) => dayFromToday(mondayOffset + n);

const bar = (page: Page, id: string) => page.locator(`[data-task-bar="${id}"]`);
const headerDay = (page: Page, n: number) => page.locator(`[data-header-view] [data-day="${day(n)}"]`);

async function stored(page: Page, projectId: string, taskId: string) {
  const tasks: { id: string; startDate: string; endDate: string }[] = await (await page.request.get(`/api/projects/${projectId}/tasks`)).json();
  const task = tasks.find((t) => t.id === taskId)!;
  return [task.startDate, task.endDate];
}

describe('working days in the chart', () => {
  it('[working-move] a bar dragged onto the weekend lands on Monday with its five working days; arrows step a working day; a named holiday inside extends it', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Wes', 'Weekday');
    const team = await (await page.request.post('/api/teams', { data: { name: 'Analytics' } })).json();
    const project = await (await page.request.post('/api/projects', { data: { name: 'Dashboards', teamId: team.id } })).json();
    // "Analytics review", Monday to Friday: five working days.
    const review = await (
      await page.request.post('/api/tasks', { data: { projectId: project.id, name: 'Analytics review', startDate: day(0), endDate: day(4) } })
    ).json();
    await page.goto('/');
    await bar(page, review.id).waitFor();
    await chartSynced(page);

    // Dragged six days right, its start would be Sunday: it goes to Monday and ends on Friday, not on a weekend.
    const dayWidth = (await headerDay(page, 1).boundingBox())!.x - (await headerDay(page, 0).boundingBox())!.x;
    const box = (await bar(page, review.id).boundingBox())!;
    const from = { x: box.x + Math.min(40, box.width / 2), y: box.y + box.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + (6 * dayWidth * i) / 10, from.y);
    await page.mouse.up();
    await expect.poll(() => stored(page, project.id, review.id), { timeout: 5000 }).toEqual([day(7), day(11)]);

    // One press of ← goes back one working day, over the weekend: Friday to Thursday, still five working days.
    await bar(page, review.id).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => stored(page, project.id, review.id), { timeout: 5000 }).toEqual([day(4), day(10)]);

    // A named holiday next Tuesday, inside the task: the task keeps its five working days and ends a day later.
    await page.getByRole('button', { name: 'Schedule settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule settings' });
    await dialog.getByLabel('Holiday date').fill(day(8));
    await dialog.getByLabel('Name (optional)').fill('Founders Day');
    await dialog.getByRole('button', { name: 'Add holiday' }).click();
    await dialog.getByRole('list', { name: 'Holidays' }).getByText(holidayText({ date: day(8), name: 'Founders Day' }), { exact: true }).waitFor();
    await expect.poll(() => stored(page, project.id, review.id), { timeout: 5000 }).toEqual([day(4), day(11)]);
    const history: { fieldName: string; changeReason: string | null }[] = await (await page.request.get(`/api/tasks/${review.id}/history`)).json();
    expect(history.find((h) => h.fieldName === 'endDate' && h.changeReason?.startsWith('Holiday'))?.changeReason).toBe('Holiday added: «Founders Day»');
    await context.close();
  });
});
