import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORK_CALENDAR, workingDaysMoved } from '@planline/domain';
import { chartSynced, dayFromToday, newContext, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

const bar = (page: Page, id: string) => page.locator(`[data-task-bar="${id}"]`);
const barLabel = (page: Page, id: string) => bar(page, id).getAttribute('aria-label');

/** An instant as the browser's datetime-local field takes it: its own local time, to the second. */
const localField = (page: Page, ms: number) =>
  page.evaluate((at) => {
    const d = new Date(at);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, ms);

describe('time travel in the chart', () => {
  it('[e2e-time-travel] A scrubs back while B edits live: A\'s past view does not move; Compare with now and Back to now', async () => {
    const [ca, cb] = [await newContext(env.browser(), env.app().url), await newContext(env.browser(), env.app().url)];
    const a = await signUpByApi(ca, 'Ada', 'Past');
    const b = await signUpByApi(cb, 'Bea', 'Live');
    const { projectId } = await teamWithTeammate(a, b, 'Works', 'Harbour');
    const create = async (name: string, start: number, end: number) =>
      (await (await a.request.post('/api/tasks', { data: { projectId, name, startDate: dayFromToday(start), endDate: dayFromToday(end) } })).json()) as { id: string };
    const design = await create('Design', 0, 1);
    const build = await create('Build', 2, 3);
    for (const page of [a, b]) {
      await page.goto('/');
      await bar(page, build.id).waitFor();
      await chartSynced(page);
    }
    const then = { design: await barLabel(a, design.id), build: await barLabel(a, build.id) };
    // Whole seconds: the field and the slider go by the second.
    await new Promise((r) => setTimeout(r, 1100));
    const instant = Date.now();
    await new Promise((r) => setTimeout(r, 1100));

    // B moves Design a day later, live; A sees it.
    await bar(b, design.id).focus();
    await b.keyboard.press('ArrowRight');
    await expect.poll(() => barLabel(a, design.id), { timeout: 5000 }).not.toBe(then.design);

    // A goes back to the instant: the plan as it was, read-only, with the banner.
    await a.getByRole('button', { name: 'History' }).click();
    const history = a.getByRole('region', { name: 'Plan history' });
    await history.getByLabel('Date and time').fill(await localField(a, instant));
    await history.getByText('Viewing the plan as of').waitFor();
    await expect.poll(() => barLabel(a, design.id), { timeout: 5000 }).toBe(then.design);

    // B keeps editing: a move by keyboard and a rename over REST. A's past view does not move.
    await bar(b, design.id).focus();
    await b.keyboard.press('ArrowRight');
    expect((await b.request.patch(`/api/tasks/${build.id}`, { data: { name: 'Build the quay' } })).status()).toBe(200);
    await expect.poll(() => barLabel(b, build.id), { timeout: 5000 }).toContain('Build the quay');
    await new Promise((r) => setTimeout(r, 500));
    expect(await barLabel(a, design.id)).toBe(then.design);
    expect(await barLabel(a, build.id)).toBe(then.build);
    // Its note follows the live plan: Bea moved it twice since, two working days in all (the rename is not a move).
    const note = a.locator(`[data-move-note="${design.id}"]`);
    await expect.poll(() => note.textContent(), { timeout: 5000 }).toBe('Moved by Bea Live · +2wd');
    await expect.poll(() => note.getAttribute('aria-label'), { timeout: 5000 }).toContain('(the last of 2 changes since)');
    expect(await a.locator(`[data-move-note="${build.id}"]`).count()).toBe(0);
    // Read-only: a key press on a past bar changes nothing.
    await bar(a, design.id).focus();
    await a.keyboard.press('ArrowRight');
    await new Promise((r) => setTimeout(r, 300));
    expect(await barLabel(a, design.id)).toBe(then.design);

    // Compare with now: today's bars, the past dates as thin grey bars under them.
    await history.getByRole('button', { name: 'Compare with now' }).click();
    await a.locator(`[data-baseline-bar="${design.id}"]`).waitFor();
    await expect.poll(() => barLabel(a, design.id)).toBe(await barLabel(b, design.id));

    // Back to now: the live plan again, with B's edits.
    await history.getByRole('button', { name: 'Back to now' }).click();
    await expect.poll(() => barLabel(a, build.id)).toBe(await barLabel(b, build.id));
    expect(await a.getByText('Viewing the plan as of').count()).toBe(0);
    await ca.close();
    await cb.close();
  });

  it('[e2e-time-travel-moves] the past view says who moved a bar and why; Restore this task and Restore this plan, each with Undo', async () => {
    const [ca, cb] = [await newContext(env.browser(), env.app().url), await newContext(env.browser(), env.app().url)];
    const a = await signUpByApi(ca, 'Ada', 'Past');
    const b = await signUpByApi(cb, 'Bea', 'Live');
    const { projectId } = await teamWithTeammate(a, b, 'Works', 'Quay');
    const create = async (name: string, start: number, end: number) =>
      (await (await a.request.post('/api/tasks', { data: { projectId, name, startDate: dayFromToday(start), endDate: dayFromToday(end) } })).json()) as { id: string };
    const design = await create('Design', 0, 1);
    const build = await create('Build', 2, 3);
    const test = await create('Test', 4, 5);
    await a.goto('/');
    await bar(a, build.id).waitFor();
    await chartSynced(a);
    const then = await barLabel(a, design.id);
    await new Promise((r) => setTimeout(r, 1100));
    const instant = Date.now();
    await new Promise((r) => setTimeout(r, 1100));

    // Bea moves Design three days later, saying why, and deletes Test.
    const moved = await b.request.patch(`/api/tasks/${design.id}`, { data: { startDate: dayFromToday(3), endDate: dayFromToday(4), changeReason: 'Supplier was late' } });
    expect(moved.status()).toBe(200);
    expect((await b.request.delete(`/api/tasks/${test.id}`)).status()).toBe(204);
    await expect.poll(() => barLabel(a, design.id), { timeout: 5000 }).not.toBe(then);
    const movedLabel = await barLabel(a, design.id);

    // Ada looks at the plan as it was: the moved bar says who moved it, how far and why; the deleted one who deleted it.
    await a.getByRole('button', { name: 'History' }).click();
    const history = a.getByRole('region', { name: 'Plan history' });
    await history.getByLabel('Date and time').fill(await localField(a, instant));
    await history.getByText('Viewing the plan as of').waitFor();
    const note = a.locator(`[data-move-note="${design.id}"]`);
    // Three calendar days later, counted in working days as the drift is (fewer over a weekend).
    const shift = workingDaysMoved(dayFromToday(0), dayFromToday(3), DEFAULT_WORK_CALENDAR);
    await expect.poll(() => note.textContent(), { timeout: 5000 }).toBe(`Moved by Bea Live · +${shift}wd · Supplier was late`);
    expect(await note.getAttribute('aria-label')).toMatch(new RegExp(`^Moved by Bea Live · \\+${shift}wd · Supplier was late\\. \\+${shift} working days?\\. On .+\\. Open the task as it was\\.$`));
    expect(await a.locator(`[data-move-note="${test.id}"]`).textContent()).toBe('Deleted by Bea Live');
    expect(await a.locator(`[data-move-note="${build.id}"]`).count()).toBe(0);

    // Compared with now: only bars whose dates differ (Test is not in today's plan).
    await history.getByRole('button', { name: 'Compare with now' }).click();
    await a.locator(`[data-baseline-bar="${design.id}"]`).waitFor();
    // The drift label beside it says how far, so the note leaves the shift out.
    await expect.poll(() => note.textContent()).toBe('Moved by Bea Live · Supplier was late');
    expect(await a.locator(`[data-move-note="${test.id}"]`).count()).toBe(0);
    await history.getByRole('button', { name: 'Compare with now' }).click();

    // On a phone the note is its icon only, its words in its name.
    await a.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await note.boundingBox())?.width ?? 999).toBeLessThanOrEqual(26);
    expect(await note.getAttribute('aria-label')).toContain('Supplier was late');
    await a.setViewportSize({ width: 1280, height: 800 });

    // By keyboard: the note opens the task as it was; Restore this task puts it back, and the chart is back to now.
    await note.focus();
    await a.keyboard.press('Enter');
    const dialog = a.getByRole('dialog', { name: 'Design' });
    await dialog.getByText(`Moved by Bea Live · +${shift}wd`).waitFor();
    await dialog.getByRole('button', { name: 'Restore this task' }).click();
    await a.getByText('Task restored', { exact: true }).waitFor();
    expect(await a.getByText('Viewing the plan as of').count()).toBe(0);
    await expect.poll(() => barLabel(a, design.id), { timeout: 5000 }).toBe(then);
    // The history says why, credited to Ada.
    const entries = (await (await a.request.get(`/api/tasks/${design.id}/history`)).json()) as { fieldName: string; changeReason: string | null; changedByUser: { firstName: string } }[];
    expect(entries[0]).toMatchObject({ changedByUser: { firstName: 'Ada' } });
    expect(entries[0]!.changeReason).toMatch(/^Restored to \d{1,2} [A-Z][a-z]{2} \d\d:\d\d$/);
    // A restore is a server edit: the toolbar's Undo (Ctrl+Z) does not hold it. The notice's Undo restore does.
    expect(await a.getByRole('button', { name: 'Undo', exact: true }).getAttribute('aria-disabled')).toBe('true');
    await a.getByRole('button', { name: 'Undo restore' }).click();
    await a.getByText('Restore undone', { exact: true }).waitFor();
    await expect.poll(() => barLabel(a, design.id), { timeout: 5000 }).toBe(movedLabel);

    // The whole plan: the confirm says how many tasks change and that it can be undone.
    await history.getByLabel('Date and time').fill(await localField(a, instant));
    await history.getByText('Viewing the plan as of').waitFor();
    await history.getByRole('button', { name: 'Restore this plan' }).click();
    const confirm = a.getByRole('dialog', { name: 'Restore this plan?' });
    await confirm.getByText('2 tasks change: 1 deleted since comes back, 1 goes back to how it was.').waitFor();
    await confirm.getByText('You can undo it').waitFor();
    await confirm.getByRole('button', { name: 'Restore plan' }).click();
    await a.getByText('Plan restored', { exact: true }).waitFor();
    await bar(a, test.id).waitFor();
    await expect.poll(() => barLabel(a, design.id), { timeout: 5000 }).toBe(then);
    await a.getByRole('button', { name: 'Undo restore' }).click();
    await a.getByText('Restore undone', { exact: true }).waitFor();
    await expect.poll(() => bar(a, test.id).count(), { timeout: 5000 }).toBe(0);
    await expect.poll(() => barLabel(a, design.id), { timeout: 5000 }).toBe(movedLabel);
    await ca.close();
    await cb.close();
  });
});
