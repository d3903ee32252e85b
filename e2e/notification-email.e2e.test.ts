import { describe, expect, it } from 'vitest';
import { newContext, seriousAxeFindings, signUpByApi, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

describe('notification e-mail settings', () => {
  it('[e2e-email-settings] on a 390 px phone: two radio groups, saved with feedback, kept after a reload', async () => {
    const context = await newContext(env.browser(), env.app().url, { bypassCSP: true, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await signUpByApi(context, 'Grace', 'Hopper');
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'E-mail notifications', exact: true });
    const mentions = card.getByRole('group', { name: 'When someone mentions you' });
    const other = card.getByRole('group', { name: /^Everything else/ });
    // The defaults: mentions at once, the rest in the daily digest.
    await mentions.getByRole('radio', { name: /At once/ }).waitFor();
    expect(await mentions.getByRole('radio', { name: /At once/ }).isChecked()).toBe(true);
    expect(await other.getByRole('radio', { name: /Daily digest/ }).isChecked()).toBe(true);
    const save = card.getByRole('button', { name: 'Save e-mail settings' });
    expect(await save.isDisabled()).toBe(true);

    await mentions.getByRole('radio', { name: /Daily digest/ }).tap();
    // Keyboard: arrows move within the group.
    await other.getByRole('radio', { name: /Daily digest/ }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await other.getByRole('radio', { name: /At once/ }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await other.getByRole('radio', { name: /Off/ }).isChecked()).toBe(true);

    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/me/notification-settings') && r.request().method() === 'PUT');
    await save.tap();
    expect((await saved).status()).toBe(200);
    await page.getByText('E-mail settings saved').first().waitFor();
    expect(await save.isDisabled()).toBe(true);
    expect(await seriousAxeFindings(page, 'main')).toEqual([]);

    await page.reload();
    await mentions.getByRole('radio', { name: /Daily digest/ }).waitFor();
    expect(await mentions.getByRole('radio', { name: /Daily digest/ }).isChecked()).toBe(true);
    expect(await other.getByRole('radio', { name: /Off/ }).isChecked()).toBe(true);
    await context.close();
  });
});
