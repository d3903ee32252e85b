export * from './scheduling.schema.js';
export * from './work-calendar.js';
export {
  constrainedSide,
  placementOf,
  requiredInstant,
  workingDuration,
  type Placement,
  type Side,
} from './link-constraints.js';
export { cascadeMoveReason, cascadeSchedule, findLinkViolations, type CascadeMove, type CascadeResult, type LinkViolation } from './cascade.js';
export { criticalPath, type CriticalPathResult, type TaskSlack } from './critical-path.js';
export { findParentCycle, rollUpSummaries, type SummaryRollup, type SummaryRollupResult } from './summary-rollup.js';
export { parentProblem, treeOrder, withRolledUpSummaries, type ParentProblem, type TreeRow } from './task-tree.js';
export {
  dragTaskOnCalendar,
  movesForCalendarChange,
  resizeEndByWorkingDays,
  resizeTaskOnCalendar,
  shiftTaskByWorkingDays,
  snapToWorkingDay,
  workingDaysMoved,
  type CalendarMove,
  type MovableTask,
} from './working-moves.js';
