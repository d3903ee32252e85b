import type { Page } from 'playwright-core';

/**
 * Dates and plans the workload, capacity, over-allocation and leveling e2e files share. Every date is UTC, as the
 * e2e server and browser run.
 */

const DAY_MS = 86_400_000;
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Monday of this week (today or up to 6 days back) plus `weeks` weeks. */
export function monday(weeks = 0): Date {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const weekday = (new Date(today).getUTCDay() + 6) % 7;
  return new Date(today - weekday * DAY_MS + weeks * 7 * DAY_MS);
}

/** `date` plus `plusDays` days as 'yyyy-MM-dd'. */
export const iso = (date: Date, plusDays = 0): string => new Date(date.getTime() + plusDays * DAY_MS).toISOString().slice(0, 10);

/** This week's Monday plus `n` days, 'yyyy-MM-dd': Monday to Friday (0-4) are working days of the default range. */
export const weekDay = (n: number): string => iso(monday(0), n);

/** The workload view's title of the week column starting on `date` ("Week of 3 Mar"). */
export const weekTitle = (date: Date): string => `Week of ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;

/** The workload view's title of the day column `date` ("Mon 2 Mar"). */
export const dayTitle = (date: Date): string =>
  `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;

/** The signed-in person's id. */
export async function myId(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/auth/user')).json()) as { id: string }).id;
}

/** Creates a task through the API as the page's person; throws with the answer when it is not created. */
export async function createTask(
  page: Page,
  task: { projectId: string; name: string; startDate: string; endDate: string; assigneeIds?: string[] },
): Promise<{ id: string }> {
  const res = await page.request.post('/api/tasks', { data: task });
  if (res.status() !== 201) throw new Error(`task not created: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: string };
}

/**
 * The page's person's team and project with Weld and Paint both theirs on this week's Monday and Tuesday: 200%
 * on those days. `ids` are Weld's and Paint's.
 */
export async function overbookedProject(page: Page, names = { team: 'Yard', project: 'Hull' }) {
  const me = await myId(page);
  const team = (await (await page.request.post('/api/teams', { data: { name: names.team } })).json()) as { id: string };
  const project = (await (await page.request.post('/api/projects', { data: { name: names.project, teamId: team.id } })).json()) as { id: string };
  const ids: string[] = [];
  for (const name of ['Weld', 'Paint']) {
    ids.push((await createTask(page, { projectId: project.id, name, startDate: weekDay(0), endDate: weekDay(1), assigneeIds: [me] })).id);
  }
  return { me, teamId: team.id, projectId: project.id, ids: ids as [string, string] };
}
