import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signUpByApi, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

async function signUp(context: BrowserContext, firstName: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByLabel('First Name').fill(firstName);
  await page.getByLabel('Last Name').fill('Tester');
  await page.getByLabel('Email').fill(`${firstName.toLowerCase()}.${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Confirm Password').fill('long-enough-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: 'Welcome to Planline' }).waitFor();
  return page;
}

describe('teams in two browsers', () => {
  it('[e2e-join-request] B asks by code, A sees the badge live and approves, B gets the team, A removes B, B loses it', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUp(contextA, 'Alice');
    const b = await signUp(contextB, 'Bruno');

    // A creates a team and a project.
    await a.getByRole('button', { name: 'Start Free Workspace' }).click();
    await a.getByLabel('Team Name').fill('Orbital');
    await a.getByRole('button', { name: /Create Team/ }).click();
    await a.getByText('Team created successfully!', { exact: true }).waitFor();
    await a.getByRole('dialog', { name: 'Create New Project' }).waitFor();
    await a.getByLabel('Project Name').fill('Launch Plan');
    await a.getByRole('button', { name: 'Create Project' }).click();
    await a.getByText('Project created', { exact: true }).waitFor();
    await a.getByRole('heading', { name: 'Project Timeline' }).waitFor();

    // A reads the team code from Team Management.
    await a.getByRole('button', { name: 'Teams' }).click();
    const manage = a.getByRole('dialog', { name: 'Team Management' });
    await manage.waitFor();
    const teamCode = (await manage.getByText(/^[A-Z2-9]{8}$/).first().textContent())!.trim();
    expect(teamCode).toMatch(/^[A-Z2-9]{8}$/);
    await a.keyboard.press('Escape');

    // B asks to join by code (typed in lower case).
    await b.getByRole('button', { name: 'Join a Team' }).click();
    await b.getByLabel('Team Code').fill(teamCode.toLowerCase());
    expect(await b.getByLabel('Team Code').inputValue()).toBe(teamCode);
    await b.getByRole('button', { name: 'Send Request' }).click();
    await b.getByText('Request Sent!', { exact: true }).waitFor();

    // A's badge goes to 1 without a reload.
    await expect.poll(async () => (await a.locator('#join-requests-count').textContent()) ?? '', { timeout: 5000 }).toContain('1');
    await a.getByRole('button', { name: 'Manage Join Requests' }).click();
    await a.getByRole('button', { name: 'Approve Bruno Tester' }).click();
    await a.getByText('Request Approved', { exact: true }).waitFor();
    await a.keyboard.press('Escape');

    // B's workspace shows the team and its project without a reload.
    await b.getByRole('heading', { name: 'Project Timeline' }).waitFor({ timeout: 10_000 });
    await b.getByText('Orbital').first().waitFor();
    await b.getByText('Launch Plan').first().waitFor();

    // A removes B (after the confirm prompt); B loses the team without a reload.
    a.once('dialog', (d) => void d.accept());
    await a.getByRole('button', { name: 'Teams' }).click();
    await a.getByRole('button', { name: 'Remove Bruno Tester' }).click();
    await a.getByText('Member Removed', { exact: true }).waitFor();
    await b.getByRole('heading', { name: 'Welcome to Planline' }).waitFor({ timeout: 10_000 });
    const projects = await b.request.get('/api/projects/user');
    expect(await projects.json()).toEqual([]);
    await contextA.close();
    await contextB.close();
  });

  it('[plan-label] the header badge says whose plan it is; every team place says the trial the same way', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await signUpByApi(context, 'Tess', 'Trial');
    const team = await (await page.request.post('/api/teams', { data: { name: 'Trialists' } })).json();
    await page.request.post('/api/projects', { data: { name: 'First', teamId: team.id } });
    const trial = 'Pro trial · 7 days left';

    await page.goto('/');
    await page.getByRole('heading', { name: 'Project Timeline' }).waitFor();
    // [plan-label] The navigation says whose plan it shows: the team in view, on its trial (not 'Your plan: Free').
    await page.getByText(`Team Trialists: ${trial}`, { exact: true }).waitFor();
    await page.getByText(trial, { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Teams', exact: true }).click();
    await page.getByRole('dialog', { name: 'Team Management' }).getByText(trial, { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByRole('dialog', { name: 'Invite Team Members' }).getByText(`1 of 5 members used. Plan: ${trial}.`).waitFor();
    await page.keyboard.press('Escape');

    // The old wordings are gone everywhere.
    for (const old of ['FREE Plan', '7-day Free Trial', 'PRO Plan', 'on the pro plan']) {
      expect(await page.getByText(old).count(), old).toBe(0);
    }

    // /subscribe says the team's plan in the same words; its cards keep the spec's own (a Free Trial card with an
    // 'Active Trial' badge beside the Team Plan).
    await page.goto('/subscribe');
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await page.getByText(`Trialists’s plan: ${trial} (until`, { exact: false }).waitFor();
    await page.getByText('Active Trial', { exact: true }).waitFor();
    await page.getByText('Free Trial', { exact: true }).waitFor();
    await page.getByText('Team Plan', { exact: true }).waitFor();
    for (const old of ['Your trial ends on', 'FREE Plan', 'PRO Plan']) {
      expect(await page.getByText(old).count(), old).toBe(0);
    }
    await context.close();
  });
});

describe('invite links and guests (issue #14)', () => {
  it('[e2e-invites] the owner regenerates the team link (the old one stops working) and removes a project guest; a member sees no invite controls', async () => {
    const ownerContext = await newContext(env.browser(), env.app().url);
    const owner = await signUpByApi(ownerContext, 'Oona', 'Owner');
    const team = await (await owner.request.post('/api/teams', { data: { name: 'Harbour' } })).json();
    const project = await (await owner.request.post('/api/projects', { data: { name: 'Pier Two', teamId: team.id } })).json();
    const teamLink = (await (await owner.request.get(`/api/teams/${team.id}/invite-link`)).json()).inviteLink as string;
    const projectLink = (await (await owner.request.get(`/api/projects/${project.id}/invite-link`)).json()).inviteLink as string;

    const memberContext = await newContext(env.browser(), env.app().url);
    const member = await signUpByApi(memberContext, 'Milo', 'Member');
    expect((await member.request.post('/api/teams/join', { data: { token: new URL(teamLink).searchParams.get('token') } })).status()).toBe(200);
    const guestContext = await newContext(env.browser(), env.app().url);
    const guest = await signUpByApi(guestContext, 'Gita', 'Guest');
    expect((await guest.request.post('/api/projects/join', { data: { token: projectLink.split('/').pop() } })).status()).toBe(200);

    // A member has no invite controls: the links are the owner's and admins'.
    await member.goto('/');
    await member.getByRole('heading', { name: 'Project Timeline' }).waitFor();
    expect(await member.getByRole('button', { name: 'Add User' }).count()).toBe(0);
    expect(await member.getByRole('button', { name: 'Invite to project' }).count()).toBe(0);

    // The owner regenerates the team link from Team Management, after a confirm.
    await owner.goto('/');
    await owner.getByRole('heading', { name: 'Project Timeline' }).waitFor();
    await owner.getByRole('button', { name: 'Teams' }).click();
    const manage = owner.getByRole('dialog', { name: 'Team Management' });
    await expect.poll(() => manage.getByRole('textbox', { name: 'Invite Link' }).inputValue()).toBe(teamLink);
    await manage.getByRole('button', { name: 'Regenerate link' }).click();
    const confirmRegenerate = owner.getByRole('dialog', { name: 'Regenerate invite link?' });
    await confirmRegenerate.getByText('The current link stops working', { exact: false }).waitFor();
    await confirmRegenerate.getByRole('button', { name: 'Regenerate link' }).click();
    await owner.getByText('Link Regenerated', { exact: true }).waitFor();
    await expect.poll(() => manage.getByRole('textbox', { name: 'Invite Link' }).inputValue()).not.toBe(teamLink);
    const oldToken = new URL(teamLink).searchParams.get('token')!;
    expect((await guest.request.get(`/api/teams/invite-info?token=${encodeURIComponent(oldToken)}`)).status()).toBe(404);
    await owner.keyboard.press('Escape');
    await manage.waitFor({ state: 'hidden' });

    // The owner removes the guest from the project invite dialog, after a confirm; the guest loses the project.
    await owner.getByRole('button', { name: 'Invite to project' }).click();
    const invite = owner.getByRole('dialog', { name: 'Invite to Project' });
    await invite.getByRole('list', { name: 'Project guests' }).getByText('Gita Guest').waitFor();
    await invite.getByRole('button', { name: 'Remove Gita Guest' }).click();
    await owner.getByRole('dialog', { name: 'Remove guest?' }).getByRole('button', { name: 'Remove Guest' }).click();
    await owner.getByText('Guest Removed', { exact: true }).waitFor();
    await invite.getByText('No guests', { exact: false }).waitFor();
    expect(await (await guest.request.get('/api/projects/user')).json()).toEqual([]);
    expect((await guest.request.post('/api/projects/join', { data: { token: projectLink.split('/').pop() } })).status()).toBe(404);
    for (const context of [ownerContext, memberContext, guestContext]) await context.close();
  });
});
