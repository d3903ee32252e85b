import { describe, expect, it } from 'vitest';
import { calendarText, hasEarlyDrops, noteEarlyDrop, readCalendarText, takeEarlyDrops } from './early-drop';

describe('[early-drag] drops made on the first screen, handed to the chart', () => {
  it('are taken once, in order, for their project, when the chart has their task; later drops of a waiting task wait too', () => {
    noteEarlyDrop({ projectId: 'p1', taskId: 'a', days: 2 });
    noteEarlyDrop({ projectId: 'p2', taskId: 'b', days: 1 });
    noteEarlyDrop({ projectId: 'p1', taskId: 'c', days: -1 });
    noteEarlyDrop({ projectId: 'p1', taskId: 'a', days: 3 });
    noteEarlyDrop({ projectId: 'p1', taskId: 'c', days: 4 });
    // The chart has only c so far.
    expect(takeEarlyDrops('p1', (id) => id === 'c')).toEqual([
      { projectId: 'p1', taskId: 'c', days: -1 },
      { projectId: 'p1', taskId: 'c', days: 4 },
    ]);
    expect(hasEarlyDrops('p1')).toBe(true);
    expect(takeEarlyDrops('p1', () => true)).toEqual([
      { projectId: 'p1', taskId: 'a', days: 2 },
      { projectId: 'p1', taskId: 'a', days: 3 },
    ]);
    expect(takeEarlyDrops('p1', () => true)).toEqual([]);
    expect(hasEarlyDrops('p1')).toBe(false);
    expect(takeEarlyDrops('p2', () => true)).toEqual([{ projectId: 'p2', taskId: 'b', days: 1 }]);
  });

  it('read the working calendar the chart writes on its scroll area, and nothing else', () => {
    const calendar = { workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-12-25', '2026-12-26'] };
    expect(readCalendarText(calendarText(calendar))).toEqual(calendar);
    expect(readCalendarText(calendarText({ workingWeekdays: [0, 6], holidays: [] }))).toEqual({ workingWeekdays: [0, 6], holidays: [] });
    for (const text of [null, '', '1,2', '1,9|', 'x|2026-01-01']) expect(readCalendarText(text)).toBeNull();
  });
});
