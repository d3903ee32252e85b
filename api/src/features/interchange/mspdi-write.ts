import {
  daysToMspdiDuration,
  daysToMspdiLinkLag,
  MSPDI_LAG_FORMAT,
  mspdiTimeUnits,
  type CustomValue,
  type LinkType,
  type MspdiTimeUnits,
  type WorkCalendar,
} from '@planline/domain';
import type { ExportCustomField, ExportData } from '../export/export-data.js';
import { MSPDI_LINK_TYPES } from './mspdi-read.js';

/*
 * Issue 37: a project as MS Project XML (MSPDI) that MS Project opens. Elements are written in the order of MS Project's
 * schema (mspdi_pj12.xsd: it refuses a file whose elements are out of order), tasks with a "start no earlier than"
 * constraint on their own start so that MS Project, which reschedules on open, keeps Planline's dates; and the
 * calendar's holidays as an Exceptions list (Project 2007 and later), one exception per run of consecutive days.
 * What readMspdi reads back is what was written: names, dates, hierarchy, milestones, links, allocations, baseline 0.
 */

/** Planline's calendar has days, not hours: a working day is written as 08:00–12:00 and 13:00–17:00 (480 minutes). */
const DAY_START = '08:00:00';
const DAY_FINISH = '17:00:00';
const WORKING_TIMES = [
  ['08:00:00', '12:00:00'],
  ['13:00:00', '17:00:00'],
] as const;
const CALENDAR_UID = 1;
/** Project 2010's SaveVersion: the first that every MS Project in use reads, with Exceptions in calendars. */
const SAVE_VERSION = 14;
/** MS Project's constraint types: 0 as soon as possible, 4 start no earlier than. */
const AS_SOON_AS_POSSIBLE = 0;
const START_NO_EARLIER_THAN = 4;
/** Task Type 1: fixed duration (an assignment's units never change the task's dates). */
const FIXED_DURATION = 1;

/** What escapeXml changes: most values (dates, names without markup) have none and are written as they are. */
const NEEDS_ESCAPING = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff&<>"]/;

const escapeXml = (value: string) =>
  !NEEDS_ESCAPING.test(value)
    ? value
    : value
    // XML 1.0 cannot hold most control characters, even as references.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** `<Name>value</Name>`, escaped. */
const el = (name: string, value: string | number) => `<${name}>${typeof value === 'number' ? value : escapeXml(value)}</${name}>`;

/** The people assigned in the project, by user id: MSPDI resources. */
export interface MspdiPerson {
  id: string;
  name: string;
  email: string;
}

export interface MspdiInput {
  data: ExportData;
  calendar: WorkCalendar;
  people: MspdiPerson[];
}

/**
 * [mspdi-write] The project, its tasks (UID, outline level, WBS, summary and milestone flags, Start, Finish,
 * Duration, PercentComplete, Notes, links with LinkLag in tenths of a minute), its calendar and holidays, the
 * assigned people as resources and their assignments with units, and the chosen baseline as baseline 0.
 */
export function writeMspdi({ data, calendar, people }: MspdiInput): string {
  const units = mspdiTimeUnits({ minutesPerDay: 480, minutesPerWeek: 480 * calendar.workingWeekdays.length });
  const uidOf = new Map(data.tasks.map((t, i) => [t.id, i + 1]));
  const starts = data.tasks.map((t) => t.startDate).sort();
  const ends = data.tasks.map((t) => t.endDate).sort();
  const projectStart = data.project.startDate ?? starts[0] ?? data.today;
  const projectFinish = ends.at(-1) ?? data.project.endDate ?? projectStart;
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>');
  out.push('<Project xmlns="http://schemas.microsoft.com/project">');
  out.push(
    el('SaveVersion', SAVE_VERSION),
    el('Name', `${data.project.code}.xml`),
    el('Title', data.project.name),
    el('CreationDate', `${data.today}T00:00:00`),
    el('ScheduleFromStart', 1),
    el('StartDate', `${projectStart}T${DAY_START}`),
    el('FinishDate', `${projectFinish}T${DAY_FINISH}`),
    el('CalendarUID', CALENDAR_UID),
    el('DefaultStartTime', DAY_START),
    el('DefaultFinishTime', DAY_FINISH),
    el('MinutesPerDay', units.minutesPerDay),
    el('MinutesPerWeek', units.minutesPerWeek),
    el('DaysPerMonth', units.daysPerMonth),
    el('DefaultTaskType', FIXED_DURATION),
    el('DurationFormat', MSPDI_LAG_FORMAT.days),
  );
  const extended = extendedAttributes(data.customFields ?? []);
  writeExtendedAttributes(out, extended);
  writeCalendar(out, calendar);
  writeTasks(out, { data, calendar, units, uidOf, projectStart, projectFinish, extended });
  const assigned = writeResources(out, data, people);
  writeAssignments(out, data, calendar, units, uidOf, assigned);
  out.push('</Project>');
  return out.join('\n');
}

