import { dayWidth } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { draftPointer, draftPointerAt } from './link-draft';

const ROW = 44;
// Design runs Mon 23 to Fri 27 Nov 2026, on the third row.
const design = { startDate: '2026-11-23', endDate: '2026-11-27', row: 2 };

describe('a link being drawn, as teammates see it', () => {
  it('[presence-link] the pointer is told in days from the handle\'s end and rows from the bar\'s row', () => {
    const view = { range: { start: '2026-11-16', end: '2026-12-31' }, zoom: 1, rowHeight: ROW };
    const dw = dayWidth(1);
    // Two and a half days after Design's finish (the end of Friday is 12 days into the range), one row down.
    const at = { x: (12 + 2.5) * dw, y: 3.5 * ROW };
    expect(draftPointer(at, { ...design, side: 'end' }, null, view)).toEqual({ side: 'end', targetTaskId: null, days: 2.5, rows: 1 });
    // From the start handle, the same point is 7.5 days after Monday's start.
    expect(draftPointer(at, { ...design, side: 'start' }, null, view)).toMatchObject({ side: 'start', days: 7.5, rows: 1 });
  });

  it('[presence-link] another chart, zoomed and scrolled its own way, puts it on the same day and row', () => {
    const mine = { range: { start: '2026-11-16', end: '2026-12-31' }, zoom: 1, rowHeight: ROW };
    const theirs = { range: { start: '2026-11-01', end: '2027-01-31' }, zoom: 2.5, rowHeight: ROW };
    const from = { ...design, side: 'end' as const };
    const pointer = draftPointer({ x: 14.5 * dayWidth(1), y: 0.5 * ROW }, from, '66666666-7777-4888-8999-aaaaaaaaaaaa', mine);
    expect(pointer).toMatchObject({ days: 2.5, rows: -2, targetTaskId: '66666666-7777-4888-8999-aaaaaaaaaaaa' });
    // 27 days from 1 Nov to the end of Friday 27, plus 2.5; the first row's middle.
    expect(draftPointerAt(pointer, from, theirs)).toEqual({ x: 29.5 * dayWidth(2.5), y: 0.5 * ROW });
    expect(draftPointerAt(pointer, from, mine)).toEqual({ x: 14.5 * dayWidth(1), y: 0.5 * ROW });
  });
});
