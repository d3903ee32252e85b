import { NAME_COLUMN_MAX_SHARE, NAME_COLUMN_MIN_PX, NAME_COLUMN_PX } from './timeline-constants.js';

/**
 * [timeline-name-column] The name column is 320 px, but on a narrow chart (a phone, a tablet) never more than 35%
 * of it, and never below 96 px: the days keep most of the width.
 */
export function nameColumnWidth(chartWidthPx: number): number {
  if (chartWidthPx <= 0) return NAME_COLUMN_PX;
  return Math.round(Math.min(NAME_COLUMN_PX, Math.max(NAME_COLUMN_MIN_PX, chartWidthPx * NAME_COLUMN_MAX_SHARE)));
}

/** A generous average width of a character of a bar's label (12 px semibold), so a cut name is rarely missed. */
const BAR_LABEL_CHAR_PX = 7.5;
/** The label's padding inside the bar, and the room the '60%' beside it takes on bars wide enough to show it. */
const BAR_LABEL_PADDING_PX = 16;
const BAR_PERCENT_PX = 36;
/** Bars at least this wide show their progress as a number (task-bar.tsx). */
export const BAR_PERCENT_MIN_WIDTH_PX = 120;

/** [bar-label] Whether a bar's name is likely to show whole inside it; when not, the bar offers the full name. */
export function barNameFits(name: string, barWidthPx: number): boolean {
  const percent = barWidthPx >= BAR_PERCENT_MIN_WIDTH_PX ? BAR_PERCENT_PX : 0;
  return name.length * BAR_LABEL_CHAR_PX + BAR_LABEL_PADDING_PX + percent <= barWidthPx;
}
