/** Row and header heights of the chart (px); the spec's sizes live in domain (timeline-constants.ts). */
export const ROW_HEIGHT_PX = 44;
export const BAR_HEIGHT_PX = 26;
export const HEADER_BAND_PX = 22;
export const HEADER_CELLS_PX = 38;
export const HEADER_HEIGHT_PX = HEADER_BAND_PX + HEADER_CELLS_PX;
/** Tallest the chart grows before its rows scroll: this share of the window's height, and at most this many px. */
export const CHART_HEIGHT_SHARE = 0.7;
export const CHART_MAX_HEIGHT_PX = 720;
export const CHART_MAX_HEIGHT = `min(${CHART_HEIGHT_SHARE * 100}vh, ${CHART_MAX_HEIGHT_PX}px)`;
/** Rows drawn above and below the visible ones, so a fast scroll does not show blank rows. */
export const OVERSCAN_ROWS = 8;
/** The dependency arrows are drawn for the blocks of this many rows that hold the rows on screen. */
export const ARROW_BLOCK_ROWS = 16;
/** Pointer travel below which a press on a bar is a click (open details), not a drag: the first screen's too. */
export { DRAG_THRESHOLD_PX } from '../../../lib/early-drop';
/**
 * Touch: a bar lifts for dragging once pressed still this long, so a swipe across bars still scrolls the chart;
 * a finger that travels more than the slop before that is scrolling.
 */
export const LONG_PRESS_MS = 400;
export const TOUCH_SLOP_PX = 8;
/** Awareness updates while dragging: about 20 a second (ARCHITECTURE §4 rate limits). */
export const PRESENCE_THROTTLE_MS = 50;
