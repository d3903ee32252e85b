/**
 * A large MS Project XML (MSPDI) file as MS Project writes one, made here rather than by our own writer so the import
 * benchmark reads a file it did not produce: phases of 20 tasks under a summary, a chain of finish-to-start links
 * inside each phase, a start-to-start link to the phase before and one more per phase (one link per task), lags in
 * tenths of a minute at an 8-hour day, a calendar with weekends and two holidays, and 8 resources assigned to every
 * task but the milestones.
 */

const PHASE_SIZE = 20;
const MINUTES_PER_DAY = 480;
const RESOURCES = 8;
const HOLIDAYS = [
  ['New Year', '2028-01-03'],
  ['Summer', '2027-08-16'],
] as const;

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

function addWorkingDays(from: Date, days: number): Date {
  const d = new Date(from);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6 && !HOLIDAYS.some(([, date]) => date === isoDay(d))) left -= 1;
  }
  return d;
}

/** `tasks` task rows (phases included) and as many links, starting on Monday 2027-01-04. */
export function mspdiFile(tasks: number): { xml: string; links: number } {
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>');
  out.push('<Project xmlns="http://schemas.microsoft.com/project">');
  out.push('<Name>Interchange bench.xml</Name><Title>Interchange bench</Title>');
  out.push(`<MinutesPerDay>${MINUTES_PER_DAY}</MinutesPerDay><MinutesPerWeek>2400</MinutesPerWeek><DaysPerMonth>20</DaysPerMonth>`);
  out.push('<StartDate>2027-01-04T08:00:00</StartDate><CalendarUID>1</CalendarUID>');
  out.push('<Calendars><Calendar><UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar><WeekDays>');
  for (let day = 1; day <= 7; day++) {
    const working = day !== 1 && day !== 7;
    out.push(`<WeekDay><DayType>${day}</DayType><DayWorking>${working ? 1 : 0}</DayWorking>`);
    if (working) {
      out.push('<WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>12:00:00</ToTime></WorkingTime>');
      out.push('<WorkingTime><FromTime>13:00:00</FromTime><ToTime>17:00:00</ToTime></WorkingTime></WorkingTimes>');
    }
    out.push('</WeekDay>');
  }
  out.push('</WeekDays><Exceptions>');
  for (const [name, date] of HOLIDAYS) {
    out.push(`<Exception><EnteredByOccurrences>0</EnteredByOccurrences><TimePeriod><FromDate>${date}T00:00:00</FromDate>`);
    out.push(`<ToDate>${date}T23:59:00</ToDate></TimePeriod><Occurrences>1</Occurrences><Name>${name}</Name><Type>1</Type><DayWorking>0</DayWorking></Exception>`);
  }
  out.push('</Exceptions></Calendar></Calendars><Tasks>');
  out.push('<Task><UID>0</UID><ID>0</ID><Name>Interchange bench</Name><OutlineLevel>0</OutlineLevel><Summary>1</Summary></Task>');

  const monday = new Date(Date.UTC(2027, 0, 4));
  const assignments: string[] = [];
  const link = (predecessor: number, type: number, lagDays: number) =>
    `<PredecessorLink><PredecessorUID>${predecessor}</PredecessorUID><Type>${type}</Type><CrossProject>0</CrossProject>` +
    `<LinkLag>${lagDays * MINUTES_PER_DAY * 10}</LinkLag><LagFormat>7</LagFormat></PredecessorLink>`;
  let links = 0;
  let uid = 0;
  let phase = 0;
  let previousFirst = 0;
  let previousOffset = 0;
  while (uid < tasks) {
    const phaseUid = ++uid;
    // Phases start a week apart, in waves of 50 (a year), so the plan spans about a year whatever its size.
    const offset = (phase % 50) * 5;
    const phaseStart = addWorkingDays(monday, offset);
    const members = Math.min(PHASE_SIZE - 1, tasks - uid);
    const taskXml: string[] = [];
    let start = phaseStart;
    let end = phaseStart;
    let first = 0;
    let lagAfter = 0;
    for (let i = 0; i < members; i++) {
      const id = ++uid;
      const days = 1 + (id % 5);
      const milestone = i === members - 1 && members > 1;
      const finish = milestone ? start : addWorkingDays(start, days - 1);
      const preds: string[] = [];
      if (i === 0) {
        first = id;
        // Start-to-start on the phase before's first task, its lead or lag the distance between the two phases.
        if (previousFirst) preds.push(link(previousFirst, 3, offset - previousOffset));
      } else preds.push(link(id - 1, 1, lagAfter));
      // One more finish-to-start from the phase's first task, so that there are as many links as tasks.
      if (i === 2 || (phase === 0 && i === 3)) preds.push(link(first, 1, 0));
      links += preds.length;
      taskXml.push(
        `<Task><UID>${id}</UID><ID>${id}</ID><Name>Task ${id}</Name><OutlineLevel>2</OutlineLevel><Summary>0</Summary>` +
          `<Milestone>${milestone ? 1 : 0}</Milestone><Start>${isoDay(start)}T08:00:00</Start><Finish>${isoDay(finish)}T${milestone ? '08' : '17'}:00:00</Finish>` +
          `<Duration>PT${milestone ? 0 : days * 8}H0M0S</Duration><PercentComplete>${id % 3 === 0 ? 50 : 0}</PercentComplete>` +
          (id % 3 === 0 ? `<Notes>Notes of task ${id}: agree the scope &amp; the budget.</Notes>` : '') +
          `${preds.join('')}</Task>`,
      );
      if (!milestone) assignments.push(`<Assignment><UID>${id}</UID><TaskUID>${id}</TaskUID><ResourceUID>${1 + (id % RESOURCES)}</ResourceUID><Units>${id % 2 ? 1 : 0.5}</Units></Assignment>`);
      if (finish > end) end = finish;
      // Every fourth link has a lag of a day (4800 tenths of a minute at 480 minutes a day).
      lagAfter = id % 4 === 0 ? 1 : 0;
      start = addWorkingDays(finish, 1 + lagAfter);
    }
    out.push(
      `<Task><UID>${phaseUid}</UID><ID>${phaseUid}</ID><Name>Phase ${phase + 1}</Name><OutlineLevel>1</OutlineLevel><Summary>1</Summary>` +
        `<Start>${isoDay(phaseStart)}T08:00:00</Start><Finish>${isoDay(end)}T17:00:00</Finish></Task>`,
    );
    out.push(...taskXml);
    previousFirst = first;
    previousOffset = offset;
    phase += 1;
  }
  out.push('</Tasks><Resources>');
  for (let r = 1; r <= RESOURCES; r++) out.push(`<Resource><UID>${r}</UID><ID>${r}</ID><Name>Person ${r}</Name><EmailAddress>person${r}@bench.example.com</EmailAddress></Resource>`);
  out.push('</Resources><Assignments>', ...assignments, '</Assignments></Project>');
  return { xml: out.join('\n'), links };
}
