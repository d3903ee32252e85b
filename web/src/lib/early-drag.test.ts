import { describe, expect, it } from 'vitest';
import { picturedDragsArmed } from './early-drag';
import { CALENDAR_ATTR, calendarText, EDITABLE_ATTR, ZOOM_ATTR } from './early-drop';

/** The picture's scroll area, as the live chart marked it (timeline-chart.tsx) or the server drew it. */
function scroller(attrs: Record<string, string>): Element {
  return { hasAttribute: (name: string) => name in attrs, getAttribute: (name: string) => attrs[name] ?? null } as unknown as Element;
}

const calendar = calendarText({ workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-12-25'] });

describe("[early-drag] the picture takes a drag only where the chart would", () => {
  it('arms the drags of a chart the person may edit, with its zoom and working calendar', () => {
    expect(picturedDragsArmed(scroller({ [EDITABLE_ATTR]: '', [ZOOM_ATTR]: 'week', [CALENDAR_ATTR]: calendar }))).toBe(false);
    expect(picturedDragsArmed(scroller({ [EDITABLE_ATTR]: '', [ZOOM_ATTR]: '40', [CALENDAR_ATTR]: calendar }))).toBe(true);
  });

  it("does not arm a read-only person's picture (the chart would drop the drop, and the bar jump back)", () => {
    expect(picturedDragsArmed(scroller({ [ZOOM_ATTR]: '40', [CALENDAR_ATTR]: calendar }))).toBe(false);
  });

  it('does not arm a picture without a zoom or a working calendar to land a moved bar on, nor one without a chart', () => {
    expect(picturedDragsArmed(scroller({ [EDITABLE_ATTR]: '', [CALENDAR_ATTR]: calendar }))).toBe(false);
    expect(picturedDragsArmed(scroller({ [EDITABLE_ATTR]: '', [ZOOM_ATTR]: '40' }))).toBe(false);
    expect(picturedDragsArmed(scroller({ [EDITABLE_ATTR]: '', [ZOOM_ATTR]: '40', [CALENDAR_ATTR]: 'not a calendar' }))).toBe(false);
    expect(picturedDragsArmed(null)).toBe(false);
  });
});
