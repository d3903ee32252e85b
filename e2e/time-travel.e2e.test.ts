import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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
});
