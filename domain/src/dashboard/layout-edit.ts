import { DASHBOARD_MAX_WIDGETS, WIDGET_CATALOGUE, withPositions, type Widget } from '../schemas/dashboard.js';
import type { WidgetSize, WidgetType } from '../schemas/enums.js';

/*
 * [widget-edit] Edits of a dashboard layout in customise mode. Each returns a new list with positions
 * recomputed from the order (column = index mod 3, row = floor(index / 3)); none changes its argument.
 */

/** Moves the widget `activeId` to where `overId` is (the drop target), shifting the ones between. */
export function moveWidget(layout: readonly Widget[], activeId: string, overId: string): Widget[] {
  const from = layout.findIndex((w) => w.id === activeId);
  const to = layout.findIndex((w) => w.id === overId);
  if (from < 0 || to < 0 || from === to) return withPositions(layout);
  const next = [...layout];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return withPositions(next);
}

export function resizeWidget(layout: readonly Widget[], id: string, size: WidgetSize): Widget[] {
  return withPositions(layout.map((w) => (w.id === id ? { ...w, size } : w)));
}

export function removeWidget(layout: readonly Widget[], id: string): Widget[] {
  return withPositions(layout.filter((w) => w.id !== id));
}

/** The type's name when free, else the type with the lowest free number: 'team-activity', 'team-activity-2'... */
export function freshWidgetId(layout: readonly Widget[], type: WidgetType): string {
  const taken = new Set(layout.map((w) => w.id));
  if (!taken.has(type)) return type;
  let n = 2;
  while (taken.has(`${type}-${n}`)) n += 1;
  return `${type}-${n}`;
}

export function canAddWidget(layout: readonly Widget[]): boolean {
  return layout.length < DASHBOARD_MAX_WIDGETS;
}

export type AddWidgetResult = { ok: true; layout: Widget[]; widget: Widget } | { ok: false; reason: 'full' };

/**
 * Adds a widget of any type at the end, at its default size, with a fresh id: a type already on the dashboard
 * may be added again (another size of the same view), titled with a number ('Recent Tasks 2'). Refused once
 * the layout holds DASHBOARD_MAX_WIDGETS.
 */
export function addWidget(layout: readonly Widget[], type: WidgetType): AddWidgetResult {
  if (!canAddWidget(layout)) return { ok: false, reason: 'full' };
  const { title, defaultSize } = WIDGET_CATALOGUE[type];
  const id = freshWidgetId(layout, type);
  // A second widget of a type is numbered like its id, so every widget keeps a name of its own.
  const suffix = id.slice(type.length + 1);
  const named = suffix ? `${title} ${suffix}` : title;
  const next = withPositions([...layout, { id, type, title: named, size: defaultSize }]);
  return { ok: true, layout: next, widget: next[next.length - 1]! };
}