function writeCalendar(out: string[], calendar: WorkCalendar): void {
  out.push('<Calendars>', '<Calendar>', el('UID', CALENDAR_UID), el('Name', 'Standard'), el('IsBaseCalendar', 1), el('IsBaselineCalendar', 0), el('BaseCalendarUID', -1));
  out.push('<WeekDays>');
  for (let day = 0; day < 7; day++) {
    const working = calendar.workingWeekdays.includes(day);
    const times = working ? `<WorkingTimes>${WORKING_TIMES.map(([from, to]) => `<WorkingTime>${el('FromTime', from)}${el('ToTime', to)}</WorkingTime>`).join('')}</WorkingTimes>` : '';
    out.push(`<WeekDay>${el('DayType', day + 1)}${el('DayWorking', working ? 1 : 0)}${times}</WeekDay>`);
  }
  out.push('</WeekDays>');
  const runs = holidayRuns(calendar.holidays);
  if (runs.length) {
    out.push('<Exceptions>');
    for (const [from, to] of runs) {
      out.push(
        `<Exception>${el('EnteredByOccurrences', 0)}<TimePeriod>${el('FromDate', `${from}T00:00:00`)}${el('ToDate', `${to}T23:59:00`)}</TimePeriod>` +
          `${el('Occurrences', 1)}${el('Name', from === to ? `Holiday ${from}` : `Holidays ${from} to ${to}`)}${el('Type', 1)}${el('Period', 1)}${el('DayWorking', 0)}</Exception>`,
      );
    }
    out.push('</Exceptions>');
  }
  out.push('</Calendar>', '</Calendars>');
}

