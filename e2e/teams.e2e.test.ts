import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, useAppAndBrowser } from './harness.js';

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
});
