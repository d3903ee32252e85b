import { readFileSync } from 'node:fs';
import { DEFAULT_WORK_CALENDAR } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { exceptionDates, MSPDI_CALENDAR_STEPS } from './mspdi-calendar.js';
import { readMspdi } from './mspdi-read.js';

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/mspdi/${name}`, import.meta.url));
const read = (name: string) => readMspdi(fixture(name), { fileName: name, calendar: DEFAULT_WORK_CALENDAR });
const refusal = (bytes: Buffer, fileName = 'plan.xml') => {
  try {
    readMspdi(bytes, { fileName, calendar: DEFAULT_WORK_CALENDAR });
  } catch (err) {
    return err;
  }
  throw new Error('the file was read');
};

describe('[mspdi-read] tasks, links and people', () => {
  const plan = read('link-types.xml');

  it('reads the tasks in file order, without the project summary task or null tasks, rows being task IDs', () => {
    expect(plan.errors).toEqual([]);
    expect(plan.tasks.map((t) => [t.key, t.row, t.name])).toEqual([
      ['1', 1, 'Design'],
      ['2', 2, 'Build'],
      ['3', 3, 'Test plan'],
      ['4', 4, 'Docs'],
      ['5', 5, 'Sign-off'],
      ['7', 7, 'Launch'],
    ]);
  });

  it('reads dates from Start and Finish, notes with entities, progress, priority and milestones', () => {
    const [design, build, , , signOff] = plan.tasks;
    expect(design).toMatchObject({ startDate: '2026-03-02', endDate: '2026-03-06', progress: 100, status: 'completed', description: 'Wireframes & flows été', priority: 'medium' });
    expect(build).toMatchObject({ startDate: '2026-03-10', endDate: '2026-03-16', progress: 40, status: 'in_progress', priority: 'critical', kind: 'task' });
    expect(signOff).toMatchObject({ startDate: '2026-03-17', endDate: '2026-03-17', kind: 'milestone' });
  });

  it('reads each link type (0 FF, 1 FS, 2 SF, 3 SS) with lags in days and hours, leads and percent lags', () => {
    expect(plan.links.map(({ predecessorKey, successorKey, type, lagDays }) => `${predecessorKey}->${successorKey} ${type} ${lagDays}`)).toEqual([
      '1->2 FS 1',
      '2->3 SS 2',
      '2->4 FF -1',
      '3->5 SF 0',
      '1->5 FS 3',
      '5->7 FS 1',
    ]);
    expect(plan.links.find((l) => l.successorKey === '7')!.row).toBe(7);
  });

  it('warns, on the row, about what it could not read as written', () => {
    const on = (row: number) => plan.warnings.filter((w) => w.row === row).map((w) => w.message);
    expect(on(5)).toEqual([expect.stringContaining("50% of the predecessor's 5 working days")]);
    expect(on(7)).toEqual([
      expect.stringMatching(/another project \(C:\\Plans\\Marketing\.mpp\\12\); that link was left out/),
      expect.stringContaining('task UID 99, which is not in the file'),
      expect.stringContaining('A lag of 4 hours is not a whole number of working days; it was rounded to 1 working day'),
    ]);
    expect(on(4)).toEqual([expect.stringContaining('300%')]);
  });

  it('reads work resources with their e-mail, and assignments as whole percent, without placeholders', () => {
    expect(plan.resources).toEqual([
      { key: '1', name: 'Ana Lima', email: 'ana@example.com' },
      { key: '2', name: 'Ben Okafor', email: null },
    ]);
    const assigned = Object.fromEntries(plan.tasks.map((t) => [t.name, t.assignments]));
    expect(assigned.Build).toEqual([{ resourceKey: '1', allocation: 100 }, { resourceKey: '2', allocation: 50 }]);
    expect(assigned.Docs).toEqual([{ resourceKey: '1', allocation: 200 }]);
    expect(assigned.Launch).toEqual([]);
    expect(assigned['Test plan']).toEqual([]);
    expect(plan.calendar).toEqual({ workingWeekdays: [1, 2, 3, 4, 5], holidays: [] });
    expect(plan.baseline).toBeNull();
  });
});

describe('[mspdi-lag] a 7.5-hour day', () => {
  it('reads LinkLag and durations by the file MinutesPerDay (4500 is one day)', () => {
    const plan = read('seven-and-a-half-hours.xml');
    expect(plan.links.map((l) => [l.type, l.lagDays])).toEqual([
      ['FS', 1],
      ['SS', 2],
      ['FS', 1],
    ]);
    const messages = plan.warnings.map((w) => `${w.row}: ${w.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^3: .*A lag of 1\.5 days is not a whole number of working days; it was rounded to 2 working days/),
      expect.stringMatching(/^4: .*A lag of 2 elapsed days \(calendar time\) was read as 1 working day/),
    ]);
  });
});

