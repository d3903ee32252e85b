import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chartSynced, newContext, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';
import { createTask, myId, overbookedProject, weekDay } from './workload-fixtures.js';

const env = useAppAndBrowser();

const marker = (page: Page, id: string) => page.locator(`[data-over-allocated="${id}"]`);
const rows = (page: Page) => page.locator('[data-task-row]');

describe('[workload-overload] over-allocation in the chart', () => {
  it('marks the bars of an over-allocated person, filters to them, and the form lowers the share until the mark goes', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Ana', 'Silva');
    // Weld and Paint overlap on Monday and Tuesday: Ana is at 200% then. Survey is the next week, alone.
    const { me, projectId, ids } = await overbookedProject(page);
    const [weld, paint] = [{ id: ids[0] }, { id: ids[1] }];
    const survey = await createTask(page, { projectId, name: 'Survey', startDate: weekDay(7), endDate: weekDay(8), assigneeIds: [me] });

    await page.goto('/');
    await page.locator(`[data-task-bar="${survey.id}"]`).waitFor();
    await chartSynced(page);
    await marker(page, weld.id).waitFor();
    await marker(page, paint.id).waitFor();
    expect(await marker(page, weld.id).getAttribute('title')).toMatch(/^Ana Silva is at 200% on \d+(-\d+)? \w{3}/);
    expect(await marker(page, survey.id).count()).toBe(0);

    // From the keyboard: the bar (the tab stop; the marker adds none) says it in its description and its tooltip.
    expect(await marker(page, weld.id).getAttribute('tabindex')).toBeNull();
    const weldBar = page.locator(`[data-task-bar="${weld.id}"]`);
    const description = await weldBar.evaluate((bar) =>
      (bar.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id))
        .map((el) => el?.getAttribute('aria-label') ?? el?.textContent ?? '')
        .join(' | '),
    );
    expect(description).toMatch(/ \| Over-allocated: Ana Silva is at 200% on \d+(-\d+)? \w{3}$/);
    await weldBar.focus();
    const tip = page.getByRole('tooltip').locator('[data-over-allocation-tip]');
    await expect.poll(() => tip.first().textContent()).toMatch(/^Ana Silva is at 200% on \d+(-\d+)? \w{3}$/);
    await page.keyboard.press('Escape');

    // Over-allocated only: Weld and Paint, and the count says so; off again, all three.
    const filter = page.getByRole('button', { name: 'Over-allocated only' });
    await filter.click();
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.getByText('2 of 3 tasks are over-allocated').waitFor();
    await filter.click();
    await expect.poll(() => rows(page).count()).toBe(3);

    // The server busy (429) for the read after the next edit: the marks stay, nothing alarming is shown, and the
    // chart reads again by itself once the Retry-After it names has passed.
    const busy: number[] = [];
    const overloadsRead = (url: URL) => url.pathname.endsWith('/workload') && url.searchParams.get('only') === 'overloads';
    await page.route(overloadsRead, (route) => {
      if (busy.length) return route.continue();
      busy.push(Date.now());
      const body = { message: 'Over-allocation is being worked out again too often', code: 'too_many_requests', retryAfterSeconds: 1 };
      return route.fulfill({ status: 429, headers: { 'Retry-After': '1' }, contentType: 'application/json', body: JSON.stringify(body) });
    });

    // Edit Task: a bad share is refused inline; 50% saves, and the chip says it.
    await page.locator(`[data-task-row="${weld.id}"]`).getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Task Details' });
    const allocation = dialog.getByLabel('Allocation (%)');
    expect(await allocation.inputValue()).toBe('100');
    await allocation.fill('0');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Allocation must be a whole percent from 1 to 200').waitFor();
    await allocation.fill('50');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator(`[data-task-row="${weld.id}"] [data-assignee-chip]`).textContent()).toBe('Ana Silva · 50%');
    const stored = (await (await page.request.get(`/api/projects/${projectId}/tasks`)).json()) as { id: string; allocations: Record<string, number> }[];
    expect(stored.find((t) => t.id === weld.id)!.allocations).toEqual({ [me]: 50 });
    await expect.poll(() => busy.length).toBe(1);
    expect(await marker(page, weld.id).getAttribute('title')).toMatch(/^Ana Silva is at 200% on /);
    expect(await page.getByText(/too often/).count()).toBe(0);
    // 150% still: the mark stays and says so.
    await expect.poll(() => marker(page, weld.id).getAttribute('title'), { timeout: 10_000 }).toMatch(/^Ana Silva is at 150% on /);
    await page.unroute(overloadsRead);

    // Paint at 50% too: 100%, no mark on either.
    await page.locator(`[data-task-row="${paint.id}"]`).getByRole('button').first().click();
    await dialog.getByLabel('Allocation (%)').fill('50');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-over-allocated]').count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });

  it('[allocation] Edit Task sets the share of every assignee, each refused inline when it is not a whole percent from 1 to 200', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Ana', 'Silva');
    const b = await signUpByApi(contextB, 'Ben', 'Mate');
    const { projectId } = await teamWithTeammate(a, b, 'Yard', 'Hull');
    const [ana, ben] = [await myId(a), await myId(b)];
    const weld = await createTask(a, { projectId, name: 'Weld', startDate: weekDay(0), endDate: weekDay(1), assigneeIds: [ana, ben] });
    await a.goto('/');
    await a.locator(`[data-task-bar="${weld.id}"]`).waitFor();
    await chartSynced(a);

    await a.locator(`[data-task-row="${weld.id}"]`).getByRole('button').first().click();
    const dialog = a.getByRole('dialog', { name: 'Task Details' });
    const bens = dialog.getByLabel('Allocation of Ben Mate (%)');
    expect(await bens.inputValue()).toBe('100');
    for (const bad of ['0', '201', '1.5']) {
      await bens.fill(bad);
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.getByText('Allocation must be a whole percent from 1 to 200').waitFor();
      expect(await bens.getAttribute('aria-invalid')).toBe('true');
    }
    await bens.fill('150');
    await dialog.getByLabel('Allocation (%)').fill('40');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    const stored = (await (await a.request.get(`/api/projects/${projectId}/tasks`)).json()) as { id: string; assigneeId: string; allocations: Record<string, number> }[];
    expect(stored.find((t) => t.id === weld.id)).toMatchObject({ assigneeId: ana, allocations: { [ana]: 40, [ben]: 150 } });
    await contextA.close();
    await contextB.close();
  });

  it('on the Free plan (the workload refused) shows no mark, no filter and no error', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Fay', 'Free');
    const { ids } = await overbookedProject(page, { team: 'Dock', project: 'Keel' });
    // A new team is on a Pro trial: the Free plan's answer is played here as the API gives it.
    let refused = 0;
    await page.route('**/workload?*', (route) => {
      refused++;
      return route.fulfill({ status: 402, contentType: 'application/json', body: JSON.stringify({ message: 'Workload is part of Pro', requiredPlan: 'pro' }) });
    });
    await page.goto('/');
    await page.locator(`[data-task-bar="${ids[1]}"]`).waitFor();
    await chartSynced(page);
    await expect.poll(() => refused).toBeGreaterThan(0);
    // The refusal has been taken in: the filter is gone, no mark, nothing alarming on screen.
    await expect.poll(() => page.getByRole('button', { name: 'Over-allocated only' }).count()).toBe(0);
    expect(await page.locator('[data-over-allocated]').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await rows(page).count()).toBe(2);
    await context.close();
  });
});
