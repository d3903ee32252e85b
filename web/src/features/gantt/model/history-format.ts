import {
  displayName,
  formatCalendarDate,
  isCalendarDate,
  readLinkSummary,
  readRecordedTask,
  TASK_FIELD_LABELS,
  TASK_KIND_LABELS,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  taskStatusOf,
  type CustomField,
  type TaskHistoryEntry,
  type TaskPriority,
} from '@planline/domain';
import { formatDistance, parseISO } from 'date-fns';
import { lagText, LINK_TYPE_NAMES } from './links';

export interface HistoryPerson {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface HistoryLine {
  id: string;
  who: string;
  when: string;
  /** The exact moment, for a tooltip. */
  at: string;
  field: string;
  /**
   * What was done: a task created (its name in `to`) or deleted (its name in `from`), a field changed from → to,
   * or a dependency added (its new value), changed or removed (its old value).
   */
  kind: 'created' | 'deleted' | 'changed' | 'link-added' | 'link-removed' | 'link-changed';
  from: string;
  to: string;
  reason: string | null;
}

const EMPTY = '—';

/** How a recorded value reads: names for assignees, labels for status and priority, '—' for nothing. */
/** A task's name by its id (null when it is no longer in the project). */
export type TaskNames = (taskId: string) => string | undefined;

export function historyValue(field: string, value: string | null, people: ReadonlyMap<string, HistoryPerson>, taskName: TaskNames = () => undefined): string {
  if (field === 'allocations') return allocationsText(value, people);
  if (value === null || value.trim() === '') return EMPTY;
  switch (field) {
    case 'status':
      return TASK_STATUS_LABELS[taskStatusOf(value)];
    case 'priority':
      return TASK_PRIORITY_LABELS[value as TaskPriority] ?? value;
    case 'progress':
      return `${value}%`;
    case 'startDate':
    case 'endDate':
      return isCalendarDate(value) ? formatCalendarDate(value) : value;
    case 'assigneeId':
      return personName(value, people);
    case 'kind':
      return TASK_KIND_LABELS[value as keyof typeof TASK_KIND_LABELS] ?? value;
    case 'parentId':
      return taskName(value) ?? 'A deleted task';
    case 'assigneeIds':
      return value.split(',').map((id) => personName(id, people)).join(', ');
    case 'dependency':
      return linkText(value);
    case 'created':
    case 'deleted':
      // The whole task, recorded for time travel; rows from before hold its name alone.
      return readRecordedTask(value)?.name ?? value;
    default:
      return value;
  }
}

/**
 * [workload-reassign] Allocations as recorded (JSON of person id → percent, for those not at 100; none recorded as
 * null) as people read them: "Ana Lee 50%, Ben Ode 120%", or "100% each".
 */
function allocationsText(value: string | null, people: ReadonlyMap<string, HistoryPerson>): string {
  if (value === null || value.trim() === '') return '100% each';
  try {
    const shares: unknown = JSON.parse(value);
    if (typeof shares !== 'object' || shares === null || Array.isArray(shares)) return value;
    const entries = Object.entries(shares as Record<string, unknown>);
    if (entries.length === 0) return '100% each';
    return entries.map(([id, percent]) => `${personName(id, people)} ${String(percent)}%`).join(', ');
  } catch {
    return value;
  }
}

/** "Design (SS +2d)" as people read it: "Design (start-to-start, lag 2 days)". */
function linkText(value: string): string {
  const summary = readLinkSummary(value);
  if (!summary) return value;
  return `${summary.predecessorName} (${LINK_TYPE_NAMES[summary.link.type]}, ${lagText(summary.link.lagDays)})`;
}

function lineKind(entry: TaskHistoryEntry): HistoryLine['kind'] {
  if (entry.fieldName === 'created' || entry.fieldName === 'deleted') return entry.fieldName;
  if (entry.fieldName !== 'dependency') return 'changed';
  if (entry.oldValue === null) return 'link-added';
  return entry.newValue === null ? 'link-removed' : 'link-changed';
}

function personName(id: string, people: ReadonlyMap<string, HistoryPerson>): string {
  const person = people.get(id);
  return person ? displayName(person) : 'Former member';
}

/** The project's custom fields by id, for the history's lines of custom values (issue 39). */
export type CustomFieldNames = ReadonlyMap<string, Pick<CustomField, 'name' | 'type'>>;

/** Custom values as recorded (JSON of field id → value; none recorded as null); anything unreadable as none. */
function recordedCustom(value: string | null): Record<string, unknown> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** One custom value as people read it: a date in words, a checkbox checked or not, '—' for none. */
function customValueText(type: CustomField['type'] | undefined, value: unknown): string {
  if (type === 'checkbox') return value === true ? 'Checked' : 'Not checked';
  if (value === undefined || value === null || value === '') return EMPTY;
  if (type === 'date' && isCalendarDate(value)) return formatCalendarDate(value);
  return String(value);
}

/**
 * [custom-values] A change of a task's custom values is one history row holding them all, before and after; it
 * reads as a line per field whose value changed, named by the field (a field removed since: "A removed field").
 */
function customLines(entry: TaskHistoryEntry, fields: CustomFieldNames): { fieldId: string; field: string; from: string; to: string }[] {
  const before = recordedCustom(entry.oldValue);
  const after = recordedCustom(entry.newValue);
  const ids = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((id) => before[id] !== after[id]);
  return ids.map((id) => {
    const field = fields.get(id);
    return { fieldId: id, field: field?.name ?? 'A removed field', from: customValueText(field?.type, before[id]), to: customValueText(field?.type, after[id]) };
  });
}

/**
 * [task-history] One line per recorded change: who (first name, else email), when (relative to `now`), which
 * field, old → new, and the reason when there is one. [link-history] A dependency is told as added, changed or
 * removed, with its predecessor, type and lag in words.
 */
export function historyLines(
  entries: readonly TaskHistoryEntry[],
  people: ReadonlyMap<string, HistoryPerson>,
  now: Date,
  taskName?: TaskNames,
  customFields: CustomFieldNames = new Map(),
): HistoryLine[] {
  return entries.flatMap((entry) => {
    const at = parseISO(entry.createdAt);
    const person = entry.changedByUser;
    const line = {
      id: entry.id,
      who: person?.firstName.trim() || person?.email || 'Someone',
      when: Number.isNaN(at.getTime()) ? '' : formatDistance(at, now, { addSuffix: true }),
      at: entry.createdAt,
      kind: lineKind(entry),
      reason: entry.changeReason?.trim() ? entry.changeReason : null,
    };
    if (entry.fieldName === 'custom') {
      return customLines(entry, customFields).map((c) => ({ ...line, id: `${entry.id}:${c.fieldId}`, field: c.field, from: c.from, to: c.to }));
    }
    return [
      {
        ...line,
        field: TASK_FIELD_LABELS[entry.fieldName] ?? entry.fieldName,
        from: historyValue(entry.fieldName, entry.oldValue, people, taskName),
        to: historyValue(entry.fieldName, entry.newValue, people, taskName),
      },
    ];
  });
}

/** '1 change', 'N changes'. */
export function changeCount(n: number): string {
  return `${n} ${n === 1 ? 'change' : 'changes'}`;
}
