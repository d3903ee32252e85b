import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chartSynced, dragBar, newContext, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';
import { dayTitle, iso, monday, MONTHS } from './workload-fixtures.js';

const env = useAppAndBrowser();

interface Cell {
  label: string;
  text: string;
  preview: boolean;
}

/** Every cell of a person's row on `page`, in column order: its name, figure and whether it shows a drag. */
function rowCells(page: Page, person: string): Promise<Cell[]> {
  return page.locator(`[role="img"][aria-label^="${person}, "]`).evaluateAll((cells) =>
    cells.map((cell) => ({ label: cell.getAttribute('aria-label') ?? '', text: cell.textContent ?? '', preview: cell.getAttribute('data-preview') === 'true' })),
  );
}

/** A bar's dates as its name says them ("… complete: Mar 9, 2026 to Mar 11, 2026"), 'yyyy-MM-dd'. */
async function barDates(page: Page, taskId: string): Promise<[string, string]> {
  const label = (await page.locator(`[data-task-bar="${taskId}"]`).getAttribute('aria-label')) ?? '';
  const dates = [...label.matchAll(/(\w{3}) (\d+), (\d{4})/g)].map(([, m, d, y]) => iso(new Date(Date.UTC(Number(y), MONTHS.indexOf(m!), Number(d)))));
  return [dates[0]!, dates[1]!];
}

/**
 * The day-scale figures of a person working 8 hours on Monday to Friday whose only task runs `start..end`: what the
 * view shows over the 14 days from this week's Monday.
 */
function expectedDays(start: string, end: string): string[] {
  return Array.from({ length: 14 }, (_, i) => {
    const day = iso(monday(0), i);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const works = weekday !== 0 && weekday !== 6;
    return `${works && day >= start && day <= end ? 8 : 0}h / ${works ? 8 : 0}h`;
  });
}

describe('the live workload view', () => {
  it('[e2e-workload-live] B’s cells follow A’s bar while A drags it and after the drop; the same for a resize', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Wendy', 'Lead');
    const b = await signUpByApi(contextB, 'Walt', 'Mate');
    const { teamId, projectId } = await teamWithTeammate(a, b, 'Liveline', 'Hull refit');
    const me = await (await a.request.get('/api/auth/user')).json();
    // Next week's Monday to Wednesday, A's at 100 %.
    const [start, end] = [iso(monday(1)), iso(monday(1), 2)];
    const created = await a.request.post('/api/tasks', { data: { projectId, name: 'Weld seams', startDate: start, endDate: end, assigneeIds: [me.id] } });
    expect(created.status()).toBe(201);
    const task = await created.json();

    // B: the team's workload by day (this week and next).
    await b.goto(`/workload?teamId=${teamId}`);
    await b.getByRole('button', { name: 'Day', exact: true }).click();
    await b.getByRole('img', { name: new RegExp(`^Wendy Lead, ${dayTitle(monday(1))}:`) }).waitFor();
    const texts = async () => (await rowCells(b, 'Wendy Lead')).map((c) => c.text);
    await expect.poll(texts).toEqual(expectedDays(start, end));

    // A: the chart.
    await a.goto('/');
    await a.locator(`[data-task-bar="${task.id}"]`).waitFor();
    await chartSynced(a);

    // A drags the bar to the right and holds it: B's row shows where A holds it, marked as a preview.
    await dragBar(a, task.id, 4, false);
    const [heldStart, heldEnd] = await barDates(a, task.id);
    expect(heldStart > start).toBe(true);
    await expect.poll(texts, { timeout: 5000 }).toEqual(expectedDays(heldStart, heldEnd));
    expect((await rowCells(b, 'Wendy Lead')).some((c) => c.preview && /while a teammate moves a task$/.test(c.label))).toBe(true);
    // Nothing is stored yet.
    const before = await (await a.request.get(`/api/projects/${projectId}/tasks`)).json();
    expect([before[0].startDate, before[0].endDate]).toEqual([start, end]);

    // A drops: B's cells show the stored load, no longer a preview.
    await a.mouse.up();
    await expect.poll(async () => (await (await a.request.get(`/api/projects/${projectId}/tasks`)).json())[0].startDate, { timeout: 5000 }).toBe(heldStart);
    await expect.poll(async () => (await rowCells(b, 'Wendy Lead')).some((c) => c.preview), { timeout: 5000 }).toBe(false);
    expect(await texts()).toEqual(expectedDays(heldStart, heldEnd));

    // A resizes the bar by its end and holds it; then lets go.
    await dragBar(a, task.id, 4, false, 'resize-end');
    const [, longerEnd] = await barDates(a, task.id);
    expect(longerEnd > heldEnd).toBe(true);
    // The longer bar changes what the view shows (it ends inside the two weeks shown).
    expect(expectedDays(heldStart, longerEnd)).not.toEqual(expectedDays(heldStart, heldEnd));
    await expect.poll(texts, { timeout: 5000 }).toEqual(expectedDays(heldStart, longerEnd));
    expect((await rowCells(b, 'Wendy Lead')).some((c) => c.preview)).toBe(true);
    await a.mouse.up();
    await expect.poll(async () => (await (await a.request.get(`/api/projects/${projectId}/tasks`)).json())[0].endDate, { timeout: 5000 }).toBe(longerEnd);
    await expect.poll(async () => (await rowCells(b, 'Wendy Lead')).some((c) => c.preview), { timeout: 5000 }).toBe(false);
    expect(await texts()).toEqual(expectedDays(heldStart, longerEnd));

    await contextA.close();
    await contextB.close();
  });
});
