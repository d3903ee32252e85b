import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chartSynced, dayFromToday, newContext, signUpByApi, useAppAndBrowser } from './harness.js';

// Issue 33 item 9: the small things a person trips on in a week with the chart.
const env = useAppAndBrowser();

interface StoredTask {
  id: string;
  name: string;
  order: number;
  parentId: string | null;
}

async function storedTasks(page: Page, projectId: string): Promise<StoredTask[]> {
  const tasks: StoredTask[] = await (await page.request.get(`/api/projects/${projectId}/tasks`)).json();
  return tasks.sort((a, b) => a.order - b.order);
}

/** A signed-up person with a team (on its trial), a project in it holding `names` (one day each), and the chart open. */
async function chartWith(names: string[]) {
  const context = await newContext(env.browser(), env.app().url);
  const page = await signUpByApi(context, 'Tess', 'Tripper');
  const team = await (await page.request.post('/api/teams', { data: { name: 'Acme' } })).json();
  const project = await (await page.request.post('/api/projects', { data: { name: 'Website', teamId: team.id } })).json();
  const tasks: StoredTask[] = [];
  for (const [i, name] of names.entries()) {
    const data = { projectId: project.id, name, startDate: dayFromToday(i % 5), endDate: dayFromToday((i % 5) + 1) };
    tasks.push(await (await page.request.post('/api/tasks', { data })).json());
  }
  await page.goto('/');
  await page.getByRole('heading', { name: 'Project Timeline' }).waitFor();
  if (tasks.length) await page.locator(`[data-task-row="${tasks[0]!.id}"]`).waitFor();
  await chartSynced(page);
  return { context, page, projectId: project.id as string, tasks };
}

const rowButton = (page: Page, id: string) => page.locator(`[data-task-row="${id}"]`).getByRole('button', { name: /^(?!Subtasks of)/ }).first();