describe('[mspdi-lag] percent lags (LagFormat 19 %, 20 e%, 51 estimated %)', () => {
  /*
   * For the percent formats LinkLag holds the percent itself, where every other format holds tenths of a minute:
   * MS Project's schema names no other unit for them, MPXJ's MSPDI reader takes the number as is when LagFormat is
   * a percent (and its writer writes it so), and Aspose documents LinkLag as "tenths of a minute or percent". So
   * 500 is 500 % of the predecessor (50 of its 10 days), not 50 %. An elapsed percent (e%) is that share of the
   * predecessor's duration run off in elapsed time: 50e% of 10 eight-hour days is 2,400 minutes, 1.67 calendar
   * days, 1 working day at 5 of 7; read as 5 working days before. An estimated format (LagFormat + 32) reads as its
   * base.
   */
  const link = (uid: number, linkLag: number, lagFormat: number) =>
    `<Task><UID>${uid}</UID><ID>${uid}</ID><Name>After ${linkLag}/${lagFormat}</Name><OutlineLevel>1</OutlineLevel>` +
    '<Start>2026-04-06T08:00:00</Start><Finish>2026-04-06T17:00:00</Finish><Duration>PT8H0M0S</Duration>' +
    `<PredecessorLink><PredecessorUID>1</PredecessorUID><Type>1</Type><LinkLag>${linkLag}</LinkLag><LagFormat>${lagFormat}</LagFormat></PredecessorLink></Task>`;
  const xml =
    '<Project xmlns="http://schemas.microsoft.com/project"><MinutesPerDay>480</MinutesPerDay><Tasks>' +
    '<Task><UID>1</UID><ID>1</ID><Name>Ten days</Name><OutlineLevel>1</OutlineLevel><Start>2026-03-02T08:00:00</Start><Finish>2026-03-13T17:00:00</Finish><Duration>PT80H0M0S</Duration></Task>' +
    link(2, 50, 19) +
    link(3, 500, 19) +
    link(4, 50, 20) +
    link(5, 25, 51) +
    '</Tasks></Project>';
  const plan = readMspdi(Buffer.from(xml), { fileName: 'percent.xml', calendar: DEFAULT_WORK_CALENDAR });

  it('reads LinkLag as the percent of the predecessor duration, e% in elapsed time, each with a warning', () => {
    expect(plan.errors).toEqual([]);
    expect(plan.links.map((l) => [l.successorKey, l.lagDays])).toEqual([
      ['2', 5],
      ['3', 50],
      ['4', 1],
      ['5', 3],
    ]);
    expect(plan.warnings.map((w) => [w.row, w.message])).toEqual([
      [2, expect.stringContaining("A lag of 50% of the predecessor's 10 working days was read as 5 working days")],
      [3, expect.stringContaining('A lag of 500% of')],
      [4, expect.stringContaining("A lag of 50% (elapsed) of the predecessor's 10 working days was read as 1 working day")],
      [5, expect.stringContaining('A lag of 25% of')],
    ]);
  });
});

