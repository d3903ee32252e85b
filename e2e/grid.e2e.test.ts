import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chartSynced, dayFromToday, newContext, newTouchContext, seriousAxeFindings, signUpByApi, teamWithTeammate, useAppAndBrowser } from './harness.js';

const env = useAppAndBrowser();

// This week's Monday, so every date below falls on a known weekday.
const mondayOffset = -((new Date(`${dayFromToday(0)}T00:00:00Z`).getUTCDay() + 6) % 7);
/** Monday + n days. */
const day = (n: number) => dayFromToday(mondayOffset + n);

const cell = (page: Page, taskId: string, column: string) => page.locator(`[data-grid-cell="${taskId}|${column}"]`);
const editor = (page: Page) => page.locator('[data-grid-editor]');

/** Shows these columns through the toolbar's Columns menu (on a phone, behind More). */
async function showColumns(page: Page, names: string[]) {
  const more = page.getByRole('button', { name: 'More chart tools' });
  if (await more.isVisible()) await more.click();
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  for (const name of names) await page.getByRole('menuitemcheckbox', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** Types into a cell as a person does: a click on it, then the text (its first character starts the editing). */
async function typeInto(page: Page, taskId: string, column: string, text: string) {
  await cell(page, taskId, column).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-grid-cell') ?? null)).toBe(`${taskId}|${column}`);
  await page.keyboard.type(text);
  expect(await editor(page).inputValue()).toBe(text);
  await page.keyboard.press('Enter');
}

/** A team of one with a project in it. */
async function ownProject(page: Page, name: string): Promise<{ id: string }> {
  const team = await (await page.request.post('/api/teams', { data: { name: `${name} team` } })).json();
  return (await page.request.post('/api/projects', { data: { name, teamId: team.id } })).json();
}

async function plan(a: Page, projectId: string) {
  const create = async (name: string, start: number, end: number) =>
    (await (await a.request.post('/api/tasks', { data: { projectId, name, startDate: day(start), endDate: day(end) } })).json()) as { id: string };
  const survey = await create('Survey', 0, 1);
  const design = await create('Design', 2, 3);
  const build = await create('Build', 0, 0);
  expect((await a.request.post(`/api/tasks/${design.id}/dependencies`, { data: { dependsOnTaskId: survey.id } })).status()).toBe(201);
  return { survey, design, build };
}

describe('the task grid, typed into like a spreadsheet (issue 39)', () => {
  it('[e2e-grid] a start moves its successor, 5d moves the finish through the weekend, 2FS+1d links, a refusal stays in the cell, one Ctrl+Z undoes one commit; a teammate sees it all and the cell being typed in', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url);
    const a = await signUpByApi(contextA, 'Ada', 'Planner');
    const b = await signUpByApi(contextB, 'Bea', 'Builder');
    const { projectId } = await teamWithTeammate(a, b, 'Works', 'Quay');
    const { survey, design, build } = await plan(a, projectId);
    for (const page of [a, b]) {
      await page.goto('/');
      await page.locator(`[data-task-bar="${build.id}"]`).waitFor();
      await chartSynced(page);
      await showColumns(page, ['Start', 'Finish', 'Duration', 'Predecessors']);
    }
    await expect.poll(() => cell(b, design.id, 'predecessors').textContent()).toBe('1');

    // A new start moves Survey (two working days, Tue–Wed), and Design after it by the cascade.
    await typeInto(a, survey.id, 'start', day(1));
    await expect.poll(() => cell(a, survey.id, 'finish').textContent()).toBe(day(2));
    await expect.poll(() => cell(b, design.id, 'start').textContent()).toBe(day(3));

    // 5d: Design from Thursday over the weekend to next Wednesday.
    await typeInto(a, design.id, 'duration', '5d');
    await expect.poll(() => cell(a, design.id, 'duration').textContent()).toBe('5d');
    await expect.poll(() => cell(b, design.id, 'finish').textContent()).toBe(day(9));

    // Build after Design (row 2), a working day later: the link appears in the other browser.
    await typeInto(a, build.id, 'predecessors', '2FS+1d');
    await b.locator(`[data-dependency="${build.id}->${design.id}"]`).waitFor();
    await expect.poll(() => cell(b, build.id, 'predecessors').textContent()).toBe('2FS+1d');
    await expect.poll(() => cell(b, build.id, 'start').textContent()).toBe(day(11));

    // Survey after Build would close a loop: refused in the cell, with the reason, the text kept.
    await typeInto(a, survey.id, 'predecessors', '3');
    expect(await editor(a).getAttribute('aria-invalid')).toBe('true');
    expect(await editor(a).inputValue()).toBe('3');
    const reason = a.locator(`#${await editor(a).getAttribute('aria-describedby')}`);
    expect(await reason.textContent()).toMatch(/Row 3 would make a cycle/);
    await a.keyboard.press('Escape');
    await editor(a).waitFor({ state: 'detached' });
    expect(await cell(a, survey.id, 'predecessors').textContent()).toBe('');

    // One Ctrl+Z takes back the last commit (the link and the move it caused), not the duration before it.
    await cell(a, build.id, 'duration').click();
    await a.keyboard.press('Control+z');
    await b.locator(`[data-dependency="${build.id}->${design.id}"]`).waitFor({ state: 'detached' });
    await expect.poll(() => cell(b, build.id, 'start').textContent()).toBe(day(0));
    expect(await cell(b, design.id, 'finish').textContent()).toBe(day(9));

    // Bea types in Survey's start: Ada sees the cell in Bea's colour, with her name, until she is done.
    await cell(b, survey.id, 'start').click();
    await b.keyboard.press('F2');
    await editor(b).waitFor();
    const mark = cell(a, survey.id, 'start').locator('[data-cell-editor]');
    await expect.poll(() => mark.textContent()).toMatch(/Bea/);
    await b.keyboard.press('Escape');
    await mark.waitFor({ state: 'detached' });

    await Promise.all([contextA.close(), contextB.close()]);
  });

  it('[e2e-grid-keyboard] Tab into the grid, arrows, Enter, type, Enter: every step from the keyboard; axe finds nothing serious', async () => {
    const context = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const page = await signUpByApi(context, 'Kay', 'Keys');
    const project = await ownProject(page, 'Keys');
    const create = async (name: string, start: number) =>
      (await (await page.request.post('/api/tasks', { data: { projectId: project.id, name, startDate: day(start), endDate: day(start + 1) } })).json()) as { id: string };
    const first = await create('First', 0);
    const second = await create('Second', 2);
    await page.goto('/');
    await page.locator(`[data-task-bar="${second.id}"]`).waitFor();
    await chartSynced(page);
    await showColumns(page, ['Start', 'Status']);

    // From the toolbar, Tab reaches the grid's one tab stop: the first row's first cell.
    await page.getByRole('button', { name: 'Columns', exact: true }).focus();
    const focusedCell = () => page.evaluate(() => document.activeElement?.getAttribute('data-grid-cell') ?? null);
    for (let i = 0; i < 40 && !(await focusedCell()); i++) await page.keyboard.press('Tab');
    expect(await focusedCell()).toBe(`${first.id}|name`);

    // Down to Second, right to its start, Enter edits it keeping the value; a new date, Enter commits and moves down.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    expect(await focusedCell()).toBe(`${second.id}|start`);
    await page.keyboard.press('Enter');
    expect(await editor(page).inputValue()).toBe(day(2));
    await page.keyboard.press('Control+a');
    await page.keyboard.type(day(7));
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await (await page.request.get(`/api/tasks/${second.id}`)).json()).startDate).toBe(day(7));

    // Typing a character edits with it; Tab commits and moves right; Space cycles the status.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedCell()).toBe(`${first.id}|name`);
    await page.keyboard.type('Kickoff');
    await page.keyboard.press('Tab');
    expect(await focusedCell()).toBe(`${first.id}|start`);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press(' ');
    await expect.poll(() => cell(page, first.id, 'status').textContent()).toBe('In Progress');
    await expect.poll(async () => (await (await page.request.get(`/api/tasks/${first.id}`)).json()).name).toBe('Kickoff');

    // Up from the first row is the column's header: Shift+Right widens the column, Alt+Right moves it, Down returns.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    const focusedHeader = () => page.evaluate(() => document.activeElement?.getAttribute('data-grid-column') ?? null);
    expect(await focusedHeader()).toBe('start');
    const startHeader = page.locator('[data-grid-column="start"]');
    const width = (await startHeader.boundingBox())!.width;
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(async () => (await startHeader.boundingBox())!.width).toBe(width + 10);
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => page.locator('[data-grid-column]').evaluateAll((els) => els.map((el) => el.getAttribute('data-grid-column')))).toEqual(['name', 'status', 'start']);
    expect(await focusedHeader()).toBe('start');
    await page.keyboard.press('ArrowDown');
    expect(await focusedCell()).toBe(`${first.id}|start`);

    // The ARIA (tree) grid: rows and cells numbered, one tab stop, and nothing serious for axe.
    const grid = page.getByRole('treegrid', { name: 'Tasks' });
    expect(await grid.getAttribute('aria-colcount')).toBe('5');
    expect(await page.locator('[role=treegrid] [data-grid-cell][tabindex="0"]').count()).toBe(1);
    expect(await seriousAxeFindings(page, '[data-timeline-scroll]')).toEqual([]);
    await context.close();
  });

  it('[e2e-grid-phone] at 390 px the list shows the name and one chosen column; the rest scroll sideways', async () => {
    const desktop = await newContext(env.browser(), env.app().url);
    const owner = await signUpByApi(desktop, 'Pia', 'Phone');
    const project = await ownProject(owner, 'Pocket');
    const task = (await (await owner.request.post('/api/tasks', { data: { projectId: project.id, name: 'Pour', startDate: day(0), endDate: day(2) } })).json()) as { id: string };
    const phoneContext = await newTouchContext(env.browser(), env.app().url, { width: 390, height: 844 }, await desktop.storageState());
    const phone = await phoneContext.newPage();
    await phone.goto('/');
    await phone.locator(`[data-task-bar="${task.id}"]`).waitFor();
    await chartSynced(phone);
    await showColumns(phone, ['Start', 'Finish', 'Duration']);
    await phone.getByLabel('Column shown beside the name').selectOption('duration');

    const scroller = phone.locator('[data-timeline-scroll]');
    const list = (await phone.locator('[data-grid-header-strip]').boundingBox())!;
    const inList = async (column: string) => {
      const box = (await cell(phone, task.id, column).boundingBox())!;
      // The list's 1 px right border is inside its width.
      return box.x >= 0 && box.x + box.width <= list.x + list.width + 1.5;
    };
    expect(await inList('name')).toBe(true);
    expect(await inList('duration')).toBe(true);
    expect(await inList('finish')).toBe(false);
    expect(await cell(phone, task.id, 'duration').textContent()).toBe('3d');
    // The chart keeps room for the bars.
    expect(list.x + list.width).toBeLessThan((await scroller.boundingBox())!.width);

    // A swipe along the headers scrolls the other columns into the list.
    await phone.locator('[data-grid-header-strip]').evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await expect.poll(() => inList('finish')).toBe(true);
    expect(await inList('name')).toBe(true);
    await Promise.all([desktop.close(), phoneContext.close()]);
  });
});
