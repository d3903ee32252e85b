import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signUpByApi, useAppAndBrowser } from './harness.js';

// No STRIPE_SECRET_KEY: checkout goes through the local test-mode page.
const env = useAppAndBrowser();

/** A new person joins the team through its invite link, by API. */
async function joinByApi(browser: Browser, url: string, token: string, firstName: string): Promise<void> {
  const context = await newContext(browser, url);
  const page = await signUpByApi(context, firstName, 'Crew');
  const res = await page.request.post('/api/teams/join', { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
  await context.close();
}

describe('plans and billing', () => {
  it('[e2e-billing] the owner of a trial team pays on the local checkout, the badge reads PRO, a sixth member is refused, then Enterprise', async () => {
    const ownerContext = await newContext(env.browser(), env.app().url);
    const owner = await signUpByApi(ownerContext, 'Olga', 'Owner');
    const team = await (await owner.request.post('/api/teams', { data: { name: 'Orbital' } })).json();
    expect(team.subscriptionStatus).toBe('trial');

    // A second tab, left open on the upgrade page, follows the payment live.
    const otherTab = await ownerContext.newPage();
    await otherTab.goto(`/upgrade?teamId=${team.id}`);
    await otherTab.getByRole('button', { name: 'Upgrade Now' }).waitFor();
    await otherTab.getByText('Team Orbital: Pro trial · 7 days left', { exact: true }).waitFor();

    // Profile → Upgrade Plan → /upgrade names the one team the owner has.
    await owner.goto('/profile');
    await owner.getByRole('button', { name: 'Upgrade Plan' }).click();
    await owner.getByRole('heading', { name: 'Upgrade Orbital to Pro' }).waitFor();
    expect(new URL(owner.url()).searchParams.get('teamId')).toBe(team.id);
    await owner.getByText('Can I cancel anytime?').waitFor();

    // Upgrade Now → the test-mode checkout page.
    await owner.getByRole('button', { name: 'Upgrade Now' }).click();
    await owner.waitForURL((url) => url.pathname.startsWith('/checkout/test/'));
    await owner.getByRole('note', { name: 'Test mode' }).getByText('No real card is charged', { exact: false }).waitFor();
    await owner.getByRole('heading', { name: 'Planline Pro' }).waitFor();
    await owner.getByText('Orbital', { exact: true }).waitFor();

    // Pay → /upgrade/success → Welcome to Pro! with the team, and the badge reads PRO.
    await owner.getByRole('button', { name: 'Pay $15.00' }).click();
    await owner.waitForURL((url) => url.pathname === '/upgrade/success');
    expect(new URL(owner.url()).searchParams.get('teamId')).toBe(team.id);
    await owner.getByRole('heading', { name: 'Welcome to Pro!' }).waitFor();
    await owner.getByText('is now on the Pro plan', { exact: false }).waitFor();
    await owner.getByText('Team Orbital: Pro', { exact: true }).waitFor();

    // The other tab changed without a reload: the badge, and the page now says the team has Pro.
    await otherTab.getByText('Team Orbital: Pro', { exact: true }).waitFor();
    await otherTab.getByRole('heading', { name: 'Already on Pro' }).waitFor();

    // Pro holds 5 people with the owner: four join, the sixth is refused on the invite page.
    const { inviteLink } = await (await owner.request.get(`/api/teams/${team.id}/invite-link`)).json();
    const invite = new URL(inviteLink);
    const token = invite.searchParams.get('token')!;
    for (const name of ['Mina', 'Nils', 'Oona', 'Pavel']) await joinByApi(env.browser(), env.app().url, token, name);
    expect((await (await owner.request.get(`/api/teams/${team.id}`)).json()).memberCount).toBe(5);

    const sixthContext = await newContext(env.browser(), env.app().url);
    const sixth = await signUpByApi(sixthContext, 'Sixten', 'Late');
    await sixth.goto(`${invite.pathname}${invite.search}`);
    await sixth.getByRole('heading', { name: "You're Invited!" }).waitFor();
    await sixth.getByRole('button', { name: 'Join Team' }).click();
    await sixth.getByRole('heading', { name: 'Team Upgrade Needed' }).waitFor();
    await sixth.getByText('Orbital is full.', { exact: true }).waitFor();
    expect((await (await owner.request.get(`/api/teams/${team.id}`)).json()).memberCount).toBe(5);

    // Already on Pro → the Enterprise plan: the Pro subscription is changed in place, with no second checkout.
    await owner.goto(`/upgrade?teamId=${team.id}`);
    await owner.getByRole('heading', { name: 'Already on Pro' }).waitFor();
    await owner.getByRole('link', { name: 'See the Enterprise plan' }).click();
    await owner.waitForURL((url) => url.pathname === '/payment' && url.searchParams.get('plan') === 'enterprise');
    await owner.getByText('Its Pro subscription changes to Enterprise right away', { exact: false }).waitFor();
    await owner.getByRole('button', { name: 'Subscribe' }).click();
    await owner.waitForURL((url) => url.pathname === '/upgrade/success' && url.searchParams.get('plan') === 'enterprise');
    await owner.getByRole('heading', { name: 'Welcome to Enterprise!' }).waitFor();
    await owner.getByText('is now on the Enterprise plan', { exact: false }).waitFor();
    const upgraded = await (await owner.request.get(`/api/teams/${team.id}`)).json();
    expect(upgraded).toMatchObject({ subscriptionPlan: 'enterprise', subscriptionStatus: 'active' });

    await sixthContext.close();
    await ownerContext.close();
  });

  it('[e2e-billing] a visitor picks Enterprise, registers, names a team, and cancelling checkout brings them back', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await context.newPage();
    await page.goto('/payment?plan=enterprise');
    await page.getByRole('heading', { name: 'Enterprise Plan' }).waitFor();
    await page.getByText('Document sync', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Subscribe' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('plan') === 'enterprise');
    await page.getByText('Selected: Enterprise Plan ($25/month)').waitFor();

    await page.getByLabel('First Name').fill('Vera');
    await page.getByLabel('Last Name').fill('Visitor');
    await page.getByLabel('Email').fill(`vera.${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
    await page.getByLabel('Confirm Password').fill('long-enough-1');
    await page.getByRole('button', { name: 'Create Account' }).click();

    // Back on /payment signed in, with no team of her own: she names one, and checkout follows.
    await page.waitForURL((url) => url.pathname === '/payment' && url.searchParams.get('plan') === 'enterprise');
    await page.getByRole('heading', { name: 'Name your team' }).waitFor();
    await page.getByRole('button', { name: 'Create team and continue' }).click();
    await page.getByText('Team name is required', { exact: true }).waitFor();
    await page.getByLabel('Team Name').fill('Vista');
    await page.getByRole('button', { name: 'Create team and continue' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/test/'));
    await page.getByRole('heading', { name: 'Planline Enterprise' }).waitFor();
    await page.getByRole('button', { name: 'Pay $25.00' }).waitFor();

    // Cancel returns to the page checkout started from; nothing was bought.
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await page.waitForURL((url) => url.pathname === '/payment' && url.searchParams.get('plan') === 'enterprise');
    await page.getByText('For your team', { exact: false }).waitFor();
    await page.getByText('Team Vista: Pro trial · 7 days left', { exact: true }).waitFor();
    await context.close();
  });
});
