import { describe, expect, it } from 'vitest';
import { newContext, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

describe('the help centre', () => {
  it('[e2e-support] a signed-out visitor files a ticket with a priority and a category', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await context.newPage();
    await page.goto('/help-center');
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await page.getByText('Name is required').first().waitFor();

    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Subject').fill('Export looks wrong');
    await page.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'High' }).click();
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Bug' }).click();
    await page.getByLabel('Message').fill('The PDF cuts off the last column.');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/support/ticket') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    const response = await sent;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ priority: 'high', category: 'bug', subject: 'Export looks wrong' });
    await page.getByText('Support Request Sent', { exact: true }).waitFor();
    expect(await page.getByLabel('Subject').inputValue()).toBe('');
    await context.close();
  });
});