describe('[mspdi-calendar] the project calendar', () => {
  const plan = read('recurring-holiday.xml');

  it('reads the calendar the project names, both exception encodings, recurrences expanded, each date once', () => {
    expect(plan.calendar!.workingWeekdays).toEqual([1, 2, 3, 4, 5]);
    expect(plan.calendar!.holidays).toEqual([
      '2026-03-31', // quarter close: the last weekday of every third month
      '2026-04-03', // team day: every other Friday, 3 times
      '2026-04-06', // spring break
      '2026-04-07',
      '2026-04-08',
      '2026-04-17',
      '2026-05-01',
      '2026-06-30',
      '2026-09-30',
      '2026-11-26', // Thanksgiving: the fourth Thursday of November
      '2026-12-24', // the older encoding (DayType 0)
      '2026-12-25', // in both encodings, once
      '2026-12-31',
      '2027-11-25',
      // Christmas 2027 is a Saturday: no working day is lost.
      '2028-12-25',
    ]);
  });

  it('warns that a working exception (a Saturday worked) is not kept', () => {
    expect(plan.warnings).toEqual([{ row: null, message: expect.stringContaining('«Saturday release» makes 2026-06-13 working time') }]);
  });

  it('expands daily and monthly recurrences within their period and occurrences', () => {
    const exception = (fields: Record<string, string>, from: string, to: string) => ({
      TimePeriod: { FromDate: `${from}T00:00:00`, ToDate: `${to}T23:59:00` },
      ...fields,
    });
    expect(exceptionDates(exception({ Type: '1', Period: '3', EnteredByOccurrences: '1', Occurrences: '3' }, '2026-01-01', '2026-12-31'))).toEqual(['2026-01-01', '2026-01-04', '2026-01-07']);
    expect(exceptionDates(exception({ Type: '4', MonthDay: '31' }, '2026-01-01', '2026-05-31'))).toEqual(['2026-01-31', '2026-03-31', '2026-05-31']);
    expect(exceptionDates(exception({ Type: '5', MonthPosition: '0', MonthItem: '4' }, '2026-01-01', '2026-02-28'))).toEqual(['2026-01-05', '2026-02-02']);
    // A hostile recurrence cannot run for ever.
    expect(exceptionDates(exception({ Type: '1' }, '1900-01-01', '2999-12-31')).length).toBeLessThanOrEqual(36_600);
  });

  it('a file of many long exceptions is expanded within one budget for the whole calendar, with a warning (it once held the server for a minute)', () => {
    const long = '<TimePeriod><FromDate>1900-01-01T00:00:00</FromDate><ToDate>2999-12-31T23:59:00</ToDate></TimePeriod>';
    const xml =
      '<Project><CalendarUID>1</CalendarUID><Calendars><Calendar><UID>1</UID>' +
      `<WeekDays>${`<WeekDay><DayType>0</DayType><DayWorking>0</DayWorking>${long}</WeekDay>`.repeat(40)}</WeekDays>` +
      `<Exceptions>${`<Exception>${long}<Type>1</Type><DayWorking>0</DayWorking></Exception>`.repeat(40)}</Exceptions>` +
      '</Calendar></Calendars><Tasks><Task><UID>1</UID><ID>1</ID><Name>A</Name><Start>2026-03-02T08:00:00</Start><Finish>2026-03-02T17:00:00</Finish></Task></Tasks></Project>';
    const many = readMspdi(Buffer.from(xml), { fileName: 'many.xml', calendar: DEFAULT_WORK_CALENDAR });
    expect(many.warnings.map((w) => w.message)).toContain(
      `The calendar's exceptions run past the ${MSPDI_CALENDAR_STEPS.toLocaleString('en-US')} days Planline reads in one file; the rest were left out. Remove old or very long exceptions in MS Project if dates are missing.`,
    );
    expect(many.calendar!.holidays[0]).toBe('1900-01-01');
  });
});

describe('[mspdi-read] hierarchy and baseline', () => {
  const plan = read('nested-summaries.xml');

  it('builds the hierarchy from OutlineLevel, three levels deep, summaries rolled up from their subtasks', () => {
    expect(plan.tasks.map((t) => [t.name, plan.tasks.find((p) => p.key === t.parentKey)?.name ?? null, t.startDate, t.endDate, t.kind])).toEqual([
      ['Phase 1', null, '2026-03-02', '2026-03-10', 'task'],
      ['Stage 1.1', 'Phase 1', '2026-03-02', '2026-03-10', 'task'],
      ['Step 1.1.1', 'Stage 1.1', '2026-03-02', '2026-03-04', 'task'],
      ['Step 1.1.2', 'Stage 1.1', '2026-03-05', '2026-03-10', 'task'],
      ['Gate', 'Phase 1', '2026-03-10', '2026-03-10', 'milestone'],
      ['Phase 2', null, '2026-03-11', '2026-03-13', 'task'],
      ['Step 2.1', 'Phase 2', '2026-03-11', '2026-03-13', 'task'],
    ]);
  });

  it('reads baseline 0 only, as "Imported baseline" (a finish at midnight is the day before)', () => {
    expect(plan.baseline).toEqual({
      name: 'Imported baseline',
      tasks: [
        { key: '10', startDate: '2026-03-02', endDate: '2026-03-09' },
        { key: '12', startDate: '2026-03-02', endDate: '2026-03-03' },
        { key: '13', startDate: '2026-03-04', endDate: '2026-03-09' },
      ],
    });
  });
});