/** Sorted holidays as runs of consecutive days (MS Project refuses overlapping exceptions). */
function holidayRuns(holidays: readonly string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const day of [...new Set(holidays)].sort()) {
    const last = runs.at(-1);
    const next = last ? new Date(Date.parse(`${last[1]}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : null;
    if (last && next === day) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/*
 * [mspdi-custom] Custom fields (issue 39) as MS Project's local task custom fields: each takes the next free one of
 * its kind (text and choice: Text1-Text30, number: Number1-Number20, date: Date1-Date10, checkbox: Flag1-Flag20),
 * defined once at the project level (<ExtendedAttributes>: FieldID, FieldName, Alias = the field's name), its values
 * on each task (<ExtendedAttribute>: FieldID, Value). FieldIDs are MS Project's (pjCustomTaskText1 = 188743731 …);
 * they are not consecutive. A field past its kind's last slot (an 11th date field) is left out of the file.
 */
const TASK_CUSTOM_FIELD_IDS = {
  Text: [
    188743731, 188743734, 188743737, 188743740, 188743743, 188743746, 188743747, 188743748, 188743749, 188743750,
    ...Array.from({ length: 20 }, (_, i) => 188743997 + i),
  ],
  Number: [188743767, 188743768, 188743769, 188743770, 188743771, ...Array.from({ length: 15 }, (_, i) => 188743982 + i)],
  Date: Array.from({ length: 10 }, (_, i) => 188743945 + i),
  Flag: [...Array.from({ length: 10 }, (_, i) => 188743752 + i), ...Array.from({ length: 10 }, (_, i) => 188743972 + i)],
} as const;
type CustomSlotKind = keyof typeof TASK_CUSTOM_FIELD_IDS;
const SLOT_KIND: Record<ExportCustomField['type'], CustomSlotKind> = { text: 'Text', choice: 'Text', number: 'Number', date: 'Date', checkbox: 'Flag' };

/** A custom field with the MS Project field it is written as. */
interface ExtendedField {
  field: ExportCustomField;
  fieldId: number;
  /** MS Project's name of it: "Text1", "Number3". */
  fieldName: string;
}

/** Each custom field's MS Project field, the next free of its kind, in the project's column order. */
export function extendedAttributes(fields: readonly ExportCustomField[]): ExtendedField[] {
  const used: Record<CustomSlotKind, number> = { Text: 0, Number: 0, Date: 0, Flag: 0 };
  const out: ExtendedField[] = [];
  for (const field of fields) {
    const kind = SLOT_KIND[field.type];
    const fieldId = TASK_CUSTOM_FIELD_IDS[kind][used[kind]];
    if (fieldId === undefined) continue;
    used[kind] += 1;
    out.push({ field, fieldId, fieldName: `${kind}${used[kind]}` });
  }
  return out;
}

function writeExtendedAttributes(out: string[], extended: readonly ExtendedField[]): void {
  if (!extended.length) return;
  out.push('<ExtendedAttributes>');
  for (const { field, fieldId, fieldName } of extended) {
    out.push(`<ExtendedAttribute>${el('FieldID', fieldId)}${el('FieldName', fieldName)}${el('Alias', field.name)}</ExtendedAttribute>`);
  }
  out.push('</ExtendedAttributes>');
}

/** A task's value as MS Project reads it: dates at the day's start, flags 1 or 0, numbers and text as they are. */
function extendedValue(type: ExportCustomField['type'], value: CustomValue): string | number {
  if (type === 'checkbox') return value === true ? 1 : 0;
  if (type === 'date') return `${String(value)}T${DAY_START}`;
  return typeof value === 'number' ? value : String(value);
}

interface TaskContext {
  extended: readonly ExtendedField[];
  data: ExportData;
  calendar: WorkCalendar;
  units: MspdiTimeUnits;
  uidOf: Map<string, number>;
  projectStart: string;
  projectFinish: string;
}

const LINK_TYPE_CODE = new Map<LinkType, number>(MSPDI_LINK_TYPES.map((type, code) => [type, code]));

function writeTasks(out: string[], { data, calendar, units, uidOf, projectStart, projectFinish, extended }: TaskContext): void {
  out.push('<Tasks>');
  // MS Project's project summary task (UID 0): readers skip it, and MS Project expects it.
  out.push(
    `<Task>${el('UID', 0)}${el('ID', 0)}${el('Name', data.project.name)}${el('Type', FIXED_DURATION)}${el('IsNull', 0)}${el('WBS', '0')}${el('OutlineNumber', '0')}${el('OutlineLevel', 0)}` +
      `${el('Start', `${projectStart}T${DAY_START}`)}${el('Finish', `${projectFinish}T${DAY_FINISH}`)}${el('Summary', 1)}</Task>`,
  );
  /** The outline number's parts at each depth: "1.2.3". */
  const numbering: number[] = [];
  for (const task of data.tasks) {
    numbering.length = task.depth + 1;
    numbering[task.depth] = (numbering[task.depth] ?? 0) + 1;
    for (let i = 0; i < task.depth; i++) numbering[i] ??= 1;
    const wbs = numbering.join('.');
    const uid = uidOf.get(task.id)!;
    const milestone = task.kind === 'milestone' && !task.summary;
    const days = milestone ? 0 : calendar.workingDaysBetween(task.startDate, task.endDate);
    const start = `${task.startDate}T${DAY_START}`;
    const finish = milestone ? start : `${task.endDate}T${DAY_FINISH}`;
    const parts = [
      el('UID', uid),
      el('ID', uid),
      el('Name', task.name),
      el('Type', FIXED_DURATION),
      el('IsNull', 0),
      el('WBS', wbs),
      el('OutlineNumber', wbs),
      el('OutlineLevel', task.depth + 1),
      el('Priority', PRIORITY_CODE[task.priority]),
      el('Start', start),
      el('Finish', finish),
      el('Duration', daysToMspdiDuration(days, units)),
      el('DurationFormat', MSPDI_LAG_FORMAT.days),
      el('Milestone', milestone ? 1 : 0),
      el('Summary', task.summary ? 1 : 0),
      el('PercentComplete', Math.round(task.progress)),
      // Summaries follow their subtasks; a task keeps its start through MS Project's rescheduling.
      el('ConstraintType', task.summary ? AS_SOON_AS_POSSIBLE : START_NO_EARLIER_THAN),
      ...(task.summary ? [] : [el('ConstraintDate', start)]),
      ...(task.description ? [el('Notes', task.description)] : []),
    ];
    for (const link of task.links) {
      const predecessor = uidOf.get(link.dependsOnId);
      if (predecessor === undefined) continue;
      parts.push(
        `<PredecessorLink>${el('PredecessorUID', predecessor)}${el('Type', LINK_TYPE_CODE.get(link.type) ?? 1)}${el('CrossProject', 0)}` +
          `${el('LinkLag', daysToMspdiLinkLag(link.lagDays, units))}${el('LagFormat', MSPDI_LAG_FORMAT.days)}</PredecessorLink>`,
      );
    }
    // mspdi_pj12.xsd puts a task's ExtendedAttribute values after its links and before its Baseline.
    for (const { field, fieldId } of extended) {
      const value = task.custom?.[field.id];
      if (value !== undefined) parts.push(`<ExtendedAttribute>${el('FieldID', fieldId)}${el('Value', extendedValue(field.type, value))}</ExtendedAttribute>`);
    }
    if (task.baseline) {
      const b = task.baseline;
      const baselineDays = calendar.workingDaysBetween(b.startDate, b.endDate);
      parts.push(
        `<Baseline>${el('Number', 0)}${el('Start', `${b.startDate}T${DAY_START}`)}${el('Finish', `${b.endDate}T${DAY_FINISH}`)}` +
          `${el('Duration', daysToMspdiDuration(baselineDays, units))}${el('DurationFormat', MSPDI_LAG_FORMAT.days)}</Baseline>`,
      );
    }
    out.push(`<Task>${parts.join('')}</Task>`);
  }
  out.push('</Tasks>');
}

/** MS Project's Priority (0 … 1000, 500 = Medium), read back by readMspdi to the same step. */
const PRIORITY_CODE = { low: 300, medium: 500, high: 800, critical: 950 } as const;

/** The people with an assignment, as work resources; answers their resource UIDs by user id. */
function writeResources(out: string[], data: ExportData, people: MspdiPerson[]): Map<string, number> {
  const assigned = new Set(data.tasks.flatMap((t) => (t.assignments ?? []).map((a) => a.userId)));
  const uids = new Map<string, number>();
  out.push('<Resources>');
  for (const person of people) {
    if (!assigned.has(person.id)) continue;
    const uid = uids.size + 1;
    uids.set(person.id, uid);
    out.push(`<Resource>${el('UID', uid)}${el('ID', uid)}${el('Name', person.name)}${el('Type', 1)}${el('IsNull', 0)}${el('EmailAddress', person.email)}</Resource>`);
  }
  out.push('</Resources>');
  return uids;
}

function writeAssignments(out: string[], data: ExportData, calendar: WorkCalendar, units: MspdiTimeUnits, uidOf: Map<string, number>, resources: Map<string, number>): void {
  out.push('<Assignments>');
  let uid = 0;
  for (const task of data.tasks) {
    const days = task.kind === 'milestone' ? 0 : calendar.workingDaysBetween(task.startDate, task.endDate);
    for (const { userId, allocation } of task.assignments ?? []) {
      const resource = resources.get(userId);
      if (resource === undefined) continue;
      uid += 1;
      out.push(
        `<Assignment>${el('UID', uid)}${el('TaskUID', uidOf.get(task.id)!)}${el('ResourceUID', resource)}` +
          `${el('Finish', `${task.endDate}T${DAY_FINISH}`)}${el('Start', `${task.startDate}T${DAY_START}`)}` +
          `${el('Units', allocation / 100)}${el('Work', daysToMspdiDuration((days * allocation) / 100, units))}</Assignment>`,
      );
    }
  }
  out.push('</Assignments>');
}
