import { DEFAULT_WORK_CALENDAR, defaultGridView, type GridView } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { makeTimelineTask } from '../../../../test/factories';
import { viewRows, type ChartRow } from './grid-rows';

const task = (id: string, order: number, extra: Parameters<typeof makeTimelineTask>[0] = {}) => makeTimelineTask({ id, name: id, startDate: '2026-12-01', endDate: '2026-12-03', order, ...extra });

// Phase A (b, c under it), then d, siblings in the plan's order.
const tasks = [
  task('a', 0, { subtasks: 2 }),
  task('b', 0, { parentId: 'a', status: 'blocked' }),
  task('c', 1, { parentId: 'a', priority: 'high' }),
  task('d', 2, { priority: 'high', status: 'blocked' }),
];
const outline = ['a', 'b', 'c', 'd'];
const context = { calendar: DEFAULT_WORK_CALENDAR, locale: 'en' };
const none = new Set<string>();
const view = (part: Partial<GridView>): GridView => ({ ...defaultGridView(), ...part });
const show = (items: readonly ChartRow[]) => items.map((r) => (typeof r === 'string' ? r : `# ${r.label} (${r.count})${r.collapsed ? ' folded' : ''}`));

describe('[grid-rows] the chart rows of a view', () => {
  it('are the outline as it is, the same array, with no filter, sort or grouping (columns alone change nothing)', () => {
    const rows = viewRows({ tasks, outline, collapsed: none, collapsedGroups: none }, view({ columns: [{ id: 'start', width: 110 }] }), context);
    expect(rows.items).toBe(outline);
    expect(rows).toMatchObject({ viewOn: false, matched: 4, total: 4 });
  });

  it('sort siblings under their summary, a collapsed summary still hiding its subtasks', () => {
    const sorted = view({ sort: [{ column: 'name', direction: 'desc' }] });
    expect(show(viewRows({ tasks, outline, collapsed: none, collapsedGroups: none }, sorted, context).items)).toEqual(['d', 'a', 'c', 'b']);
    const folded = viewRows({ tasks, outline: ['a', 'd'], collapsed: new Set(['a']), collapsedGroups: none }, sorted, context);
    expect(show(folded.items)).toEqual(['d', 'a']);
    expect(folded.viewOn).toBe(true);
  });

  it('group with a header row per group and its count; a folded group keeps its header and hides its tasks', () => {
    const byStatus = view({ groupBy: 'status', filter: { ...defaultGridView().filter, priority: ['high', 'medium'] } });
    const open = viewRows({ tasks, outline, collapsed: none, collapsedGroups: none }, byStatus, context);
    expect(show(open.items)).toEqual(['# Pending (1)', 'c', '# Blocked (2)', 'b', 'd']);
    expect(open.taskIds).toEqual(['c', 'b', 'd']);
    const folded = viewRows({ tasks, outline, collapsed: new Set(['a']), collapsedGroups: new Set(['blocked']) }, byStatus, context);
    expect(show(folded.items)).toEqual(['# Pending (1)', 'c', '# Blocked (2) folded']);
    expect(folded.taskIds).toEqual(['c']);
  });

  it('count the tasks the filter keeps, of all', () => {
    const blocked = viewRows({ tasks, outline, collapsed: none, collapsedGroups: none }, view({ filter: { ...defaultGridView().filter, status: ['blocked'] } }), context);
    expect(show(blocked.items)).toEqual(['a', 'b', 'd']);
    expect(blocked).toMatchObject({ matched: 2, total: 4 });
  });
});
