import { capacityInputSchema, DEFAULT_CAPACITY, type Capacity, type TeamRole } from '@planline/domain';

/**
 * The Capacity dialog's form state (issue 36) and its check against the API's own schema, so the messages the
 * dialog shows are the ones a PUT would answer with. Kept apart from the component to be tested without a DOM.
 */
export interface DayOffDraft {
  /** A stable React key for the row; never sent. */
  key: string;
  from: string;
  to: string;
  note: string;
}

export interface CapacityDraft {
  /** As typed: the input's text, so "" and "abc" reach the schema as what they are. */
  hoursPerDay: string;
  /** "Follow the project calendar": workingDays is sent as null. */
  followCalendar: boolean;
  /** ISO weekdays 1 (Monday) … 7 (Sunday) ticked; kept while followCalendar is on so unticking restores them. */
  weekdays: number[];
  daysOff: DayOffDraft[];
}

export interface DayOffErrors {
  from?: string;
  to?: string;
  note?: string;
}

export interface CapacityErrors {
  hoursPerDay?: string;
  workingDays?: string;
  daysOff?: string;
  /** By row index. */
  dayOff: Record<number, DayOffErrors>;
}

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const MONDAY_TO_FRIDAY = [1, 2, 3, 4, 5];

let nextKey = 0;
const newKey = () => `day-off-${++nextKey}`;

export function draftFromCapacity(capacity: Capacity = DEFAULT_CAPACITY): CapacityDraft {
  return {
    hoursPerDay: String(capacity.hoursPerDay),
    followCalendar: capacity.workingDays === null,
    weekdays: capacity.workingDays ? [...capacity.workingDays] : [...MONDAY_TO_FRIDAY],
    daysOff: capacity.daysOff.map((d) => ({ key: newKey(), from: d.from, to: d.to, note: d.note })),
  };
}

export function toggleWeekday(draft: CapacityDraft, day: number, on: boolean): CapacityDraft {
  const rest = draft.weekdays.filter((d) => d !== day);
  return { ...draft, weekdays: on ? [...rest, day].sort((a, b) => a - b) : rest };
}

/** A new empty range at the end, for the person to fill in. */
export function addDayOff(draft: CapacityDraft): CapacityDraft {
  return { ...draft, daysOff: [...draft.daysOff, { key: newKey(), from: '', to: '', note: '' }] };
}

export function removeDayOff(draft: CapacityDraft, key: string): CapacityDraft {
  return { ...draft, daysOff: draft.daysOff.filter((d) => d.key !== key) };
}

export function updateDayOff(draft: CapacityDraft, key: string, patch: Partial<Omit<DayOffDraft, 'key'>>): CapacityDraft {
  return { ...draft, daysOff: draft.daysOff.map((d) => (d.key === key ? { ...d, ...patch } : d)) };
}

/** The typed hours as a number for the schema; text that is no number stays text so the schema says so. */
function hoursValue(text: string): unknown {
  const trimmed = text.trim();
  // Empty is an error, not the schema's default of 8: NaN is refused with the hours message.
  if (trimmed === '') return Number.NaN;
  const n = Number(trimmed);
  return Number.isNaN(n) ? trimmed : n;
}

export type CapacityCheck = { ok: true; value: Capacity } | { ok: false; errors: CapacityErrors };

/** The draft as the PUT body, or the schema's messages placed by field (and by day-off row). */
export function checkCapacityDraft(draft: CapacityDraft): CapacityCheck {
  const body = {
    hoursPerDay: hoursValue(draft.hoursPerDay),
    workingDays: draft.followCalendar ? null : draft.weekdays,
    // Empty dates go as missing, so the message is "… is required" rather than one about the format.
    daysOff: draft.daysOff.map((d) => ({ from: d.from || undefined, to: d.to || undefined, note: d.note })),
  };
  const parsed = capacityInputSchema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: CapacityErrors = { dayOff: {} };
  for (const issue of parsed.error.issues) {
    const [field, index, sub] = issue.path;
    if (field === 'hoursPerDay') errors.hoursPerDay ??= issue.message;
    else if (field === 'workingDays') errors.workingDays ??= issue.message;
    else if (field === 'daysOff' && typeof index === 'number' && (sub === 'from' || sub === 'to' || sub === 'note')) {
      const row = (errors.dayOff[index] ??= {});
      row[sub] ??= issue.message;
    } else if (field === 'daysOff') errors.daysOff ??= issue.message;
  }
  return { ok: false, errors };
}

/** Who may edit a member's capacity (the API answers 403 otherwise): owner and admins anyone's, each person their own. */
export function canEditCapacity(viewerRole: TeamRole, viewerId: string | null | undefined, memberUserId: string): boolean {
  return viewerRole === 'owner' || viewerRole === 'admin' || viewerId === memberUserId;
}
