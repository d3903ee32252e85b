import { DEFAULT_WORK_CALENDAR, formatCalendarDate, shiftTaskByWorkingDays } from '@planline/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chartSynced, newContext, seriousAxeFindings, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

interface StoredTask {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  parentId?: string | null;
}

const storedTasks = async (page: Page, projectId: string): Promise<StoredTask[]> => (await page.request.get(`/api/projects/${projectId}/tasks`)).json();
const datesOf = async (page: Page, projectId: string) =>
  Object.fromEntries((await storedTasks(page, projectId)).map((t) => [t.id, `${t.startDate}..${t.endDate}`]));
const workday = (n: number) => DEFAULT_WORK_CALENDAR.addWorkingDays(DEFAULT_WORK_CALENDAR.nextWorkingDay(new Date().toISOString().slice(0, 10)), n);
/** A row's name button, inside the grid's name cell (it opens the task; Ctrl- and Shift-click pick the row). */
const rowName = (page: Page, taskId: string) => page.locator(`[data-grid-cell="${taskId}|name"] > button`).last();

describe('acting on many grid rows at once (issue 39)', () => {
  it('[grid-bulk-move] 20 picked rows move 3 working days for both people and one Ctrl+Z takes them back; [grid-copy] they copy as a sheet; 30 pasted rows come and go in one step; [grid-bulk-delete] Delete asks, then deletes the picked rows', async () => {
    const contextA = await newContext(env.browser(), env.app().url, { viewport: { width: 1280, height: 1400 }, bypassCSP: true });
    const contextB = await newContext(env.browser(), env.app().url);
    await contextA.grantPermissions(['clipboard-read', 'clipboard-write']);
    const a = await signUpByApi(contextA, 'Ada', 'Planner');
    const b = await signUpByApi(contextB, 'Bea', 'Builder');
    const { projectId } = await teamWithTeammate(a, b, 'Launch', 'Website');

    // 20 tasks of 1 to 3 working days, starting on different weekdays, so a move crosses weekends.
    const made: StoredTask[] = [];
    for (let i = 0; i < 20; i++) {
      const data = { projectId, name: `Task ${String(i + 1).padStart(2, '0')}`, startDate: workday(i % 5), endDate: workday((i % 5) + (i % 3)) };
      made.push((await (await a.request.post('/api/tasks', { data })).json()) as StoredTask);
    }
    const before = await datesOf(a, projectId);
    const first = made[0]!;
    const last = made[19]!;
    for (const page of [a, b]) {
      await page.goto('/');
      await page.locator(`[data-task-bar="${first.id}"]`).waitFor();
      await chartSynced(page);
    }

    // Ctrl-click the first row, Shift-click the last: 20 picked, the bar says so.
    await rowName(a, first.id).click({ modifiers: ['Control'] });
    await a.locator('[data-timeline-scroll]').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await rowName(a, last.id).click({ modifiers: ['Shift'] });
    const bar = a.getByRole('group', { name: 'Selected tasks' });
    await bar.getByText('20 selected').waitFor();
    expect(await a.locator('[data-grid-picked]').count()).toBeGreaterThan(0);
    expect(await seriousAxeFindings(a)).toEqual([]);

    await bar.getByRole('button', { name: 'Move…' }).click();
    await bar.getByLabel('Move by working days').fill('3');
    await bar.getByRole('button', { name: 'Move', exact: true }).click();
    await a.getByRole('status').filter({ hasText: 'Moved 20 tasks' }).waitFor();

    // Each task 3 working days later, keeping its working days (Monday to Friday: weekends skipped).
    const moved = Object.fromEntries(
      made.map((t) => {
        const dates = shiftTaskByWorkingDays({ startDate: t.startDate, endDate: t.endDate }, 3, DEFAULT_WORK_CALENDAR);
        return [t.id, `${dates.startDate}..${dates.endDate}`];
      }),
    );
    await expect.poll(() => datesOf(a, projectId), { timeout: 10_000 }).toEqual(moved);
    const firstMoved = moved[first.id]!.split('..')[0]!;
    const firstBar = b.locator(`[data-task-bar="${first.id}"]`);
    await expect.poll(() => firstBar.getAttribute('aria-label'), { timeout: 5000 }).toContain(formatCalendarDate(firstMoved));

    // One Ctrl+Z: all 20 back, for both.
    await rowName(a, first.id).focus();
    await a.keyboard.press('Control+z');
    await expect.poll(() => datesOf(a, projectId), { timeout: 10_000 }).toEqual(before);
    await expect.poll(() => firstBar.getAttribute('aria-label'), { timeout: 5000 }).toContain(formatCalendarDate(first.startDate));

    // Copy: a header of the shown columns (the name column alone by default) and one line per picked row.
    await rowName(a, first.id).focus();
    await a.keyboard.press('Control+c');
    await a.getByRole('status').filter({ hasText: 'Copied 20 rows' }).waitFor();
    const clipboard = await a.evaluate(() => navigator.clipboard.readText());
    // Each line ends with a newline, as Excel writes them.
    expect(clipboard.endsWith('\n')).toBe(true);
    const copied = clipboard.slice(0, -1).split('\n');
    expect(copied[0]).toBe('Name');
    expect(copied).toHaveLength(21);

    // [grid-bulk-outline] Alt+Shift+→ on one of the picked rows indents them all in one step: the 19 under the first
    // (the first of the plan has nothing above it to go under); one Ctrl+Z takes all 19 back out.
    const parents = async () => (await storedTasks(a, projectId)).map((t) => t.parentId ?? null);
    await rowName(a, last.id).focus();
    await a.keyboard.press('Alt+Shift+ArrowRight');
    await expect.poll(async () => (await parents()).filter((p) => p === first.id).length, { timeout: 10_000 }).toBe(19);
    await rowName(a, first.id).focus();
    await a.keyboard.press('Control+z');
    await expect.poll(async () => (await parents()).every((p) => p === null), { timeout: 10_000 }).toBe(true);

    // 30 rows from a spreadsheet, pasted on the chart: 30 tasks, and one Ctrl+Z takes them all back.
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    await expect.poll(() => bar.count()).toBe(0);
    const sheet = ['Task name\tStart\tEnd', ...Array.from({ length: 30 }, (_, i) => `Pasted ${i + 1}\t${workday(i % 7)}\t${workday((i % 7) + 2)}`)].join('\r\n') + '\r\n';
    await a.evaluate((text) => navigator.clipboard.writeText(text), sheet);
    await a.locator(`[data-task-bar="${first.id}"]`).focus();
    await a.keyboard.press('Control+v');
    await a.getByRole('status').filter({ hasText: 'Added 30 tasks' }).waitFor();
    await expect.poll(async () => (await storedTasks(a, projectId)).length, { timeout: 10_000 }).toBe(50);
    await a.locator(`[data-task-bar="${first.id}"]`).focus();
    await a.keyboard.press('Control+z');
    await expect.poll(async () => (await storedTasks(a, projectId)).length, { timeout: 10_000 }).toBe(20);

    // [grid-bulk-delete] Ctrl-click a row with the cursor on another: both picked; Delete asks about the two by name,
    // and deletes them. The cursor is the cell a key was last pressed in (the Ctrl+Z above, on the first row), so it
    // is put on the last row first.
    await a.locator(`[data-grid-cell="${last.id}|name"]`).focus();
    await rowName(a, first.id).click({ modifiers: ['Control'] });
    await bar.getByText('2 selected').waitFor();
    await rowName(a, first.id).focus();
    await a.keyboard.press('Delete');
    const confirm = a.getByRole('dialog', { name: 'Delete 2 tasks?' });
    await confirm.getByText('“Task 01”, “Task 20” and their change history will be deleted for everyone').waitFor();
    await confirm.getByRole('button', { name: 'Delete 2 tasks' }).click();
    await a.getByRole('status').filter({ hasText: 'Deleted 2 tasks' }).waitFor();
    expect((await storedTasks(a, projectId)).map((t) => t.name).sort()).toEqual(made.slice(1, 19).map((t) => t.name));
    expect(await bar.count()).toBe(0);

    await contextA.close();
    await contextB.close();
  });
});
