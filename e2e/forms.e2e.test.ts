import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chartSynced, dayFromToday, newContext, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

/** Ana's project with one task, Ben on her team, both with the chart open and synced. */
async function anaAndBen() {
  const contexts = [await newContext(env.browser(), env.app().url), await newContext(env.browser(), env.app().url)] as const;
  const ana = await signUpByApi(contexts[0], 'Ana', 'Lead');
  const ben = await signUpByApi(contexts[1], 'Ben', 'Builder');
  const { projectId } = await teamWithTeammate(ana, ben, 'Shipyard', 'Hull');
  const task = (await (await ana.request.post('/api/tasks', { data: { projectId, name: 'Weld frame', startDate: dayFromToday(0), endDate: dayFromToday(5) } })).json()) as { id: string };
  for (const page of [ana, ben]) {
    await page.goto('/');
    await page.locator(`[data-task-bar="${task.id}"]`).waitFor();
    await chartSynced(page);
  }
  const stored = async () => (await (await ana.request.get(`/api/projects/${projectId}/tasks`)).json())[0] as { name: string; description: string | null };
  const details = async (page: Page) => {
    await page.locator(`[data-task-row="${task.id}"]`).getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Task Details' });
    await dialog.waitFor();
    return dialog;
  };
  const close = async () => {
    for (const context of contexts) await context.close();
  };
  return { ana, ben, projectId, task, stored, details, close };
}

describe('[form-merge] Task Details never overwrites a teammate', () => {
  it("Ben's open form takes Ana's rename live with her name, and his description-only save keeps it", async () => {
    const { ana, ben, stored, details, close } = await anaAndBen();
    const bens = await details(ben);

    // Ana renames the task in her Task Details; a successful save closes her dialog.
    const anas = await details(ana);
    await anas.getByLabel('Task name').fill('Weld the main frame');
    await anas.getByRole('button', { name: 'Save Changes' }).click();
    await ana.getByText('Task Updated', { exact: true }).waitFor();
    await expect.poll(() => ana.getByRole('dialog', { name: 'Task Details' }).count()).toBe(0);

    // Ben, who has not touched the name, sees Ana's name appear in place, and who gave it.
    await expect.poll(() => bens.getByLabel('Task name').inputValue()).toBe('Weld the main frame');
    await expect.poll(() => bens.locator('[data-teammate-change]').first().textContent()).toBe('Ana changed this to “Weld the main frame”.');

    await bens.getByLabel('Description').fill('Check the welds twice');
    await bens.getByRole('button', { name: 'Save Changes' }).click();
    await ben.getByText('Task Updated', { exact: true }).waitFor();
    await expect.poll(() => ben.getByRole('dialog', { name: 'Task Details' }).count()).toBe(0);
    expect(await stored()).toMatchObject({ name: 'Weld the main frame', description: 'Check the welds twice' });
    await close();
  });

  it('a name both changed is a conflict offering both values; Save waits for the choice', async () => {
    const { ana, ben, task, stored, details, close } = await anaAndBen();
    const bens = await details(ben);
    await bens.getByLabel('Task name').fill('Weld frame, Ben');

    expect((await ana.request.patch(`/api/tasks/${task.id}`, { data: { name: 'Weld frame, Ana' } })).status()).toBe(200);
    const conflict = bens.locator('[data-conflict]');
    await expect.poll(() => conflict.textContent(), { timeout: 5000 }).toContain('Ana changed this to “Weld frame, Ana” while you were editing it.');
    expect(await bens.getByLabel('Task name').inputValue()).toBe('Weld frame, Ben');

    // Saving before choosing writes nothing and says why; the dialog stays open.
    await bens.getByRole('button', { name: 'Save Changes' }).click();
    await bens.getByRole('alert').filter({ hasText: 'choose "Keep yours" or "Take theirs"' }).waitFor();
    expect((await stored()).name).toBe('Weld frame, Ana');

    await conflict.getByRole('button', { name: 'Keep yours' }).click();
    expect(await conflict.count()).toBe(0);
    await bens.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(async () => (await stored()).name).toBe('Weld frame, Ben');
    await expect.poll(() => ben.getByRole('dialog', { name: 'Task Details' }).count()).toBe(0);
    await close();
  });

  it("Take theirs puts the teammate's value in the field and sends nothing for it", async () => {
    const { ana, ben, task, stored, details, close } = await anaAndBen();
    const bens = await details(ben);
    await bens.getByLabel('Task name').fill('Weld frame, Ben');
    await bens.getByLabel('Progress (%)').fill('30');
    expect((await ana.request.patch(`/api/tasks/${task.id}`, { data: { name: 'Weld frame, Ana' } })).status()).toBe(200);
    await bens.locator('[data-conflict]').getByRole('button', { name: 'Take theirs' }).click();
    expect(await bens.getByLabel('Task name').inputValue()).toBe('Weld frame, Ana');
    await bens.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => ben.getByRole('dialog', { name: 'Task Details' }).count()).toBe(0);
    expect(await stored()).toMatchObject({ name: 'Weld frame, Ana', progress: 30 });
    await close();
  });

  it('[task-details] a failed save keeps the dialog open with the error', async () => {
    const { ben, task, details, close } = await anaAndBen();
    const bens = await details(ben);
    await ben.route(`**/api/tasks/${task.id}`, (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The server is restarting' }) }) : route.continue(),
    );
    await bens.getByLabel('Progress (%)').fill('40');
    await bens.getByRole('button', { name: 'Save Changes' }).click();
    await bens.getByRole('alert').filter({ hasText: 'The server is restarting' }).waitFor();
    expect(await ben.getByRole('dialog', { name: 'Task Details' }).count()).toBe(1);
    await close();
  });
});

describe("[form-merge] the header's project name never overwrites a teammate", () => {
  it("shows Ana's rename under Ben's open field, refuses his save with both names, and keeps his when he says so", async () => {
    const { ana, ben, projectId, close } = await anaAndBen();
    const storedName = async () => ((await (await ana.request.get('/api/projects/user')).json()) as { id: string; name: string }[]).find((p) => p.id === projectId)!.name;
    await ben.getByRole('heading', { level: 1 }).getByRole('button').click();
    const field = ben.getByLabel('Project name', { exact: true });
    await field.fill('Hull (Ben)');

    expect((await ana.request.patch(`/api/projects/${projectId}`, { data: { name: 'Hull, phase 1' } })).status()).toBe(200);
    await expect.poll(() => ben.locator('[data-teammate-change]').textContent(), { timeout: 5000 }).toBe('Ana changed this to “Hull, phase 1”.');

    await field.press('Enter');
    const conflict = ben.locator('[data-conflict]');
    await expect.poll(() => conflict.textContent(), { timeout: 5000 }).toContain('Ana changed this to “Hull, phase 1” while you were editing it. Yours: “Hull (Ben)”.');
    expect(await storedName()).toBe('Hull, phase 1');

    await conflict.getByRole('button', { name: 'Keep yours' }).click();
    await expect.poll(storedName).toBe('Hull (Ben)');
    await expect.poll(() => ana.getByRole('heading', { level: 1 }).textContent()).toContain('Hull (Ben)');
    expect(await conflict.count()).toBe(0);
    await close();
  });
});
