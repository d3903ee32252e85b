import { z } from 'zod';
import { PROJECT_NAME_MAX_LENGTH } from '../constants.js';
import { projectStatusSchema } from './enums.js';
import { requiredName } from './text.js';
import { textError } from './user.js';
import { calendarDateSchema } from './calendar-date.js';
import { MONTH_NAMES, WEEKDAY_SHORT_NAMES, weekday } from '../timeline/calendar-date.js';
import { MAX_HOLIDAYS, workCalendarSettingsSchema } from '../scheduling/scheduling.schema.js';

export { calendarDateSchema };

export const PROJECT_DESCRIPTION_MAX_LENGTH = 5000;

const projectName = requiredName('Project name', PROJECT_NAME_MAX_LENGTH);

const description = z
  .string({ error: textError('Description') })
  .trim()
  .max(PROJECT_DESCRIPTION_MAX_LENGTH, `Description must be at most ${PROJECT_DESCRIPTION_MAX_LENGTH} characters`);

/** POST /api/projects (PRODUCT-SPEC §5 project creation). */
export const createProjectInputSchema = z.object({
  name: projectName,
  description: description.optional(),
  teamId: z.uuid({ error: (i) => (i.input === undefined || i.input === '' ? 'Team is required' : 'Team is not valid') }),
  status: projectStatusSchema.default('active'),
});
export type CreateProjectInput = z.infer<typeof createProjectInputSchema>;

/** The project fields people edit in place (the header), which a teammate may change while they do. */
export const PROJECT_GUARDED_FIELDS = ['name', 'description', 'status'] as const;
export type ProjectGuardedField = (typeof PROJECT_GUARDED_FIELDS)[number];

const projectEditorSchema = z.object({ id: z.uuid(), firstName: z.string() });
/** Who last changed each guarded field: their first name as it was then, kept with the project like a signature. */
export const projectEditedBySchema = z.object({
  name: projectEditorSchema.optional(),
  description: projectEditorSchema.optional(),
  status: projectEditorSchema.optional(),
});
export type ProjectEditedBy = z.infer<typeof projectEditedBySchema>;

export const HOLIDAY_NAME_MAX_LENGTH = 100;
const HOLIDAYS_NAMED_IN_REASON = 3;

/**
 * [holiday-names] One holiday as PATCH /api/projects/{id} takes it: a bare 'yyyy-MM-dd' (as stored before holidays
 * had names; a name the project already keeps for that day stays), or `{ date, name }` (a blank or null name
 * takes the name away).
 */
export const holidayInputSchema = z.union(
  [
    calendarDateSchema,
    z.object({
      date: calendarDateSchema,
      name: z
        .string({ error: textError('Holiday name') })
        .trim()
        .max(HOLIDAY_NAME_MAX_LENGTH, `Holiday names must be at most ${HOLIDAY_NAME_MAX_LENGTH} characters`)
        .nullable()
        .optional(),
    }),
  ],
  { error: 'Holidays must be yyyy-MM-dd dates, or { date, name } with a yyyy-MM-dd date' },
);
export type HolidayInput = z.infer<typeof holidayInputSchema>;

/** A holiday with its name (null: none given), as the settings list it. */
export interface NamedHoliday {
  date: string;
  name: string | null;
}

/**
 * [holiday-names] The holidays a settings update asks for, sorted by date, one per day (the last entry of a day
 * wins), with names: a bare date keeps the name `current` gives it.
 */
export function namedHolidays(input: readonly HolidayInput[], current: Readonly<Record<string, string>>): NamedHoliday[] {
  const byDate = new Map<string, string | null>();
  for (const entry of input) {
    if (typeof entry === 'string') byDate.set(entry, current[entry] ?? null);
    else byDate.set(entry.date, entry.name?.trim() || null);
  }
  return [...byDate].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, name]) => ({ date, name }));
}

/** [holiday-names] "Fri 25 Dec 2026 — Christmas Day", or the day alone when it has no name. */
export function holidayText(holiday: NamedHoliday): string {
  const [y, m, d] = holiday.date.split('-').map(Number) as [number, number, number];
  const date = `${WEEKDAY_SHORT_NAMES[weekday(holiday.date)]} ${d} ${MONTH_NAMES[m - 1]!.slice(0, 3)} ${y}`;
  return holiday.name ? `${date} — ${holiday.name}` : date;
}

/**
 * [holiday-keeps-working-days] The history reason of the tasks a holiday change moved: "Holiday added: «Christmas
 * Day»", "Holidays removed: «Boxing Day», Mon 28 Dec 2026" (a day without a name by its date); null when no
 * holiday came or went.
 */
