import type { WidgetSize } from '../schemas/enums.js';

/** How many items a widget lists at each size. */
export type CountsBySize = Readonly<Record<WidgetSize, number>>;

/** [widget-sizes] PRODUCT-SPEC §9 item counts by size (small / medium / large). */
export const RECENT_TASKS_SHOWN: CountsBySize = { small: 3, medium: 5, large: 8 };
export const GANTT_PREVIEW_TASKS_SHOWN: CountsBySize = { small: 3, medium: 6, large: 10 };
export const TEAM_MEMBERS_SHOWN: CountsBySize = { small: 3, medium: 5, large: 8 };
export const WEEKLY_REPORTS_SHOWN: CountsBySize = { small: 4, medium: 6, large: 8 };
export const UPCOMING_TASKS_SHOWN: CountsBySize = { small: 3, medium: 5, large: 8 };

/** [upcoming-window] Upcoming Tasks looks this many days ahead of today (today included). */
export const UPCOMING_WINDOW_DAYS = 7;
/** [upcoming-urgency] Days left at or below which a task is urgent (red), then high (orange); else normal (blue). */
export const URGENT_MAX_DAYS_LEFT = 1;
export const HIGH_URGENCY_MAX_DAYS_LEFT = 3;

/** [gantt-preview-span] Without project dates the preview spans today to this many days after today. */
export const GANTT_PREVIEW_DEFAULT_SPAN_DAYS = 30;
export const GANTT_PREVIEW_MIN_SPAN_DAYS = 1;