describe('[mspdi-stream] the file read element by element', () => {
  const readXml = (xml: string) => readMspdi(Buffer.from(xml), { fileName: 'stream.xml', calendar: DEFAULT_WORK_CALENDAR });
  const task = (uid: number, inner = '') =>
    `<Task><UID>${uid}</UID><ID>${uid}</ID><Name>T${uid}</Name><OutlineLevel>1</OutlineLevel><Start>2026-03-0${uid + 1}T08:00:00</Start><Finish>2026-03-0${uid + 1}T17:00:00</Finish>${inner}</Task>`;

  it('reads a task with nested links and baselines, CDATA notes, comments between tasks and prefixed elements', () => {
    const plan = readXml(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <p:Project xmlns:p="http://schemas.microsoft.com/project"><p:MinutesPerDay>480</p:MinutesPerDay><p:Tasks>
        ${task(1, '<Notes><![CDATA[Use <b> & keep]]> after &lt;CDATA&gt;</Notes>')}
        <!-- a comment between tasks, <Task> inside it is no task -->
        <p:Task><p:UID>2</p:UID><p:ID>2</p:ID><p:Name>Two &amp; more</p:Name><p:OutlineLevel>1</p:OutlineLevel>
          <p:Start>2026-03-04T08:00:00</p:Start><p:Finish>2026-03-05T17:00:00</p:Finish>
          <p:PredecessorLink><p:PredecessorUID>1</p:PredecessorUID><p:Type>3</p:Type><p:LinkLag>4800</p:LinkLag><p:LagFormat>7</p:LagFormat></p:PredecessorLink>
          <p:PredecessorLink><p:PredecessorUID>3</p:PredecessorUID></p:PredecessorLink>
          <p:Baseline><p:Number>1</p:Number><p:Start>2026-01-01T08:00:00</p:Start><p:Finish>2026-01-02T17:00:00</p:Finish></p:Baseline>
          <p:Baseline><p:Number>0</p:Number><p:Start>2026-03-03T08:00:00</p:Start><p:Finish>2026-03-04T17:00:00</p:Finish></p:Baseline>
          <p:ExtendedAttribute><p:FieldID>188743731</p:FieldID><p:Value>x</p:Value></p:ExtendedAttribute>
        </p:Task>
        ${task(3)}
      </p:Tasks></p:Project>`);
    expect(plan.errors).toEqual([]);
    expect(plan.tasks.map((t) => [t.key, t.name])).toEqual([['1', 'T1'], ['2', 'Two & more'], ['3', 'T3']]);
    expect(plan.tasks[0]!.description).toBe('Use <b> & keep after <CDATA>');
    expect(plan.links.map((l) => `${l.predecessorKey}->${l.successorKey} ${l.type} ${l.lagDays}`)).toEqual(['1->2 SS 1', '3->2 FS 0']);
    expect(plan.baseline).toEqual({ name: 'Imported baseline', tasks: [{ key: '2', startDate: '2026-03-03', endDate: '2026-03-04' }] });
  });

  it('reads assignments and the calendar whatever their place among the lists, and leaves out lists it does not read', () => {
    const plan = readXml(`<Project xmlns="http://schemas.microsoft.com/project"><CalendarUID>7</CalendarUID>
      <ExtendedAttributes><ExtendedAttribute><FieldID>1</FieldID><Alias>Name</Alias></ExtendedAttribute></ExtendedAttributes>
      <Assignments><Assignment><TaskUID>1</TaskUID><ResourceUID>4</ResourceUID><Units>0.5</Units>
        <TimephasedData><Type>1</Type><Value>PT8H0M0S</Value></TimephasedData></Assignment></Assignments>
      <Tasks>${task(1)}</Tasks>
      <Resources><Resource><UID>4</UID><Name>Ana</Name><Type>1</Type></Resource></Resources>
      <Calendars><Calendar><UID>7</UID><Name>Six days</Name><WeekDays>
        <WeekDay><DayType>7</DayType><DayWorking>1</DayWorking></WeekDay></WeekDays></Calendar></Calendars>
    </Project>`);
    expect(plan.tasks[0]!.assignments).toEqual([{ resourceKey: '4', allocation: 50 }]);
    expect(plan.calendar?.workingWeekdays).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses an entity it does not know and an element nested past any MS Project file, naming the line', () => {
    const unknown = refusal(Buffer.from(`<Project>\n<Tasks>\n${task(1, '<Notes>&nbsp;</Notes>')}</Tasks></Project>`));
    expect(unknown).toMatchObject({ status: 400, message: expect.stringMatching(/not well-formed XML \(line 3: .*entity/) });
    const deep = `<Project><Tasks><Task>${'<a>'.repeat(100)}${'</a>'.repeat(100)}</Task></Tasks></Project>`;
    expect(refusal(Buffer.from(deep))).toMatchObject({ status: 400, message: expect.stringContaining('nest more than 64 deep') });
  });

  it('refuses a bare DOCTYPE, with nothing declared in it, with the same message', () => {
    expect(refusal(Buffer.from('<!DOCTYPE Project><Project/>'))).toMatchObject({ status: 400, message: expect.stringContaining('declares a DOCTYPE') });
  });
});

describe('[mspdi-safety] files that are not MS Project XML', () => {
  it('refuses a DOCTYPE with an external entity before parsing, with a 400 that says why', () => {
    const err = refusal(fixture('doctype-entity.xml'), 'doctype-entity.xml');
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 400, message: expect.stringContaining('«doctype-entity.xml» declares a DOCTYPE') });
    expect((err as Error).message).not.toContain('root:');
  });

  it('refuses an entity expansion bomb at once', () => {
    expect(refusal(fixture('entity-bomb.xml'))).toMatchObject({ status: 400, message: expect.stringContaining('declares a DOCTYPE') });
  });

  it('refuses a file that is not XML, malformed XML, binary bytes and XML that is not a project', () => {
    expect(refusal(fixture('not-xml.xml'), 'tasks.xml')).toMatchObject({ status: 400, message: '«tasks.xml» is not an MS Project XML file: it does not start with XML.' });
    expect(refusal(Buffer.from('<Project><Tasks><Task></Tasks></Project>'))).toMatchObject({ status: 400, message: expect.stringContaining('not well-formed XML') });
    expect(refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0xfd, 0x00, 0xc3]))).toMatchObject({ status: 400, message: expect.stringContaining('not text') });
    expect(refusal(Buffer.from('<?xml version="1.0"?><svg></svg>'))).toMatchObject({ status: 400, message: expect.stringContaining('no Project element') });
    // Nesting far past any MS Project file's (a stack bomb) is a 400 too, not a crash.
    const deep = `<Project>${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}</Project>`;
    expect(refusal(Buffer.from(deep))).toMatchObject({ status: 400 });
  });

  it('reads a UTF-16 file with its byte order mark', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(fixture('nested-summaries.xml').toString('utf8').replace('UTF-8', 'UTF-16'), 'utf16le')]);
    expect(readMspdi(utf16, { fileName: 'x.xml', calendar: DEFAULT_WORK_CALENDAR }).tasks).toHaveLength(7);
  });

  it('gives a row error for a task without dates or ending before it starts, so nothing is half-imported', () => {
    const xml = `<Project xmlns="http://schemas.microsoft.com/project"><Tasks>
      <Task><UID>1</UID><ID>1</ID><Name>Undated</Name><OutlineLevel>1</OutlineLevel><Start>2026-03-02T08:00:00</Start></Task>
      <Task><UID>2</UID><ID>2</ID><Name>Backwards</Name><OutlineLevel>1</OutlineLevel><Start>2026-03-05T08:00:00</Start><Finish>2026-03-02T17:00:00</Finish></Task>
      <Task><UID>3</UID><ID>3</ID><Name>Far future</Name><OutlineLevel>1</OutlineLevel><Start>9999-03-05T08:00:00</Start><Finish>9999-03-06T17:00:00</Finish></Task>
    </Tasks></Project>`;
    const plan = readMspdi(Buffer.from(xml), { fileName: 'broken.xml', calendar: DEFAULT_WORK_CALENDAR });
    expect(plan.errors).toEqual([
      { row: 1, message: '«Undated» has no Finish date from 1900 to 2999; give it dates in MS Project and save again' },
      { row: 2, message: '«Backwards» finishes (2026-03-02) before it starts (2026-03-05)' },
      { row: 3, message: '«Far future» has no Start date from 1900 to 2999; give it dates in MS Project and save again' },
    ]);
  });

  it('answers a project without tasks with an error, not an empty import', () => {
    const plan = readMspdi(Buffer.from('<Project xmlns="http://schemas.microsoft.com/project"><Tasks/></Project>'), { fileName: 'empty.xml', calendar: DEFAULT_WORK_CALENDAR });
    expect(plan.errors).toEqual([{ row: null, message: '«empty.xml» has no tasks to import' }]);
  });
});
