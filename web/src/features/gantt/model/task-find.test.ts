import { describe, expect, it } from 'vitest';
import { collapsedAbove, findTasks, stepMatch } from './task-find';
import { toTimelineTask, type TimelineTask } from './timeline-task';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function plan(list: [number, string, number | null][]): Map<string, TimelineTask> {
  const tasks = list.map(([n, name, parent], order) => toTimelineTask(id(n), { name, startDate: '2026-11-23', endDate: '2026-11-27', order, parentId: parent === null ? null : id(parent) })!);
  const subtasks = (t: TimelineTask) => tasks.filter((x) => x.parentId === t.id).length;
  return new Map(tasks.map((t) => [t.id, { ...t, subtasks: subtasks(t) }]));
}

describe('find in the chart', () => {
  const tasks = plan([
    [1, 'Design phase', null],
    [2, 'Sitemap draft', 1],
    [3, 'Review the SITEMAP', 1],
    [4, 'Build', null],
    [5, 'Launch review', 4],
    [6, 'Ünïcode Review', null],
  ]);

  it('[chart-find] matches task names in any case, in row order, subtasks of collapsed summaries included', () => {
    expect(findTasks(tasks, 'sitemap')).toEqual([id(2), id(3)]);
    expect(findTasks(tasks, '  REVIEW ')).toEqual([id(3), id(5), id(6)]);
    expect(findTasks(tasks, 'ünïcode')).toEqual([id(6)]);
    expect(findTasks(tasks, '   ')).toEqual([]);
    expect(findTasks(tasks, 'nothing like it')).toEqual([]);
  });

  it('[chart-find] a match under collapsed summaries names them, so going to it can open them', () => {
    const nested = plan([
      [1, 'Phase', null],
      [2, 'Stage', 1],
      [3, 'Step', 2],
    ]);
    expect(collapsedAbove(nested, new Set([id(1), id(2)]), id(3))).toEqual([id(2), id(1)]);
    expect(collapsedAbove(nested, new Set([id(1)]), id(3))).toEqual([id(1)]);
    expect(collapsedAbove(nested, new Set(), id(3))).toEqual([]);
    expect(collapsedAbove(nested, new Set([id(1)]), id(1))).toEqual([]);
  });

  it('[chart-find] Enter and Shift+Enter go round the matches', () => {
    expect(stepMatch(5, 0, 1)).toBe(1);
    expect(stepMatch(5, 4, 1)).toBe(0);
    expect(stepMatch(5, 0, -1)).toBe(4);
    expect(stepMatch(0, 0, 1)).toBe(0);
  });
});
