import { describe, expect, it } from 'vitest';
import { DASHBOARD_MAX_WIDGETS, defaultDashboardLayout, WIDGET_CATALOGUE, type Widget } from '../schemas/dashboard.js';
import { WIDGET_TYPES } from '../schemas/enums.js';
import { addWidget, canAddWidget, freshWidgetId, moveWidget, removeWidget, resizeWidget } from './layout-edit.js';

const ids = (layout: Widget[]) => layout.map((w) => w.id);

describe('layout edits', () => {
  const layout = defaultDashboardLayout();

  it('[widget-edit] moving a widget takes the place of the drop target and recomputes positions', () => {
    const moved = moveWidget(layout, 'gantt-preview', 'project-stats');
    expect(ids(moved)).toEqual(['gantt-preview', 'project-stats', 'task-list']);
    expect(moved.map((w) => w.position)).toEqual([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 0 }]);
    expect(ids(moveWidget(layout, 'project-stats', 'gantt-preview'))).toEqual(['task-list', 'gantt-preview', 'project-stats']);
    expect(ids(moveWidget(layout, 'project-stats', 'nope'))).toEqual(ids(layout));
    expect(ids(layout)).toEqual(['project-stats', 'task-list', 'gantt-preview']);
  });

  it('[widget-edit] resizes and removes one widget', () => {
    expect(resizeWidget(layout, 'task-list', 'large').map((w) => w.size)).toEqual(['small', 'large', 'large']);
    const removed = removeWidget(layout, 'project-stats');
    expect(ids(removed)).toEqual(['task-list', 'gantt-preview']);
    expect(removed[0]?.position).toEqual({ x: 0, y: 0 });
    expect(layout).toHaveLength(3);
  });

  it('[widget-edit] adds any of the six types at its default size, with a fresh id', () => {
    for (const type of WIDGET_TYPES) {
      const result = addWidget(layout, type);
      if (!result.ok) throw new Error('refused');
      const numbered = layout.some((w) => w.type === type);
      expect(result.widget).toMatchObject({ type, title: numbered ? `${WIDGET_CATALOGUE[type].title} 2` : WIDGET_CATALOGUE[type].title, size: WIDGET_CATALOGUE[type].defaultSize, position: { x: 0, y: 1 } });
      expect(new Set(ids(result.layout)).size).toBe(4);
    }
    expect(freshWidgetId(layout, 'team-activity')).toBe('team-activity');
    expect(freshWidgetId(layout, 'task-list')).toBe('task-list-2');
    const twice = addWidget(layout, 'task-list');
    if (!twice.ok) throw new Error('refused');
    expect(twice.widget).toMatchObject({ id: 'task-list-2', title: 'Recent Tasks 2' });
    expect(freshWidgetId(twice.layout, 'task-list')).toBe('task-list-3');
  });

  it('[widget-edit] refuses a widget beyond the maximum', () => {
    let full: Widget[] = [];
    for (let i = 0; i < DASHBOARD_MAX_WIDGETS; i += 1) {
      const result = addWidget(full, 'project-stats');
      if (!result.ok) throw new Error('refused early');
      full = result.layout;
    }
    expect(canAddWidget(full)).toBe(false);
    expect(addWidget(full, 'task-list')).toEqual({ ok: false, reason: 'full' });
  });
});
