/**
 * What the first screen's painter (web/src/lib/early-drag.ts) needs to move a pictured bar exactly as the chart's
 * drag would (issue 35: editable at first paint): the day a pointer's travel stands for, the working days the bar
 * lands on, and where it is drawn then. The same functions the chart uses, from modules that import no schema
 * library: the painter is part of every workspace page.
 */
export { buildCalendar } from './scheduling/working-calendar.js';
export { dragTaskOnCalendar } from './scheduling/working-moves.js';
export { daysFromOffset, taskGeometry } from './timeline/bar-geometry.js';
export { dayWidth } from './timeline/timeline-range.js';
