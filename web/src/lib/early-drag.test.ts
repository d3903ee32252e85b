import { describe, expect, it } from 'vitest';
import { picturedDragsArmed, pressMovesBar, type Box } from './early-drag';
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

const box = (left: number, top: number, right: number, bottom: number): Box => ({ left, top, right, bottom });

describe('[early-drag] a press on the picture moves the bar a person sees under the pointer', () => {
  // A bar 200-300 px across in a row at 100-120 px; the scroll area shows 0-1000 × 40-600, its date header 40-90 and
  // the rows' name column 0-240 are drawn over what scrolls under them.
  const area = box(0, 40, 1000, 600);
  const over = [box(0, 40, 1000, 90), box(0, 100, 240, 124)];
  const bar = box(200, 100, 300, 120);

  it('takes a press on the bar', () => {
    expect(pressMovesBar(250, 110, { bar, area, over, notMoving: [] })).toBe(true);
    expect(pressMovesBar(299, 119, { bar, area, over, notMoving: [] })).toBe(true);
  });

  it('not one beside it, nor on a part of it that does something else (an end to resize it, a link knob)', () => {
    expect(pressMovesBar(300, 110, { bar, area, over, notMoving: [] })).toBe(false);
    expect(pressMovesBar(250, 121, { bar, area, over, notMoving: [] })).toBe(false);
    expect(pressMovesBar(295, 110, { bar, area, over, notMoving: [box(292, 100, 300, 120)] })).toBe(false);
  });

  it('not one on a part of the bar scrolled under the name column or the date header, or out of the visible area', () => {
    const underNames = box(150, 100, 300, 120);
    expect(pressMovesBar(200, 110, { bar: underNames, area, over, notMoving: [] })).toBe(false);
    expect(pressMovesBar(260, 110, { bar: underNames, area, over, notMoving: [] })).toBe(true);
    const underHeader = box(200, 80, 300, 100);
    expect(pressMovesBar(250, 85, { bar: underHeader, area, over, notMoving: [] })).toBe(false);
    expect(pressMovesBar(250, 95, { bar: underHeader, area, over, notMoving: [] })).toBe(true);
    const belowArea = box(200, 590, 300, 610);
    expect(pressMovesBar(250, 605, { bar: belowArea, area, over, notMoving: [] })).toBe(false);
  });
});
