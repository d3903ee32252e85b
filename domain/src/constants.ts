/** Business constants of PRODUCT-SPEC §9 that more than one package reads. */
export const PASSWORD_MIN_LENGTH = 8;
export const PERSON_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 256;
export const TEAM_NAME_MAX_LENGTH = 255;
export const PROJECT_NAME_MAX_LENGTH = 255;
export const TASK_NAME_MAX_LENGTH = 255;
export const TEAM_CODE_LENGTH = 8;
export const PROJECT_CODE_MAX_LENGTH = 20;
export const TASK_COLOR_DEFAULT = '#3b82f6';
export const TRIAL_DAYS = 7;

/** Sign-in throttling (issue 2): the 11th failure inside the window is refused with 429. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins from one address (any accounts) in the same window before it is refused too. */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 100;

/** Request bodies above this are refused with 413 (ARCHITECTURE §4, §6). */
export const MAX_BODY_BYTES = 1024 * 1024;

export const SESSION_COOKIE_NAME = 'planline.sid';
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** Toasts (PRODUCT-SPEC §2, §9). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

export const UNAUTHENTICATED_REDIRECT_MS = 1000;
export const UNAUTHORIZED_REDIRECT_MS = 500;
export const COPIED_RESET_MS = 2000;
