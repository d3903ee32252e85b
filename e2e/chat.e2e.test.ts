import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, seriousAxeFindings, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();
const PANEL = 'aside[aria-labelledby="team-chat-title"]';

async function openChat(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Team chat' }).click();
  await page.locator(PANEL).waitFor();
}

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const onlineNow = (page: Page) => page.getByRole('list', { name: 'Online now' }).getByRole('listitem');

describe('the team chat', () => {
  it('[e2e-chat] two members chat live both ways, see each other online, and a #task chip opens the task; axe at 1280 and 390 px', async () => {
    // bypassCSP: axe-core is injected as an inline script.
    const contextA = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const contextB = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const a = await signUpByApi(contextA, 'Ann', 'Cole');
    const b = await signUpByApi(contextB, 'Ben', 'Dale');
    const { teamId } = await teamWithTeammate(a, b, 'Chatline', 'Harbour');
    // The task is in a second project, so its chip has to switch the chart to it.
    const dock = await (await a.request.post('/api/projects', { data: { name: 'Dockyard', teamId } })).json();
    const task = await (await a.request.post('/api/tasks', { data: { projectId: dock.id, name: 'Paint the hull', startDate: '2026-12-07', endDate: '2026-12-11' } })).json();

    await openChat(a);
    await openChat(b);
    await a.getByText('No messages yet').waitFor();
    // Both have the app open: each panel shows both people online, by name.
    await expect.poll(() => onlineNow(a).count(), { timeout: 5000 }).toBe(2);
    await expect.poll(() => onlineNow(b).count(), { timeout: 5000 }).toBe(2);
    expect(await onlineNow(a).allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('Ben Dale, online')]));

    // A → B, HTML shown as text.
    const composerA = a.getByRole('combobox', { name: 'Message' });
    await composerA.fill('Hello <b>team</b>');
    await composerA.press('Enter');
    await log(b).getByText('Hello <b>team</b>').waitFor({ timeout: 5000 });

    // B → A with an @mention picked by keyboard, on two lines.
    const composerB = b.getByRole('combobox', { name: 'Message' });
    await composerB.click();
    await composerB.pressSequentially('@An');
    await b.getByRole('listbox', { name: 'Team members' }).getByRole('option', { name: /Ann Cole/ }).waitFor();
    await composerB.press('Enter');
    await composerB.pressSequentially('hi');
    await composerB.press('Shift+Enter');
    await composerB.pressSequentially('back');
    await composerB.press('Enter');
    await log(a).getByText(/@AnnCole hi\s+back/).waitFor({ timeout: 5000 });
    const page = await (await a.request.get(`/api/teams/${teamId}/chat`)).json();
    const me = await (await a.request.get('/api/auth/user')).json();
    expect(page.messages[0].mentionedUserIds).toEqual([me.id]);

    // A references the task through the # picker; B opens it from the chip.
    await composerA.pressSequentially('See #hull');
    await a.getByRole('listbox', { name: 'Tasks' }).getByRole('option', { name: /Paint the hull · Dockyard/ }).waitFor();
    await composerA.press('ArrowDown');
    await composerA.press('Enter');
    await composerA.press('Enter');
    const chip = log(b).getByRole('link', { name: 'Open task Paint the hull' });
    await chip.waitFor({ timeout: 5000 });

    expect(await seriousAxeFindings(b, PANEL)).toEqual([]);
    await chip.click();
    await b.locator(`[data-task-row="${task.id}"] [data-current-row]`).waitFor();

    // At 390 px the panel takes the whole screen, and passes axe too.
    await a.setViewportSize({ width: 390, height: 844 });
    const box = (await a.locator(PANEL).boundingBox())!;
    expect(box.width).toBe(390);
    expect(await seriousAxeFindings(a, PANEL)).toEqual([]);

    await contextB.close();
    // B is gone: A's panel shows A alone.
    await expect.poll(() => onlineNow(a).count(), { timeout: 5000 }).toBe(1);
    await contextA.close();
  });
});
