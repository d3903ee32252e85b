/** Timeline sizing of PRODUCT-SPEC §9. */
export const DAY_WIDTH_BASE_PX = 32;
export const ZOOM_DEFAULT = 0.4;
export const ZOOM_STEP = 1.2;
export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 3;
export const FIT_MIN = 0.5;
export const FIT_MAX = 4;
export const NAME_COLUMN_PX = 320;
export const BAR_MIN_WIDTH_PX = 80;
/** A milestone's diamond: the box it is drawn in, centred on its day (links join its left and right points). */
export const MILESTONE_SIZE_PX = 18;
export const PLACEHOLDER_ROWS = 10;
/** Progress steps of Alt+Arrow on a focused bar. */
export const PROGRESS_KEY_STEP = 10;
/** Zoom level from which the header names every day ('Mon 23'): the 'day' view of PRODUCT-SPEC §4. */
export const DAY_VIEW_MIN_DAY_WIDTH_PX = 48;
/** Narrowest day that still carries its own number in the header ('28' in 12 px type, with room between). */
export const DAY_LABEL_MIN_PX = 18;
/** How far apart placeholder rows' suggested dates start, and how long they last. */
export const PLACEHOLDER_STAGGER_DAYS = 1;
export const PLACEHOLDER_LENGTH_DAYS = 5;
/** Phones: the name column takes at most this share of the chart, and is never narrower than a short name. */
export const NAME_COLUMN_MAX_SHARE = 0.35;
export const NAME_COLUMN_MIN_PX = 96;
/** A name column narrower than this shows names only, the assignee left to the details panel. */
export const NAME_COLUMN_COMPACT_PX = 200;
/**
 * Room the chart leaves before a plan's first day and after its last, so its ends can be reached (issue 33): before,
 * a milestone's half diamond and the link handle beside it; after, the half diamond, its handle and its name beside
 * it (about 12 characters). Turned into whole days at the zoom drawn (planRoom).
 */
export const PLAN_ROOM_BEFORE_PX = 40;
export const PLAN_ROOM_AFTER_PX = 120;
