import { createWorkCalendar, DEFAULT_WORK_CALENDAR, type LinkType } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import type { ExportData, ExportTask } from '../export/export-data.js';
import { readMspdi } from './mspdi-read.js';
import { extendedAttributes, writeMspdi, type MspdiPerson } from './mspdi-write.js';

const calendarResult = createWorkCalendar({ workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-03-09', '2026-12-24', '2026-12-25', '2026-12-28'] });
if (!calendarResult.ok) throw new Error(calendarResult.reason);
const calendar = calendarResult.calendar;

const people: MspdiPerson[] = [
  { id: 'u-ana', name: 'Ana Lima', email: 'ana@example.com' },
  { id: 'u-ben', name: 'Ben <Ops> & Co', email: 'ben@example.com' },
  { id: 'u-cy', name: 'Cy Unassigned', email: 'cy@example.com' },
];

type Row = Partial<ExportTask> & Pick<ExportTask, 'name' | 'startDate' | 'endDate' | 'depth'>;
const ROWS: Row[] = [
  { name: 'Phase 1 & "discovery"', startDate: '2026-03-02', endDate: '2026-03-12', depth: 0, summary: true },
  { name: 'Stage 1.1', startDate: '2026-03-02', endDate: '2026-03-12', depth: 1, summary: true },
  { name: 'Interviews <remote>', startDate: '2026-03-02', endDate: '2026-03-05', depth: 2, progress: 100, description: 'Notes with\nlines & symbols ✓', assignments: [{ userId: 'u-ana', allocation: 100 }, { userId: 'u-ben', allocation: 50 }] },
  { name: 'Synthesis', startDate: '2026-03-10', endDate: '2026-03-12', depth: 2, progress: 30, links: [{ dependsOnId: 't2', type: 'FS', lagDays: 1 }], assignments: [{ userId: 'u-ben', allocation: 150 }] },
  { name: 'Discovery done', startDate: '2026-03-12', endDate: '2026-03-12', depth: 1, kind: 'milestone', links: [{ dependsOnId: 't3', type: 'FF', lagDays: 0 }] },
  { name: 'Phase 2', startDate: '2026-03-11', endDate: '2026-03-20', depth: 0, summary: true },
  { name: 'Prototype', startDate: '2026-03-11', endDate: '2026-03-17', depth: 1, priority: 'critical', links: [{ dependsOnId: 't3', type: 'SS', lagDays: -1 }] },
  { name: 'Pilot', startDate: '2026-03-16', endDate: '2026-03-20', depth: 1, priority: 'low', links: [{ dependsOnId: 't6', type: 'SF', lagDays: 3 }, { dependsOnId: 't2', type: 'FS', lagDays: 4 }] },
];

function plan(): ExportData {
  const tasks: ExportTask[] = ROWS.map((row, i) => ({
    id: `t${i}`,
    description: null,
    status: 'pending',
    priority: 'medium',
    progress: 0,
    color: '#3b82f6',
    order: i,
    kind: 'task',
    parent: null,
    summary: false,
    dependsOn: [],
    links: [] as { dependsOnId: string; type: LinkType; lagDays: number }[],
    assignee: null,
    assignees: [],
    assignments: [],
    baseline: i % 2 ? { startDate: row.startDate, endDate: row.endDate, driftDays: 0 } : null,
    ...row,
  }));
  return { project: { name: 'Research & pilot', code: 'RES-1', status: 'active', description: null, startDate: null, endDate: null }, tasks, baseline: { name: 'Plan', savedOn: '2026-03-01' }, today: '2026-03-01', people };
}

const written = () => writeMspdi({ data: plan(), calendar, people });

describe('[mspdi-write] MS Project XML out, and back in', () => {
  it('writes what readMspdi reads back: names, dates, hierarchy, milestones, links with type and lag, allocations', () => {
    const read = readMspdi(Buffer.from(written()), { fileName: 'RES-1.xml', calendar: DEFAULT_WORK_CALENDAR });
    expect(read.errors).toEqual([]);
    expect(read.warnings).toEqual([]);
    const nameOf = new Map(read.tasks.map((t) => [t.key, t.name]));
    const parents = [null, 'Phase 1 & "discovery"', 'Stage 1.1', 'Stage 1.1', 'Phase 1 & "discovery"', null, 'Phase 2', 'Phase 2'];
    expect(read.tasks.map((t) => ({ name: t.name, startDate: t.startDate, endDate: t.endDate, kind: t.kind, parent: t.parentKey ? nameOf.get(t.parentKey) : null }))).toEqual(
      plan().tasks.map((t, i) => ({ name: t.name, startDate: t.startDate, endDate: t.endDate, kind: t.kind, parent: parents[i] })),
    );
    const taskName = new Map(plan().tasks.map((t) => [t.id, t.name]));
    expect(read.links.map((l) => `${nameOf.get(l.predecessorKey)} ${l.type}${l.lagDays} ${nameOf.get(l.successorKey)}`)).toEqual(
      plan().tasks.flatMap((t) => t.links.map((l) => `${taskName.get(l.dependsOnId)} ${l.type}${l.lagDays} ${t.name}`)),
    );
    const emailOf = new Map(read.resources.map((r) => [r.key, r.email]));
    expect(read.tasks.map((t) => t.assignments.map((a) => `${emailOf.get(a.resourceKey)} ${a.allocation}`))).toEqual(
      plan().tasks.map((t) => (t.assignments ?? []).map((a) => `${people.find((p) => p.id === a.userId)!.email} ${a.allocation}`)),
    );
    // Only the people with an assignment become resources.
    expect(read.resources.map((r) => r.name)).toEqual(['Ana Lima', 'Ben <Ops> & Co']);
    expect(read.tasks.map((t) => [t.progress, t.priority])).toEqual(plan().tasks.map((t) => [t.progress, t.priority]));
    expect(read.tasks[2]!.description).toBe('Notes with\nlines & symbols ✓');
  });

  it('writes the calendar with its holidays, and the chosen baseline as baseline 0', () => {
    const read = readMspdi(Buffer.from(written()), { fileName: 'RES-1.xml', calendar: DEFAULT_WORK_CALENDAR });
    expect(read.calendar).toEqual({ workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-03-09', '2026-12-24', '2026-12-25', '2026-12-28'] });
    const nameOf = new Map(read.tasks.map((t) => [t.key, t.name]));
    expect(read.baseline!.name).toBe('Imported baseline');
    expect(read.baseline!.tasks.map((b) => [nameOf.get(b.key), b.startDate, b.endDate])).toEqual(
      plan().tasks.filter((t) => t.baseline).map((t) => [t.name, t.baseline!.startDate, t.baseline!.endDate]),
    );
  });

  it("follows MS Project's schema: durations in working time, LinkLag in tenths of a minute, times of day, a start constraint", () => {
    const xml = written();
    // Interviews: 4 working days of 8 hours; Synthesis after a holiday (2026-03-09): 3 days.
    expect(xml).toContain('<Name>Interviews &lt;remote&gt;</Name>');
    expect(xml).toMatch(/<Start>2026-03-02T08:00:00<\/Start><Finish>2026-03-05T17:00:00<\/Finish><Duration>PT32H0M0S<\/Duration><DurationFormat>7<\/DurationFormat>/);
    expect(xml).toContain('<PredecessorUID>3</PredecessorUID><Type>1</Type><CrossProject>0</CrossProject><LinkLag>4800</LinkLag><LagFormat>7</LagFormat>');
    expect(xml).toContain('<LinkLag>-4800</LinkLag>');
    expect(xml).toContain('<ConstraintType>4</ConstraintType><ConstraintDate>2026-03-10T08:00:00</ConstraintDate>');
    expect(xml).toContain('<WBS>1.1.2</WBS><OutlineNumber>1.1.2</OutlineNumber><OutlineLevel>3</OutlineLevel>');
    expect(xml).toContain('<Units>1.5</Units><Work>PT36H0M0S</Work>');
    // Holidays as exceptions: one per run of consecutive days, never overlapping.
    expect(xml.match(/<Exception>/g)).toHaveLength(3);
    expect(xml).toContain('<FromDate>2026-12-24T00:00:00</FromDate><ToDate>2026-12-25T23:59:00</ToDate>');
    // The project summary task first, as MS Project writes it.
    expect(xml).toMatch(/<Tasks>\n<Task><UID>0<\/UID><ID>0<\/ID><Name>Research &amp; pilot<\/Name>/);
    // The order MS Project's schema requires at the top of the project.
    const order = ['SaveVersion', 'Name', 'Title', 'CreationDate', 'ScheduleFromStart', 'StartDate', 'FinishDate', 'CalendarUID', 'MinutesPerDay', 'Calendars', 'Tasks', 'Resources', 'Assignments'];
    const at = order.map((name) => xml.indexOf(`<${name}>`));
    expect(at.every((position) => position > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('writes an empty project that still reads as an MS Project file', () => {
    const empty = { ...plan(), tasks: [] };
    const read = readMspdi(Buffer.from(writeMspdi({ data: empty, calendar, people })), { fileName: 'empty.xml', calendar: DEFAULT_WORK_CALENDAR });
    expect(read.tasks).toEqual([]);
    expect(read.errors).toEqual([{ row: null, message: '«empty.xml» has no tasks to import' }]);
  });
  it('escapes only what needs it: quotes and markup as references, control characters left out, plain text as it is', () => {
    const data = plan();
    data.tasks[0]!.name = 'Say "hi"\u0007 & <go>';
    data.tasks[1]!.name = 'Plain name, 100% ✓';
    const xml = writeMspdi({ data, calendar, people });
    expect(xml).toContain('<Name>Say &quot;hi&quot; &amp; &lt;go&gt;</Name>');
    expect(xml).toContain('<Name>Plain name, 100% ✓</Name>');
    const read = readMspdi(Buffer.from(xml), { fileName: 'RES-1.xml', calendar: DEFAULT_WORK_CALENDAR });
    expect(read.tasks.slice(0, 2).map((t) => t.name)).toEqual(['Say "hi" & <go>', 'Plain name, 100% ✓']);
  });
});

describe('[mspdi-custom] custom fields as MS Project local custom fields', () => {
  const field = (name: string, type: 'text' | 'number' | 'date' | 'choice' | 'checkbox') => ({ id: name, name, type, options: [] });

  it('each takes the next free field of its kind, with MS Project’s FieldIDs (not consecutive past Text5)', () => {
    const texts = Array.from({ length: 8 }, (_, i) => field(`T${i}`, i % 2 ? 'choice' : 'text'));
    const slots = extendedAttributes([...texts, field('N', 'number'), field('D', 'date'), field('F', 'checkbox')]);
    expect(slots.map((s) => [s.field.name, s.fieldName, s.fieldId])).toEqual([
      ['T0', 'Text1', 188743731],
      ['T1', 'Text2', 188743734],
      ['T2', 'Text3', 188743737],
      ['T3', 'Text4', 188743740],
      ['T4', 'Text5', 188743743],
      ['T5', 'Text6', 188743746],
      ['T6', 'Text7', 188743747],
      ['T7', 'Text8', 188743748],
      ['N', 'Number1', 188743767],
      ['D', 'Date1', 188743945],
      ['F', 'Flag1', 188743752],
    ]);
  });

  it('past the last field of a kind (an 11th date field) the field is left out', () => {
    const dates = Array.from({ length: 11 }, (_, i) => field(`D${i}`, 'date'));
    const slots = extendedAttributes(dates);
    expect(slots).toHaveLength(10);
    expect(slots.at(-1)).toMatchObject({ fieldName: 'Date10', fieldId: 188743954 });
  });
});
