import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FirstScreenInput } from '@planline/domain/first-screen';
import { ready, renderFirstScreen } from './entry-server';
import { EDITABLE_ATTR } from './lib/early-drop';
import { SERVER_PICTURE_ATTRS } from './lib/first-screen';

/**
 * [server-first-screen] Issue 18: a first visit's workspace, drawn on the server from the page's bootstrap and the
 * project's task list, as a picture the page shows until the app has drawn the live chart.
 */
const user = { id: randomUUID(), email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', profileImageUrl: null, currentPlan: 'free', isEmailVerified: true, createdAt: '2026-01-01T00:00:00.000Z' };
const team = { id: randomUUID(), name: 'Apollo', teamCode: 'AP1', subscriptionStatus: 'active', trialEndsAt: null, ownerId: user.id, subscriptionPlan: 'free', effectivePlan: 'free', role: 'owner' };
const projectOf = (name: string) => ({
  id: randomUUID(),
  teamId: team.id,
  name,
  description: null,
  projectCode: 'AP1-1',
  status: 'active',
  startDate: null,
  endDate: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  autoSchedule: true,
  workingWeekdays: [1, 2, 3, 4, 5],
  holidays: [],
  access: 'team',
});
const first = projectOf('Moonshot');
const second = projectOf('Second');
const taskOf = (projectId: string, i: number, name = `Task ${i}`) => ({
  id: randomUUID(),
  projectId,
  name,
  description: null,
  startDate: '2026-11-23',
  endDate: '2026-11-27',
  status: 'todo',
  priority: 'medium',
  progress: 40,
  color: '#3b82f6',
  assigneeId: null,
  assignee: null,
  assignedTo: null,
  assigneeIds: [],
  order: i,
  kind: 'task',
  parentId: null,
  dependencies: [],
  links: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

function input(overrides: Partial<FirstScreenInput> = {}): FirstScreenInput {
  const tasks = [taskOf(first.id, 0, '<script>alert(1)</script> & co'), ...Array.from({ length: 199 }, (_, i) => taskOf(first.id, i + 1))];
  return {
    bootstrap: { user, teams: [team], userProjects: [first, second], likelyProjectId: first.id },
    projectId: first.id,
    tasks,
    readOnly: false,
    today: '2026-11-25',
    viewport: { width: 1280, height: 800 },
    chartWidth: 1166,
    ...overrides,
  };
}

const count = (html: string, part: string) => html.split(part).length - 1;

describe('[server-first-screen] renderFirstScreen', () => {
  it("draws the workspace with the project's first rows as a picture, in the window it was told", async () => {
    await ready;
    const html = renderFirstScreen(input())!;
    expect(html).not.toBeNull();
    expect(html.startsWith('<div id="first-screen" aria-hidden="true" inert ')).toBe(true);
    expect(html).toContain(`${SERVER_PICTURE_ATTRS.project}="${first.id}"`);
    expect(html).toContain(`${SERVER_PICTURE_ATTRS.chartWidth}="1166"`);
    expect(html).toContain(`${SERVER_PICTURE_ATTRS.today}="2026-11-25"`);
    // Shown only in a window of the width it was drawn for; not scrolled (today is in the first screen's days),
    // so not waiting for the painter to scroll it.
    expect(html).toContain('@media not all and (min-width: 1280px) and (max-width: 1280px) { #first-screen { display: none } }');
    expect(html).toContain(`${SERVER_PICTURE_ATTRS.scrollLeft}="0"`);
    expect(html).not.toContain('visibility:hidden');
    // The rows of a 560 px chart (70 % of 800) and the virtualizer's overscan, not all 200.
    const bars = count(html, ' data-pictured-bar=');
    expect(bars).toBeGreaterThan(10);
    expect(bars).toBeLessThan(40);
    // Nothing the live page is found by: no live bar, no id but the picture's own.
    expect(html).not.toContain(' data-task-bar=');
    expect(count(html, ' id="')).toBe(1);
    // The page around the chart is the workspace's: the team, the project, the person.
    expect(html).toContain('Moonshot');
    expect(html).toContain('Ann Lee');
    // A task's name is text, not markup.
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
  });

  it('[early-drag] marks the chart editable for a person who may edit it, and not for one who may only read it: their picture takes no drag', async () => {
    await ready;
    // On the chart's scroll area, the one element that carries it.
    const editable = (html: string) => html.includes(` ${EDITABLE_ATTR}=""`);
    expect(editable(renderFirstScreen(input())!)).toBe(true);
    expect(editable(renderFirstScreen(input({ readOnly: true }))!)).toBe(false);
  });

  it('draws nothing for a phone, for a project the workspace would not open first, or for a list it cannot read', async () => {
    await ready;
    expect(renderFirstScreen(input({ viewport: { width: 390, height: 844 }, chartWidth: 360 }))).toBeNull();
    expect(renderFirstScreen(input({ projectId: second.id, tasks: [taskOf(second.id, 0)] }))).toBeNull();
    expect(renderFirstScreen(input({ tasks: 'not a list' as unknown as unknown[] }))).toBeNull();
    expect(renderFirstScreen(input({ bootstrap: { user: { id: 'nobody' } } }))).toBeNull();
  });

  it('leaves no state behind between people: each render shows its own bootstrap', async () => {
    await ready;
    const other = { ...user, id: randomUUID(), firstName: 'Bo', lastName: 'Kim', email: 'bo@example.com' };
    const theirs = renderFirstScreen(input({ bootstrap: { user: other, teams: [team], userProjects: [first, second] } }))!;
    const mine = renderFirstScreen(input())!;
    expect(theirs).toContain('Bo Kim');
    expect(theirs).not.toContain('Ann Lee');
    expect(mine).toContain('Ann Lee');
    expect(mine).not.toContain('Bo Kim');
  });

  it('draws each list as it is: the same list again alike, a changed list with its changes', async () => {
    await ready;
    const before = input();
    const drawn = renderFirstScreen(before)!;
    expect(renderFirstScreen(before)).toBe(drawn);
    // A version of the list with a task renamed (the API keeps one list per version: a new array).
    const after = input({ tasks: before.tasks.map((task, i) => (i === 1 ? { ...(task as object), name: 'Renamed launch' } : task)) });
    const redrawn = renderFirstScreen(after)!;
    expect(redrawn).toContain('Renamed launch');
    expect(redrawn).not.toContain('>Task 1<');
    expect(drawn).toContain('>Task 1<');
    expect(drawn).not.toContain('Renamed launch');
  });
});
