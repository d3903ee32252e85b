export { computeWorkload, findOverallocations, type DayRange, type LoadTask, type OverloadSpan, type TaskHours, type WorkloadBucket, type WorkloadInput, type WorkloadResult, type WorkloadRow } from './load.js';
export { LEVELING_MAX_DELAY_WORKING_DAYS, levelResources, type LevelingInput, type LevelingResult, type LevelMove, type LevelTask, type UnresolvedOverload } from './leveling.js';
export { daysOffLookup, personDays, type PersonDays } from './person-days.js';
export { MAX_PREVIEW_SPAN_DAYS, taskLoadDelta, type LoadPreviewInput, type LoadRun, type PersonLoadDelta } from './preview.js';
export { formatDayRange, isLevelledReason, LEVELLED_REASON_PREFIX, levelledReason, overloadLabel } from './labels.js';
