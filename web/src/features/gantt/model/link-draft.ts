import { addDays, daysBetween, dayWidth, type LinkDraftPointer, type TimelineRange } from '@planline/domain';

/** The bar a link is drawn from: its dates, its end and its row. */
export interface DraftSource {
  startDate: string;
  endDate: string;
  side: 'start' | 'end';
  row: number;
}

/** The day boundary the handle stands for: the start of the first day, or the end of the last. */
const anchorDate = (from: DraftSource) => (from.side === 'end' ? addDays(from.endDate, 1) : from.startDate);

/** Hundredths of a day or a row: finer than a pixel at any zoom, and a teammate's pointer that rests sends nothing new. */
const round = (n: number) => Math.round(n * 100) / 100 || 0;

/**
 * [presence-link] Where the pointer drawing a link is, as teammates are told it: days from the handle's end of
 * the bar and rows from its row, so that their charts, at their own zoom and scroll, put it at the same place.
 * `at` is in this chart's pixels (timeline x, body y).
 */
export function draftPointer(
  at: { x: number; y: number },
  from: DraftSource,
  targetTaskId: string | null,
  view: { range: TimelineRange; zoom: number; rowHeight: number },
): LinkDraftPointer {
  const anchorX = daysBetween(view.range.start, anchorDate(from)) * dayWidth(view.zoom);
  const rowY = (from.row + 0.5) * view.rowHeight;
  return { side: from.side, targetTaskId, days: round((at.x - anchorX) / dayWidth(view.zoom)), rows: round((at.y - rowY) / view.rowHeight) };
}

/** [presence-link] A teammate's pointer in this chart's pixels: the inverse of draftPointer. */
export function draftPointerAt(pointer: LinkDraftPointer, from: DraftSource, view: { range: TimelineRange; zoom: number; rowHeight: number }) {
  const day = daysBetween(view.range.start, anchorDate(from)) + pointer.days;
  return { x: day * dayWidth(view.zoom), y: (from.row + 0.5 + pointer.rows) * view.rowHeight };
}
