import { TASK_COLOR_DEFAULT } from './constants.js';
import type { TaskStatus } from './schemas/enums.js';

/**
 * [status-colors] One colour per task status, everywhere a status is drawn: the chart's bars and status dots, the
 * dashboard, the PDF and Excel exports. PRODUCT-SPEC §4 names the hues (pending orange, in progress blue,
 * completed green, blocked red); the shades are deep enough for white bar labels to read at 4.5:1 or better
 * (WCAG 1.4.3), and for a dot on white to stand out at 3:1 (1.4.11).
 */
export const TASK_STATUS_COLORS: Readonly<Record<TaskStatus, string>> = {
  pending: '#c2410c',
  in_progress: '#1d4ed8',
  completed: '#15803d',
  blocked: '#b91c1c',
};

/** A status this product does not know (dashboard data may hold one): neutral grey, PRODUCT-SPEC §2 'default'. */
export const UNKNOWN_STATUS_COLOR = '#64748b';

/**
 * [critical-path-color] The chart's critical path: the outline round a critical bar (set off from the bar by a white
 * gap, whatever the bar's colour) and the arrows between critical tasks. Not a status hue, and not the red of a
 * broken link; 6.3:1 on white, so the outline and arrows stand out at 3:1 or better (WCAG 1.4.11). Colour is never
 * the only cue: the outline is a second ring and the arrows are thicker.
 */
export const CRITICAL_PATH_COLOR = '#a21caf';

/** The two inks a label on a coloured bar can take. */
export const LIGHT_INK = '#ffffff';
export const DARK_INK = '#0f172a';

/**
 * [bar-color] A bar's fill: the task's own colour when someone chose one, else its status colour. The stored
 * default (#3b82f6, PRODUCT-SPEC §3) means "no colour chosen", so a pending task is orange on the chart as on
 * its status dot.
 */
export function taskBarColor(task: { color: string; status: TaskStatus }): string {
  return task.color.toLowerCase() === TASK_COLOR_DEFAULT ? TASK_STATUS_COLORS[task.status] : task.color;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = m.slice(1).map((h) => channel(parseInt(h, 16))) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The ink that reads best on `background`: white on the status colours, dark on a light colour someone chose. */
export function inkOn(background: string): string {
  return contrastRatio(LIGHT_INK, background) >= contrastRatio(DARK_INK, background) ? LIGHT_INK : DARK_INK;
}
