/**
 * [early-drag] Drags made on the first screen's picture before the live chart is there (issue 35: editable at first
 * paint). The painter (src/first-screen.ts, lib/early-drag.ts) moves the pictured bar at once and notes the drop
 * here; the chart (features/gantt/components/use-early-drops.ts) takes each drop once it has the task, and writes
 * it as its own drag would, through the connection's outbox. Held on the window: the painter is a copy of this
 * module of its own (put in the page whole), so module state would not be shared.
 *
 * Imports nothing: it is part of every workspace page.
 */

/** A bar of the picture moved `days` calendar days (negative: earlier), as the chart's drag counts them. */
export interface EarlyDrop {
  projectId: string;
  taskId: string;
  days: number;
}

/** A press that moves less than this is a click, not a drag (the live chart's threshold too). */
export const DRAG_THRESHOLD_PX = 4;
/** On the chart's scroll area: its zoom (a day's width), which the picture's drag snaps to. */
export const ZOOM_ATTR = 'data-zoom';
/** On the chart's scroll area: its working calendar, `calendarText`'s form, which a moved bar lands on. */
export const CALENDAR_ATTR = 'data-work-calendar';
/**
 * On the chart's scroll area when the person may edit the chart (its bars take a drag): a chart of a read-only
 * person, or one showing the plan as it was, has none. The picture of it (kept by this device, or drawn by the
 * server for the person's access) arms its drags only where it is (lib/early-drag.ts).
 */
export const EDITABLE_ATTR = 'data-editable';
/** On a bar: the dates it is drawn with. */
export const BAR_START_ATTR = 'data-start-date';
export const BAR_END_ATTR = 'data-end-date';

/** A working calendar as CALENDAR_ATTR holds it: its working weekdays, then its holidays. */
export function calendarText(calendar: { workingWeekdays: readonly number[]; holidays: readonly string[] }): string {
  return `${calendar.workingWeekdays.join(',')}|${calendar.holidays.join(',')}`;
}

/** CALENDAR_ATTR's value read back (null: none, or not of that form). */
export function readCalendarText(text: string | null): { workingWeekdays: number[]; holidays: string[] } | null {
  const [weekdays, holidays] = text?.split('|') ?? [];
  if (!weekdays || holidays === undefined) return null;
  const workingWeekdays = weekdays.split(',').map(Number);
  if (workingWeekdays.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) return null;
  return { workingWeekdays, holidays: holidays ? holidays.split(',') : [] };
}
/** On a pictured bar moved by an early drag: the calendar days it is shown moved by. */
export const EARLY_MOVED_ATTR = 'data-early-moved';

const DROPS = Symbol.for('planline.earlyDrops');
const DROP_EVENT = 'planline:early-drop';
const DRAGGING = Symbol.for('planline.earlyDragging');
const DRAG_END_EVENT = 'planline:early-drag-end';
const held = globalThis as { [DROPS]?: EarlyDrop[]; [DRAGGING]?: boolean };
/** The app's code waits no longer than this for a drag of the picture to end (a drop the page never heard). */
const MAX_DRAG_WAIT_MS = 5_000;

/** Says that a drag of the picture began or ended. */
export function noteEarlyDragging(dragging: boolean): void {
  held[DRAGGING] = dragging;
  if (!dragging) globalThis.dispatchEvent?.(new Event(DRAG_END_EVENT));
}

/**
 * Resolves when no drag of the picture is under way. The app's code (~1 MB evaluated, then its first render: long
 * tasks of the main thread) waits to run until then (src/main.tsx), so that every move of the drag is taken at
 * once rather than behind them.
 */
export function afterEarlyDrag(): Promise<void> {
  if (!held[DRAGGING]) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener(DRAG_END_EVENT, done);
      resolve();
    };
    const timer = setTimeout(done, MAX_DRAG_WAIT_MS);
    globalThis.addEventListener(DRAG_END_EVENT, done);
  });
}

/** Notes a drop for the chart, and tells a chart that is already listening. */
export function noteEarlyDrop(drop: EarlyDrop): void {
  (held[DROPS] ??= []).push(drop);
  globalThis.dispatchEvent?.(new Event(DROP_EVENT));
}

/**
 * The drops of `projectId` whose task `has` (the chart has it), in the order they were made, taken: each is
 * given once. A drop whose task is not there yet stays, and so does every later drop of the same task (their
 * order matters).
 */
export function takeEarlyDrops(projectId: string, has: (taskId: string) => boolean): EarlyDrop[] {
  const drops = held[DROPS];
  if (!drops?.length) return [];
  const taken: EarlyDrop[] = [];
  const waiting = new Set<string>();
  held[DROPS] = drops.filter((drop) => {
    if (drop.projectId !== projectId) return true;
    if (waiting.has(drop.taskId) || !has(drop.taskId)) return void waiting.add(drop.taskId), true;
    taken.push(drop);
    return false;
  });
  return taken;
}

/** Whether a drop of `projectId` waits to be taken. */
export function hasEarlyDrops(projectId: string): boolean {
  return !!held[DROPS]?.some((drop) => drop.projectId === projectId);
}

export function onEarlyDrop(listener: () => void): () => void {
  globalThis.addEventListener(DROP_EVENT, listener);
  return () => globalThis.removeEventListener(DROP_EVENT, listener);
}
