import { DEFAULT_WORKING_WEEKDAYS, workCalendarSettingsSchema, type WorkCalendarSettings } from './scheduling.schema.js';
import { buildCalendar, type WorkCalendar } from './working-calendar.js';

export type { WorkCalendar } from './working-calendar.js';

export type WorkCalendarResult = { ok: true; calendar: WorkCalendar } | { ok: false; reason: string };

/** [work-calendar] A calendar from project settings; refused (as a value) without a working weekday. */
export function createWorkCalendar(settings: WorkCalendarSettings): WorkCalendarResult {
  const parsed = workCalendarSettingsSchema.safeParse(settings);
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? 'Invalid calendar' };
  return { ok: true, calendar: buildCalendar(parsed.data.workingWeekdays, parsed.data.holidays) };
}

/** Monday to Friday, no holidays. */
export const DEFAULT_WORK_CALENDAR: WorkCalendar = buildCalendar([...DEFAULT_WORKING_WEEKDAYS], []);