export function holidayChangeReason(before: readonly NamedHoliday[], after: readonly NamedHoliday[]): string | null {
  const had = new Set(before.map((h) => h.date));
  const has = new Set(after.map((h) => h.date));
  const told = (h: NamedHoliday) => (h.name ? `«${h.name}»` : holidayText(h));
  // A year of holidays pasted at once is named by its first few, so the reason stays one readable line.
  const part = (verb: string, list: NamedHoliday[]) => {
    if (!list.length) return null;
    const named = list.slice(0, HOLIDAYS_NAMED_IN_REASON).map(told).join(', ');
    const more = list.length > HOLIDAYS_NAMED_IN_REASON ? ` and ${list.length - HOLIDAYS_NAMED_IN_REASON} more` : '';
    return `${list.length === 1 ? 'Holiday' : 'Holidays'} ${verb}: ${named}${more}`;
  };
  const parts = [part('added', after.filter((h) => !had.has(h.date))), part('removed', before.filter((h) => !has.has(h.date)))];
  const reason = parts.filter(Boolean).join('; ');
  return reason || null;
}

/** A project's holidays with their names, as stored (dates sorted; names by date). */
export const holidaysOf = (project: { holidays: readonly string[]; holidayNames?: Readonly<Record<string, string>> }): NamedHoliday[] =>
  project.holidays.map((date) => ({ date, name: project.holidayNames?.[date] ?? null }));

/** PATCH /api/projects/{id}: any of the fields; dates may be cleared with null. */
export const updateProjectInputSchema = z
  .object({
    /**
     * [form-merge] The values the person started from, for the guarded fields they change. If a teammate changed
     * one meanwhile, the answer is 409 with its current value and who changed it, and nothing is written.
     */
    base: z
      .object({ name: z.string(), description: z.string().nullable(), status: projectStatusSchema }, { error: 'Base must be an object' })
      .partial()
      .optional(),
    name: projectName.optional(),
    status: projectStatusSchema.optional(),
    description: description.nullable().optional(),
    startDate: calendarDateSchema.nullable().optional(),
    endDate: calendarDateSchema.nullable().optional(),
    autoSchedule: z.boolean({ error: 'Auto-schedule must be true or false' }).optional(),
    workingWeekdays: workCalendarSettingsSchema.shape.workingWeekdays.optional(),
    holidays: z
      .array(holidayInputSchema, { error: 'Holidays must be a list of yyyy-MM-dd dates' })
      .max(MAX_HOLIDAYS, `At most ${MAX_HOLIDAYS.toLocaleString('en-US')} holidays`)
      .optional(),
  })
  .refine((v) => Object.entries(v).some(([key, x]) => key !== 'base' && x !== undefined), {
    message: 'Nothing to update: send name, status, description, startDate, endDate, autoSchedule, workingWeekdays or holidays',
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, {
    message: 'End date cannot be before start date',
    path: ['endDate'],
  });
export type UpdateProjectInput = z.infer<typeof updateProjectInputSchema>;

export const projectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  teamId: z.uuid(),
  projectCode: z.string(),
  status: projectStatusSchema,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The scheduling settings (ARCHITECTURE §3a): cascade on edits, and the calendar durations and lags count in. */
  autoSchedule: z.boolean(),
  /** 0 = Sunday … 6 = Saturday, sorted. */
  workingWeekdays: z.array(z.number().int()),
  /** 'yyyy-MM-dd', sorted. */
  holidays: z.array(z.string()),
  /** [holiday-names] The names of holidays that have one, by date (a server from before names sends none). */
  holidayNames: z.record(z.string(), z.string()).default({}),
  /** 'team' for members of the project's team; 'guest' for people who joined only this project by invite. */
  access: z.enum(['team', 'guest']),
  editedBy: projectEditedBySchema.optional(),
});
export type Project = z.infer<typeof projectSchema>;

/** The 409 of PATCH /api/projects/{id} when a guarded field changed since the person's `base`. */
export const projectConflictSchema = z.object({
  message: z.string(),
  conflicts: z.array(z.object({ field: z.enum(PROJECT_GUARDED_FIELDS), current: z.string().nullable(), changedBy: projectEditorSchema.nullable() })),
});
export type ProjectConflict = z.infer<typeof projectConflictSchema>;

export const projectInviteInfoSchema = z.object({ projectName: z.string(), projectCode: z.string() });
export type ProjectInviteInfo = z.infer<typeof projectInviteInfoSchema>;

export const inviteTokenInputSchema = z.object({
  token: z.string({ error: textError('Invite token') }).trim().min(1, 'Invite token is required').max(200, 'Invite token is not valid'),
});
export type InviteTokenInput = z.infer<typeof inviteTokenInputSchema>;

export const projectJoinResultSchema = z.object({ projectId: z.uuid(), teamId: z.uuid(), alreadyMember: z.boolean() });
export type ProjectJoinResult = z.infer<typeof projectJoinResultSchema>;

export const inviteLinkSchema = z.object({ inviteLink: z.string() });
