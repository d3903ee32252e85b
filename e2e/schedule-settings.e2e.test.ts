import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signUpByApi, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

const stored = async (page: Page, projectId: string) =>
  ((await (await page.request.get('/api/projects/user')).json()) as { id: string }[]).find((p) => p.id === projectId) as
    | { autoSchedule: boolean; workingWeekdays: number[]; holidays: string[]; holidayNames: Record<string, string> }
    | undefined;

describe('schedule settings', () => {
  it('[work-calendar] a team member turns auto-schedule off, changes working weekdays and adds and removes holidays, by keyboard', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Ada', 'Planner');
    const team = await (await page.request.post('/api/teams', { data: { name: 'Dock' } })).json();
    const project = await (await page.request.post('/api/projects', { data: { name: 'Crane', teamId: team.id } })).json();

    await page.goto('/');
    await page.getByRole('button', { name: 'Schedule settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule settings' });

    const auto = dialog.getByRole('switch', { name: 'Auto-schedule' });
    expect(await auto.getAttribute('aria-checked')).toBe('true');
    await auto.focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await stored(page, project.id))?.autoSchedule).toBe(false);
    expect(await auto.getAttribute('aria-checked')).toBe('false');

    // Saturday on, Monday off.
    await dialog.getByRole('button', { name: 'Saturday' }).click();
    await expect.poll(async () => (await stored(page, project.id))?.workingWeekdays).toEqual([1, 2, 3, 4, 5, 6]);
    await dialog.getByRole('button', { name: 'Monday' }).press('Enter');
    await expect.poll(async () => (await stored(page, project.id))?.workingWeekdays).toEqual([2, 3, 4, 5, 6]);
    expect(await dialog.getByRole('button', { name: 'Monday' }).getAttribute('aria-pressed')).toBe('false');

    // Holidays: added in any order, listed sorted; the same day twice is one holiday.
    const date = dialog.getByLabel('Holiday date');
    for (const day of ['2026-12-25', '2026-01-01', '2026-12-25']) {
      await date.fill(day);
      await date.press('Enter');
    }
    await expect.poll(async () => (await stored(page, project.id))?.holidays).toEqual(['2026-01-01', '2026-12-25']);
    const list = dialog.getByRole('list', { name: 'Holidays' });
    expect(await list.getByRole('listitem').allTextContents()).toEqual(['Thu 1 Jan 2026', 'Fri 25 Dec 2026']);
    await dialog.getByRole('button', { name: 'Remove holiday Thu 1 Jan 2026' }).click();
    await expect.poll(async () => (await stored(page, project.id))?.holidays).toEqual(['2026-12-25']);
    // [holiday-names] A name, given with the date (again for a day already there: it is named, not doubled).
    await date.fill('2026-12-25');
    await dialog.getByLabel('Name (optional)').fill('Christmas Day');
    await dialog.getByLabel('Name (optional)').press('Enter');
    await expect.poll(async () => (await stored(page, project.id))?.holidayNames).toEqual({ '2026-12-25': 'Christmas Day' });
    await expect.poll(() => list.getByRole('listitem').allTextContents()).toEqual(['Fri 25 Dec 2026 — Christmas Day']);

    // Adding without a date says so, and nothing is sent.
    await dialog.getByRole('button', { name: 'Add holiday' }).click();
    await dialog.getByRole('alert').getByText('Choose a date to add').waitFor();

    // The last working weekday stays on, and the reason is shown.
    await page.request.patch(`/api/projects/${project.id}`, { data: { workingWeekdays: [3] } });
    await page.reload();
    await page.getByRole('button', { name: 'Schedule settings' }).click();
    const wednesday = dialog.getByRole('button', { name: 'Wednesday' });
    expect(await wednesday.getAttribute('aria-disabled')).toBe('true');
    // aria-disabled, not disabled: it keeps its place in the tab order, and pressing it says why nothing happens.
    await wednesday.focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('alert').getByText('At least one weekday must be a working day').waitFor();
    expect((await stored(page, project.id))?.workingWeekdays).toEqual([3]);
    await context.close();
  });
});
