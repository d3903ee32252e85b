import { addDays, DEFAULT_WORK_CALENDAR } from '@planline/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chartSynced, dayFromToday, newContext, seriousAxeFindings, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

interface StoredTask {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  assigneeId: string | null;
}

const storedTasks = async (page: Page, projectId: string): Promise<StoredTask[]> => (await page.request.get(`/api/projects/${projectId}/tasks`)).json();
/** `n` working days from today on the project's calendar (a new project works Monday to Friday), whatever day it is. */
const workday = (n: number) => DEFAULT_WORK_CALENDAR.addWorkingDays(dayFromToday(0), n);
/** The coming Saturday (a week away on a Saturday): near enough for its task's bar to be in the chart's first view. */
const saturday = Array.from({ length: 7 }, (_, i) => dayFromToday(1 + i)).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 6)!;
const storedNames = async (page: Page, projectId: string) => (await storedTasks(page, projectId)).map((t) => t.name).sort();

describe('pasting spreadsheet rows on the chart', () => {
  it('[paste-rows-chart] rows pasted on the chart become tasks for both people, a bad row is reported, and one Ctrl+Z takes them all back', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    await contextA.grantPermissions(['clipboard-read', 'clipboard-write']);
    const a = await signUpByApi(contextA, 'Ada', 'Planner');
    const b = await signUpByApi(contextB, 'Bea', 'Builder');
    const { projectId } = await teamWithTeammate(a, b, 'Launch', 'Website');
    const bea = (await (await b.request.get('/api/auth/user')).json()) as { id: string; email: string };
    const kickoff = (await (await a.request.post('/api/tasks', { data: { projectId, name: 'Kickoff', startDate: dayFromToday(0), endDate: dayFromToday(1) } })).json()) as StoredTask;

    for (const page of [a, b]) {
      await page.goto('/');
      await page.locator(`[data-task-bar="${kickoff.id}"]`).waitFor();
      await chartSynced(page);
    }

    // As copied from a sheet: a header, three good rows (one quoted, one assigned by e-mail, one with only a start,
    // on a Saturday), one bad date.
    const rows = [
      'Task name\tStart\tEnd\tAssignee',
      `Write copy\t${workday(2)}\t${workday(4)}\t${bea.email}`,
      `"Design, ""hero"" image"\t${workday(3)}\t${workday(5)}\t`,
      `Review\t${saturday}\t\tBea Builder`,
      'Launch party\tsoon\t',
    ].join('\r\n');
    await a.evaluate((text) => navigator.clipboard.writeText(text), rows);
    await a.locator(`[data-task-bar="${kickoff.id}"]`).focus();
    await a.keyboard.press('Control+v');

    const status = a.getByRole('status').filter({ hasText: 'Added 3 tasks' });
    await status.waitFor();
    await expect.poll(() => status.textContent()).toContain('row 5');

    const names = ['Design, "hero" image', 'Kickoff', 'Review', 'Write copy'];
    await expect.poll(() => storedNames(a, projectId), { timeout: 5000 }).toEqual(names);
    const stored = await storedTasks(a, projectId);
    expect(stored.find((t) => t.name === 'Write copy')).toMatchObject({ startDate: workday(2), endDate: workday(4), assigneeId: bea.id });
    // [paste-rows-calendar] The Saturday start moves to the Monday after it, and the row lasts a working week.
    expect(stored.find((t) => t.name === 'Review')).toMatchObject({ startDate: addDays(saturday, 2), endDate: addDays(saturday, 6), assigneeId: bea.id });
    // Bea sees them without a reload.
    for (const name of ['Write copy', 'Review']) {
      const task = stored.find((t) => t.name === name)!;
      await b.locator(`[data-task-bar="${task.id}"]`).waitFor({ timeout: 5000 });
    }

    // One Ctrl+Z: the three are gone, for both, and from the database.
    await a.locator(`[data-task-bar="${kickoff.id}"]`).focus();
    await a.keyboard.press('Control+z');
    await expect.poll(() => storedNames(a, projectId), { timeout: 5000 }).toEqual(['Kickoff']);
    await expect.poll(() => b.locator('[data-task-bar]').count(), { timeout: 5000 }).toBe(1);

    await contextA.close();
    await contextB.close();
  });

  it('[calendar-feed-ui] the profile page makes a calendar link that serves the feed, says it is on after a reload, and turns it off; on a phone too, with no serious axe findings', async () => {
    const context = await newContext(env.browser(), env.app().url, { viewport: { width: 390, height: 844 }, bypassCSP: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await signUpByApi(context, 'Cal', 'Endar');
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Calendar Feed' });
    await card.getByRole('button', { name: 'Make calendar link' }).click();
    const field = card.getByLabel('Your calendar link');
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await card.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    expect(await seriousAxeFindings(page)).toEqual([]);
    const feed = await page.request.get(new URL(url).pathname);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    // After a reload the link is not shown again, only that it is on; turning it off ends it at once.
    await page.reload();
    await card.getByText(/Your calendar link is on/).waitFor();
    await card.getByRole('button', { name: 'Turn off link' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Turn off link' }).click();
    await card.getByText('You have no calendar link.').waitFor();
    expect((await page.request.get(new URL(url).pathname)).status()).toBe(404);
    await context.close();
  });
  it('[api-tokens-ui] the profile page makes an API token shown once, which a script then uses, lists it without the secret, and revokes it; on a phone, with no serious axe findings', async () => {
    const context = await newContext(env.browser(), env.app().url, { viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await signUpByApi(context, 'Tok', 'En');
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'API Tokens' });
    await card.getByText('You have no API tokens.').waitFor();
    // A token without a name is refused in place.
    await card.getByRole('button', { name: 'Make token' }).click();
    await card.getByRole('alert').getByText(/Name the token/).waitFor();
    await card.getByLabel('Token name').fill('Nightly export');
    await card.getByRole('button', { name: 'Make token' }).click();
    const field = card.getByLabel('Your new token "Nightly export"');
    await field.waitFor();
    const secret = await field.inputValue();
    expect(secret).toMatch(/^plt_[A-Za-z0-9_-]{43}$/);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // A script (no cookie) reads with it; a read-only token cannot write.
    const teams = await fetch(new URL('/api/teams', env.app().url), { headers: { authorization: `Bearer ${secret}` } });
    expect(teams.status).toBe(200);
    const write = await fetch(new URL('/api/teams', env.app().url), { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body: '{"name":"Scripted"}' });
    expect(write.status).toBe(403);

    // After a reload only its name and first characters show; revoking it cuts the script off.
    await page.reload();
    const row = card.getByRole('listitem').filter({ hasText: 'Nightly export' });
    await row.getByText(secret.slice(0, 8)).waitFor();
    expect(await card.textContent()).not.toContain(secret);
    await row.getByRole('button', { name: 'Revoke token Nightly export' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await card.getByText('You have no API tokens.').waitFor();
    expect((await fetch(new URL('/api/teams', env.app().url), { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);
    await context.close();
  });
});