describe('small things a person trips on', () => {
  it('[e2e-signup] the sign-up form says nothing about an existing account until the server does, then says it at the email', async () => {
    const context = await newContext(env.browser(), env.app().url);
    const page = await context.newPage();
    const taken = await signUpByApi(await newContext(env.browser(), env.app().url), 'Early', 'Bird');
    const takenEmail = (await (await taken.request.get('/api/auth/user')).json()).email as string;

    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByText(/already exists/i).count()).toBe(0);

    await page.getByLabel('First Name').fill('Second');
    await page.getByLabel('Last Name').fill('Bird');
    await page.getByLabel('Email').fill(takenEmail);
    await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
    await page.getByLabel('Confirm Password').fill('long-enough-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    const described = await page.getByLabel('Email').evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
    );
    expect(described).toContain('A user already exists with this email address. Sign in instead.');
    await context.close();
  });

  it('[e2e-plan-label] the navigation says whose plan: the team in view, on its trial; the search box says it searches projects', async () => {
    const { context, page } = await chartWith([]);
    await page.getByText('Team Acme: Pro trial · 7 days left', { exact: true }).waitFor();
    expect(await page.getByText('Your plan: Free', { exact: true }).count()).toBe(0);
    const search = page.getByRole('searchbox', { name: 'Search projects' });
    expect(await search.getAttribute('placeholder')).toBe('Search projects...');
    await context.close();
  });

  it('[e2e-paste-rows] three spreadsheet rows pasted into the task name make three tasks, after "Create 3 tasks?"', async () => {
    const { context, page, projectId } = await chartWith(['Kick-off']);
    const quickAdd = page.getByRole('form', { name: 'Quick Add Task' });
    const name = quickAdd.getByLabel('Task name');
    const paste = (text: string) =>
      name.evaluate((input, text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, text);

    // One row: its first cell is the name, without the tabs.
    await paste('Wireframes\tAna\t3d');
    expect(await name.inputValue()).toBe('Wireframes');
    await name.fill('');

    await paste(' Sitemap draft \tAna\t2026-12-07\r\nContent plan\tBen\t2026-12-14\r\n\r\nLaunch review\tCy\t2026-12-21\r\n');
    const dialog = page.getByRole('dialog', { name: 'Create 3 tasks?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual(['Sitemap draft', 'Content plan', 'Launch review']);
    await dialog.getByRole('button', { name: 'Create 3 tasks' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await storedTasks(page, projectId)).map((t) => t.name), { timeout: 5000 }).toEqual([
      'Kick-off',
      'Sitemap draft',
      'Content plan',
      'Launch review',
    ]);
    expect(await name.inputValue()).toBe('');

    // The server says the same for a name sent with tabs in it.
    const refused = await page.request.post('/api/tasks', { data: { projectId, name: 'A\tB\nC', startDate: dayFromToday(0), endDate: dayFromToday(1) } });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toBe('Task name must be one line: remove tabs, line breaks and other control characters');
    await context.close();
  });

  it('[e2e-chart-find] Ctrl+F in the chart finds task names among rows not drawn and under a collapsed summary; Enter, Shift+Enter, Escape', async () => {
    const names = Array.from({ length: 60 }, (_, i) => `Step ${String(i + 1).padStart(2, '0')}`);
    const { context, page, projectId, tasks } = await chartWith([...names, 'Phase two', 'Hidden sitemap']);
    const byName = new Map(tasks.map((t) => [t.name, t.id]));
    // "Hidden sitemap" goes under "Phase two", which is then collapsed.
    await page.request.patch(`/api/tasks/${byName.get('Hidden sitemap')}`, { data: { parentId: byName.get('Phase two') } });
    const toggle = page.getByRole('button', { name: 'Subtasks of Phase two' });
    const scroller = page.locator('[data-timeline-scroll]');
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await toggle.click();
    await expect.poll(() => page.locator(`[data-task-row="${byName.get('Hidden sitemap')}"]`).count()).toBe(0);
    await scroller.evaluate((el) => (el.scrollTop = 0));

    // Ctrl+F from a focused row opens the chart's find, not the browser's.
    await rowButton(page, byName.get('Step 01')!).focus();
    await page.keyboard.press('Control+f');
    const field = page.getByRole('textbox', { name: 'Find a task by name' });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    const find = page.getByRole('search', { name: 'Find tasks' });
    const count = find.getByRole('status');

    // "step 5" matches Step 50 to Step 59, far below the rows first drawn: the first is scrolled into view and marked.
    expect(await page.locator(`[data-task-row="${byName.get('Step 50')}"]`).count()).toBe(0);
    await field.fill('step 5');
    await expect.poll(() => count.textContent()).toBe('1 of 10');
    const step50 = page.locator(`[data-task-row="${byName.get('Step 50')}"]`);
    await expect.poll(() => step50.getAttribute('data-find'), { timeout: 5000 }).toBe('current');
    const [box, view] = await Promise.all([step50.boundingBox(), scroller.boundingBox()]);
    expect(box!.y).toBeGreaterThanOrEqual(view!.y);
    expect(box!.y + box!.height).toBeLessThanOrEqual(view!.y + view!.height + 1);
    expect(await page.locator(`[data-task-row="${byName.get('Step 51')}"]`).getAttribute('data-find')).toBe('match');
    expect(await page.locator(`[data-task-row="${byName.get('Step 49')}"]`).getAttribute('data-find')).toBeNull();
    // Enter goes to the next, Shift+Enter back, and from the first round to the last.
    await field.press('Enter');
    await expect.poll(() => count.textContent()).toBe('2 of 10');
    await expect.poll(() => page.locator(`[data-task-row="${byName.get('Step 51')}"]`).getAttribute('data-find')).toBe('current');
    await field.press('Shift+Enter');
    await field.press('Shift+Enter');
    await expect.poll(() => count.textContent()).toBe('10 of 10');
    await expect.poll(() => page.locator(`[data-task-row="${byName.get('Step 59')}"]`).getAttribute('data-find'), { timeout: 5000 }).toBe('current');

    // A match under the collapsed summary opens it.
    await field.fill('SITEMAP');
    await expect.poll(() => count.textContent()).toBe('1 of 1');
    const hidden = page.locator(`[data-task-row="${byName.get('Hidden sitemap')}"]`);
    await expect.poll(() => hidden.getAttribute('data-find'), { timeout: 5000 }).toBe('current');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await field.fill('no such task');
    await expect.poll(() => count.textContent()).toBe('No matches');

    // Escape closes it, the marks go, and focus is back on the Find button.
    await field.press('Escape');
    await find.waitFor({ state: 'detached' });
    expect(await page.locator('[data-find]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Find task' }).evaluate((el) => el === document.activeElement)).toBe(true);
    // The project's tasks did not move.
    expect((await storedTasks(page, projectId)).length).toBe(62);
    await context.close();
  });

  it('[e2e-row-drag] a row dropped over the sticky header lands before the first row in view; a drag always ends, even when the window loses focus', async () => {
    const names = Array.from({ length: 30 }, (_, i) => `Row ${String(i + 1).padStart(2, '0')}`);
    const { context, page, projectId, tasks } = await chartWith(names);
    const scroller = page.locator('[data-timeline-scroll]');
    await scroller.scrollIntoViewIfNeeded();
    const header = (await page.locator('[data-header-view]').boundingBox())!;

    // The chart scrolled so that Row 01 and Row 02 are out of sight and Row 03 is half under the header.
    await scroller.evaluate((el) => (el.scrollTop = 44 * 2 + 22));
    const from = (await rowButton(page, tasks[9]!.id).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    const x = from.x + from.width / 2;
    // A first small move lifts the row (the pointer still over it), then on up to the header's middle.
    await page.mouse.move(x, from.y + from.height / 2 - 10);
    await page.locator('[data-row-drag="source"]').waitFor();
    for (let i = 1; i <= 8; i++) await page.mouse.move(x, from.y + from.height / 2 - 10 + ((header.y + header.height / 2 - from.y - from.height / 2 + 10) * i) / 8);
    // Over the header the rows scroll up to the top; the drop mark stays on a row in full view, never under the header.
    const markedRowTop = () =>
      page.evaluate(() => {
        const mark = document.querySelector('[data-row-drop]');
        return mark ? mark.closest('[data-task-row]')!.getBoundingClientRect().top : null;
      });
    for (let i = 0; i < 5; i++) {
      const top = await markedRowTop();
      expect(top).not.toBeNull();
      expect(top!).toBeGreaterThanOrEqual(header.y + header.height - 1);
    }
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(0);
    await page.mouse.up();
    // Row 10 went before the first row in view (Row 01, once the rows had scrolled up to the top).
    await expect.poll(async () => (await storedTasks(page, projectId)).map((t) => t.name).slice(0, 3), { timeout: 5000 }).toEqual(['Row 10', 'Row 01', 'Row 02']);
    expect(await page.locator('[data-row-drag]').count()).toBe(0);

    // A drag whose button is let go in another window (the page only loses focus) ends, and nothing moves.
    const before = (await storedTasks(page, projectId)).map((t) => t.name);
    const row5 = (await rowButton(page, tasks[4]!.id).boundingBox())!;
    await page.mouse.move(row5.x + row5.width / 2, row5.y + row5.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 4; i++) await page.mouse.move(row5.x + row5.width / 2, row5.y + row5.height / 2 + i * 20);
    await page.locator('[data-row-drag="source"]').waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await expect.poll(() => page.locator('[data-row-drag]').count()).toBe(0);
    expect(await page.locator('[data-row-drop]').count()).toBe(0);
    await page.mouse.up();
    expect((await storedTasks(page, projectId)).map((t) => t.name)).toEqual(before);
    await context.close();
  });
});
