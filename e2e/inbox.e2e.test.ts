import { describe, expect, it } from 'vitest';
import { chartSynced, dayFromToday, dragBar, newContext, seriousAxeFindings, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

describe('the inbox', () => {
  it('[e2e-inbox] A drags a bar and the cascade moves B’s task: B’s bell counts it live, the inbox says why, a click opens the task; no serious axe findings at 1280 and 390 px', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const a = await signUpByApi(contextA, 'Ada', 'Planner');
    const b = await signUpByApi(contextB, 'Bea', 'Builder');
    const { projectId } = await teamWithTeammate(a, b, 'Works', 'Website');
    const bea = (await (await b.request.get('/api/auth/user')).json()) as { id: string };
    const create = async (name: string, start: number, end: number, assigneeIds: string[] = []) =>
      (await (await a.request.post('/api/tasks', { data: { projectId, name, startDate: dayFromToday(start), endDate: dayFromToday(end), assigneeIds } })).json()) as { id: string };
    const sitemap = await create('Sitemap', 0, 3);
    const wireframes = await create('Wireframes', 4, 7, [bea.id]);
    expect((await a.request.post(`/api/tasks/${wireframes.id}/dependencies`, { data: { dependsOnTaskId: sitemap.id } })).status()).toBe(201);

    await b.goto('/');
    const bell = b.getByRole('link', { name: /^Notifications/ });
    // Being assigned to Wireframes is the first one.
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 5000 }).toBe('Notifications, 1 unread');

    await a.goto('/');
    await a.locator(`[data-task-bar="${sitemap.id}"]`).waitFor();
    await chartSynced(a);
    await dragBar(a, sitemap.id, 12, true);
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 8000 }).toBe('Notifications, 2 unread');

    await bell.click();
    await b.waitForURL('**/inbox');
    const why = b.getByRole('button', { name: /«Wireframes» moved \+\d+d because «Sitemap» moved — Ada Planner/ });
    await why.waitFor();
    expect(await seriousAxeFindings(b)).toEqual([]);

    await why.click();
    await b.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await b.locator('[data-current-row]').textContent()) ?? '', { timeout: 8000 }).toContain('Wireframes');
    // Opening it marked it read.
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 5000 }).toBe('Notifications, 1 unread');

    await b.setViewportSize({ width: 390, height: 844 });
    await b.goto('/inbox');
    await b.getByRole('heading', { name: /Inbox/ }).waitFor();
    await b.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 5000 }).toBe('Notifications');
    expect(await seriousAxeFindings(b)).toEqual([]);
    await contextA.close();
    await contextB.close();
  });
});
