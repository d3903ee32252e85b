import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chartSynced, dayFromToday, newContext, seriousAxeFindings, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

/** Opens the task's details from its row, on the Comments tab. */
async function openComments(page: Page, taskId: string) {
  await page.locator(`[data-task-row="${taskId}"]`).getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: 'Task Details' });
  await dialog.getByRole('tab', { name: 'Comments' }).click();
  await dialog.locator('[data-comments]').waitFor();
  return dialog;
}

describe('task comments', () => {
  it('[e2e-comments] A mentions B through the @ list; B sees it live in the open task, without Edit, and on the bell; A deletes it and both see "comment deleted"; axe finds nothing serious at 1280 and 390 px; B opens the mention from the inbox and the task is revealed', async () => {
    const contextA = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Ada', 'Planner');
    const b = await signUpByApi(contextB, 'Bea', 'Builder');
    const { projectId } = await teamWithTeammate(a, b, 'Talkers', 'Launch');
    const bea = (await (await b.request.get('/api/auth/user')).json()) as { id: string };
    const task = (await (await a.request.post('/api/tasks', { data: { projectId, name: 'Write the brief', startDate: dayFromToday(0), endDate: dayFromToday(3) } })).json()) as { id: string };
    for (const page of [a, b]) {
      await page.goto('/');
      await page.locator(`[data-task-row="${task.id}"]`).waitFor();
      await chartSynced(page);
    }
    const dialogA = await openComments(a, task.id);
    const dialogB = await openComments(b, task.id);
    await dialogA.getByText('No comments yet').waitFor();

    // A writes, picks Bea from the @ list by keyboard, and posts with Ctrl+Enter.
    const box = dialogA.getByRole('textbox', { name: 'New comment' });
    await box.fill('Please check this, @Be');
    await box.press('End');
    const list = dialogA.getByRole('listbox', { name: 'People to mention' });
    await list.waitFor();
    expect(await box.getAttribute('aria-activedescendant')).toBe(await list.getByRole('option', { name: /Bea Builder/ }).getAttribute('id'));
    await box.press('Enter');
    expect(await box.inputValue()).toBe('Please check this, @Bea Builder ');
    await box.pressSequentially('it is **urgent** <b>really</b>');
    await box.press('Control+Enter');

    // B sees it at once in the task they have open: bold rendered, the HTML shown as text; and the row's count.
    const commentB = dialogB.locator('[data-comment]');
    await commentB.getByText('@Bea Builder', { exact: false }).waitFor({ timeout: 5000 });
    expect(await commentB.locator('strong').textContent()).toBe('urgent');
    expect(await commentB.textContent()).toContain('<b>really</b>');
    expect(await commentB.getByRole('button', { name: /Edit comment/ }).count()).toBe(0);
    expect(await commentB.getByRole('button', { name: /Delete comment/ }).count()).toBe(0);
    await b.locator(`[data-task-row="${task.id}"] [data-comment-count="1"]`).waitFor({ timeout: 5000 });
    // The mention reaches B's bell in the top navigation live (B's first notification); the open dialog hides it
    // from the accessibility tree, so it is found by its link.
    const bell = b.locator('a[href="/inbox"][aria-label^="Notifications"]');
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 5000 }).toBe('Notifications, 1 unread');
    const stored = (await (await a.request.get(`/api/tasks/${task.id}/comments`)).json()) as { comments: { mentionedUserIds: string[] }[] };
    expect(stored.comments[0]!.mentionedUserIds).toEqual([bea.id]);

    expect(await seriousAxeFindings(a, '[role="dialog"]')).toEqual([]);

    // A deletes it (after a confirmation); both threads say "comment deleted", the count goes.
    await dialogA.getByRole('button', { name: 'Delete comment by Ada Planner' }).click();
    await dialogA.locator('[data-comment]').getByRole('button', { name: 'Delete', exact: true }).click();
    await dialogA.getByText('comment deleted').waitFor();
    await dialogB.getByText('comment deleted').waitFor({ timeout: 5000 });
    await b.locator(`[data-task-row="${task.id}"] [data-comment-count]`).waitFor({ state: 'detached', timeout: 5000 });

    await a.setViewportSize({ width: 390, height: 844 });
    expect(await seriousAxeFindings(a, '[role="dialog"]')).toEqual([]);
    const composer = (await dialogA.getByRole('textbox', { name: 'New comment' }).boundingBox())!;
    expect(composer.x).toBeGreaterThanOrEqual(0);
    expect(composer.x + composer.width).toBeLessThanOrEqual(390);

    // B opens the inbox from the bell and clicks the mention: the task is revealed in its chart, and read.
    await b.keyboard.press('Escape');
    await bell.click();
    await b.waitForURL('**/inbox');
    await b.getByRole('button', { name: /mentioned you on «Write the brief»/ }).click();
    await b.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await b.locator('[data-current-row]').textContent()) ?? '', { timeout: 8000 }).toContain('Write the brief');
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 5000 }).toBe('Notifications');

    await contextA.close();
    await contextB.close();
  }, 60_000);
});
