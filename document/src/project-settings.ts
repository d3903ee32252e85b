import {
  createWorkCalendar,
  DEFAULT_WORK_CALENDAR,
  PROJECT_MAP,
  PROJECT_SETTING_KEYS,
  type WorkCalendar,
} from '@planline/domain';
import * as Y from 'yjs';
import { sameValue } from './task-document.js';

/**
 * The project's scheduling settings as the document holds them (root map `project`, protocol.ts): what the
 * cascade in the browser and on the server reads, so both count the same working days. The server writes them
 * from the project row; nobody else may.
 */
export interface ScheduleSettings {
  autoSchedule: boolean;
  workingWeekdays: number[];
  holidays: string[];
}

export const projectMap = (doc: Y.Doc) => doc.getMap<unknown>(PROJECT_MAP);

const isNumberList = (value: unknown): value is number[] => Array.isArray(value) && value.every((v) => typeof v === 'number');
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/** The settings, or null while the document has none (before the server wrote them) or holds a malformed one. */
export function readScheduleSettings(doc: Y.Doc): ScheduleSettings | null {
  const map = projectMap(doc);
  const autoSchedule = map.get('autoSchedule');
  const workingWeekdays = map.get('workingWeekdays');
  const holidays = map.get('holidays');
  if (typeof autoSchedule !== 'boolean' || !isNumberList(workingWeekdays) || !isStringList(holidays)) return null;
  return { autoSchedule, workingWeekdays, holidays };
}

/** Sets the settings that differ (none: no change, so no update). Call inside doc.transact. */
export function writeScheduleSettings(doc: Y.Doc, settings: ScheduleSettings): void {
  const map = projectMap(doc);
  for (const key of PROJECT_SETTING_KEYS) if (!sameValue(map.get(key), settings[key])) map.set(key, settings[key]);
  for (const key of [...map.keys()]) if (!(PROJECT_SETTING_KEYS as readonly string[]).includes(key)) map.delete(key);
}

// A project keeps up to 10,000 holidays: building its calendar per drop would be waste. The last one is kept.
let lastCalendar: { workingWeekdays: number[]; holidays: string[]; calendar: WorkCalendar } | null = null;

/** The working calendar of these settings (Monday to Friday when they are missing or invalid). */
export function workCalendarOf(settings: Pick<ScheduleSettings, 'workingWeekdays' | 'holidays'> | null): WorkCalendar {
  if (!settings) return DEFAULT_WORK_CALENDAR;
  if (lastCalendar && sameValue(lastCalendar.workingWeekdays, settings.workingWeekdays) && sameValue(lastCalendar.holidays, settings.holidays)) {
    return lastCalendar.calendar;
  }
  const built = createWorkCalendar(settings);
  const calendar = built.ok ? built.calendar : DEFAULT_WORK_CALENDAR;
  lastCalendar = { workingWeekdays: [...settings.workingWeekdays], holidays: [...settings.holidays], calendar };
  return calendar;
}
