import { describe, expect, it } from 'vitest';
import { recentTasks } from './recent-tasks.js';
import { makeTasks } from './widget.fixtures.js';

/** Task i was last touched on day i of March: the last one is the newest. */
const tasks = makeTasks(10, (i) => ({ name: `T${i}`, updatedAt: `2026-03-${String(i + 1).padStart(2, '0')}T10:00:00.000Z` }));

describe('recent tasks', () => {
  it('[widget-sizes] recent tasks shows 3/5/8 by size, newest first', () => {
    expect(recentTasks(tasks, 'small').shown.map((t) => t.name)).toEqual(['T9', 'T8', 'T7']);
    expect(recentTasks(tasks, 'medium').shown.map((t) => t.name)).toEqual(['T9', 'T8', 'T7', 'T6', 'T5']);
    expect(recentTasks(tasks, 'large').shown.map((t) => t.name)).toEqual(['T9', 'T8', 'T7', 'T6', 'T5', 'T4', 'T3', 'T2']);
  });

  it('[recent-tasks] View All Tasks shows only when more tasks exist than are shown', () => {
    expect(recentTasks(tasks.slice(0, 3), 'small').hasMore).toBe(false);
    expect(recentTasks(tasks.slice(0, 4), 'small').hasMore).toBe(true);
    expect(recentTasks(tasks.slice(0, 5), 'medium').hasMore).toBe(false);
    expect(recentTasks(tasks.slice(0, 6), 'medium').hasMore).toBe(true);
    expect(recentTasks(tasks.slice(0, 8), 'large').hasMore).toBe(false);
    expect(recentTasks(tasks, 'large')).toMatchObject({ hasMore: true, total: 10 });
  });

  it('[recent-tasks] details at medium and large, due date and progress at large', () => {
    expect(recentTasks(tasks, 'small')).toMatchObject({ showDetails: false, showDueAndProgress: false });
    expect(recentTasks(tasks, 'medium')).toMatchObject({ showDetails: true, showDueAndProgress: false });
    expect(recentTasks(tasks, 'large')).toMatchObject({ showDetails: true, showDueAndProgress: true });
  });

  it('[recent-tasks] uses the creation time when there is no update time; ties keep the list order', () => {
    const list = [
      { name: 'a', updatedAt: null, createdAt: '2026-03-05T00:00:00.000Z' },
      { name: 'b', updatedAt: '2026-03-06T00:00:00.000Z', createdAt: '2026-03-01T00:00:00.000Z' },
      { name: 'c', updatedAt: '', createdAt: '2026-03-05T00:00:00.000Z' },
      { name: 'd', updatedAt: null, createdAt: null },
    ];
    expect(recentTasks(list, 'medium').shown.map((t) => t.name)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('does not reorder its argument; an empty project has nothing to show', () => {
    const copy = [...tasks];
    recentTasks(tasks, 'large');
    expect(tasks).toEqual(copy);
    expect(recentTasks([], 'small')).toMatchObject({ shown: [], total: 0, hasMore: false });
  });
});
