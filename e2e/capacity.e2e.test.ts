import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { iso, monday, newContext, signUpByApi, teamWithTeammate, useAppAndBrowser, weekTitle } from './harness.js';

const env = useAppAndBrowser();

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical findings on the page (the context bypasses the page's CSP for the script). */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const { axe } = globalThis as unknown as {
      axe: { run(context: string, options: object): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown[] }> }> }> };
    };
    const result = await axe.run('html', { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.map(String).join(' ')}`));
  });
}


describe('the Capacity dialog', () => {
  it('[capacity-dialog] a member edits their own capacity from their workload row, with the schema messages; the lead’s open view follows', async () => {
    const contextA = await newContext(env.browser(), env.app().url);
    const contextB = await newContext(env.browser(), env.app().url, { bypassCSP: true });
    const a = await signUpByApi(contextA, 'Cara', 'Lead');
    const b = await signUpByApi(contextB, 'Carl', 'Mate');
    const { teamId, projectId } = await teamWithTeammate(a, b, 'Capline', 'Dry dock');
    const carl = await (await b.request.get('/api/auth/user')).json();
    const week = monday(1);
    const created = await a.request.post('/api/tasks', {
      data: { projectId, name: 'Scrape hull', startDate: iso(week), endDate: iso(week, 4), assigneeIds: [carl.id] },
    });
    expect(created.status()).toBe(201);

    const cellIn = (page: typeof a) => page.getByRole('img', { name: new RegExp(`^Carl Mate, ${weekTitle(week)}:`) });
    await a.goto(`/workload?teamId=${teamId}`);
    await b.goto(`/workload?teamId=${teamId}`);
    await expect.poll(() => cellIn(b).textContent()).toBe('40h / 40h');
    await expect.poll(() => cellIn(a).textContent()).toBe('40h / 40h');
    // Only the viewer's own row offers it (a plain member may not change the lead's).
    expect(await b.getByRole('button', { name: 'Your capacity' }).count()).toBe(1);

    await b.getByRole('button', { name: 'Your capacity' }).click();
    const dialog = b.getByRole('dialog', { name: 'Your capacity' });
    const hours = dialog.getByLabel('Hours per day');
    await expect.poll(() => hours.inputValue()).toBe('8');
    expect(await dialog.getByLabel('Follow the project calendar').isChecked()).toBe(true);

    await hours.fill('30');
    await dialog.getByRole('button', { name: 'Add days off' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Hours per day must be a number from 0.5 to 24').waitFor();
    await dialog.getByText('The first day off is required').waitFor();
    expect(await hours.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(b)).toEqual([]);

    // Keyboard only from here: the hours, then the day off's dates and note.
    await hours.fill('4');
    await dialog.getByLabel('Day off 1: first day').fill(iso(week));
    await dialog.getByLabel('Day off 1: last day').fill(iso(week));
    await dialog.getByLabel('Day off 1: note').fill('Dentist');
    await dialog.getByLabel('Day off 1: note').press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // Four working days left at 4 h each: the task's load and the capacity both 16 h, here and in the lead's view.
    await expect.poll(() => cellIn(b).textContent(), { timeout: 5000 }).toBe('16h / 16h');
    await expect.poll(() => cellIn(a).textContent(), { timeout: 5000 }).toBe('16h / 16h');
    const stored = await (await b.request.get(`/api/teams/${teamId}/members/${carl.id}/capacity`)).json();
    expect(stored).toMatchObject({ hoursPerDay: 4, workingDays: null, daysOff: [{ from: iso(week), to: iso(week), note: 'Dentist' }] });

    // Reopened, the dialog shows what is stored; Cancel changes nothing.
    await b.getByRole('button', { name: 'Your capacity' }).click();
    await expect.poll(() => dialog.getByLabel('Hours per day').inputValue()).toBe('4');
    expect(await dialog.getByLabel('Day off 1: note').inputValue()).toBe('Dentist');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The owner edits Carl's from the team's member list: own weekdays instead of the project calendar.
    await a.goto('/');
    await a.getByRole('heading', { name: 'Project Timeline' }).waitFor();
    await a.getByRole('button', { name: 'Teams' }).click();
    const manage = a.getByRole('dialog', { name: 'Team Management' });
    await manage.getByRole('button', { name: 'Capacity of Carl Mate' }).click();
    const carls = a.getByRole('dialog', { name: 'Capacity of Carl Mate' });
    await expect.poll(() => carls.getByLabel('Hours per day').inputValue()).toBe('4');
    await carls.getByLabel('Follow the project calendar').uncheck();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await carls.getByRole('checkbox', { name: day, exact: true }).uncheck();
    await carls.getByRole('button', { name: 'Save' }).click();
    await carls.getByText('At least one weekday must be a working day').waitFor();
    await carls.getByRole('checkbox', { name: 'Tuesday', exact: true }).check();
    await carls.getByRole('checkbox', { name: 'Saturday', exact: true }).check();
    await carls.getByRole('button', { name: 'Save' }).click();
    await carls.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await (await a.request.get(`/api/teams/${teamId}/members/${carl.id}/capacity`)).json()).workingDays)
      .toEqual([2, 6]);

    // Carl, a plain member, is offered his own capacity in the list and not the owner's.
    await b.goto('/');
    await b.getByRole('heading', { name: 'Project Timeline' }).waitFor();
    await b.getByRole('button', { name: 'Teams' }).click();
    const carlsList = b.getByRole('dialog', { name: 'Team Management' });
    await carlsList.getByRole('button', { name: 'Capacity of Carl Mate' }).waitFor();
    expect(await carlsList.getByRole('button', { name: 'Capacity of Cara Lead' }).count()).toBe(0);

    await contextA.close();
    await contextB.close();
  });
});
