import { describe, expect, it } from 'vitest';
import { chartSynced, dayFromToday, newContext, seriousAxeFindings, signUpByApi, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

const rows = (page: import('playwright-core').Page) => page.locator('[data-task-row]');

describe('project templates in the browser', () => {
  it('[e2e-templates] save a project as a template, find it in the gallery by keyboard, and start a new project from it', async () => {
    const context = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const page = await signUpByApi(context, 'Tess', 'Template');
    const team = await (await page.request.post('/api/teams', { data: { name: 'Harbour Works' } })).json();
    const project = await (await page.request.post('/api/projects', { data: { name: 'Harbour', teamId: team.id } })).json();
    const create = async (data: Record<string, unknown>) =>
      (await (await page.request.post('/api/tasks', { data: { projectId: project.id, startDate: dayFromToday(0), endDate: dayFromToday(2), ...data } })).json()) as { id: string };
    const phase = await create({ name: 'Groundwork' });
    const survey = await create({ name: 'Survey', parentId: phase.id });
    const dig = await create({ name: 'Dig', parentId: phase.id });
    const opened = await create({ name: 'Opened', kind: 'milestone', startDate: dayFromToday(5), endDate: dayFromToday(5) });
    await page.request.post(`/api/tasks/${dig.id}/dependencies`, { data: { dependsOnTaskId: survey.id, type: 'FS', lagDays: 1 } });
    await page.request.post(`/api/tasks/${opened.id}/dependencies`, { data: { dependsOnTaskId: dig.id } });

    await page.goto('/');
    await rows(page).nth(3).waitFor();
    await chartSynced(page);

    // Save as template from the project's header: a blank name is refused in the dialog; a good one is saved.
    await page.getByRole('button', { name: 'Save as template' }).click();
    const save = page.getByRole('dialog', { name: 'Save as template' });
    await save.getByLabel('Template name').fill(' ');
    await save.getByRole('button', { name: 'Save Template' }).click();
    await save.getByText('Template name is required').waitFor();
    await save.getByLabel('Template name').fill('Harbour plan');
    await save.getByLabel('Category').fill('Construction');
    await save.getByLabel(/^Public/).check();
    await save.getByRole('button', { name: 'Save Template' }).click();
    await save.waitFor({ state: 'detached' });
    await page.getByText('Template saved', { exact: true }).waitFor();

    // New Project → From a template: the gallery by category, the built-ins beside the team's own.
    await page.getByRole('button', { name: 'New Project' }).click();
    await page.getByRole('dialog', { name: 'Create New Project' }).getByRole('button', { name: 'From a template' }).click();
    const gallery = page.getByRole('dialog', { name: 'New project from a template' });
    await gallery.getByRole('button', { name: /^Harbour plan/ }).filter({ hasText: 'Construction · Harbour Works · public' }).waitFor();
    for (const builtIn of ['Software release', 'Website launch', 'Event', 'Marketing campaign']) await gallery.getByRole('button', { name: new RegExp(`^${builtIn}`) }).waitFor();
    expect(await seriousAxeFindings(page, '[role="dialog"]')).toEqual([]);

    // One grid for every category: at 1280 px several cards share a row (each category here holds one template), on
    // a phone each card has its row and fits the screen; axe finds nothing serious either way.
    const cards = gallery.getByRole('list', { name: 'Templates' }).locator(':scope > li');
    const boxes = () => cards.evaluateAll((items) => items.map((li) => ({ top: Math.round(li.getBoundingClientRect().top), right: li.getBoundingClientRect().right })));
    const mostInARow = async () => {
      const tops = (await boxes()).map((b) => b.top);
      return Math.max(...tops.map((top) => tops.filter((t) => t === top).length));
    };
    expect(await cards.count()).toBe(5);
    expect(await mostInARow()).toBeGreaterThanOrEqual(3);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(mostInARow).toBe(1);
    expect(Math.max(...(await boxes()).map((b) => b.right))).toBeLessThanOrEqual(390);
    expect(await seriousAxeFindings(page, '[role="dialog"]')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(mostInARow).toBeGreaterThanOrEqual(3);

    // The filter: nothing matches, then only ours; chosen with the keyboard.
    const filter = gallery.getByRole('searchbox', { name: 'Filter templates' });
    await filter.fill('zeppelin');
    await gallery.getByRole('status').filter({ hasText: 'No template matches «zeppelin»' }).waitFor();
    await filter.fill('harbour');
    const card = gallery.getByRole('button', { name: /^Harbour plan/ });
    await expect.poll(() => gallery.locator('button[aria-pressed]').count()).toBe(1);
    expect(await card.textContent()).toContain('2 tasks · 1 phase · 1 milestone');
    await filter.press('Tab');
    await expect.poll(() => card.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await card.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => gallery.getByLabel('Project Name').inputValue()).toBe('Harbour plan');
    await gallery.getByLabel('Project Name').fill('Harbour two');
    await gallery.getByLabel('Start date').fill(dayFromToday(1));
    await gallery.getByRole('button', { name: 'Create Project' }).click();
    await gallery.waitFor({ state: 'detached' });
    await page.getByText('Project created', { exact: true }).waitFor();

    // The new project is the one in view, with the template's four tasks, its phase and its milestone.
    await page.getByRole('heading', { name: 'Harbour two' }).waitFor();
    await chartSynced(page);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(4);
    for (const name of ['Groundwork', 'Survey', 'Dig', 'Opened']) await rows(page).filter({ hasText: name }).first().waitFor();
    await context.close();
  });
});
