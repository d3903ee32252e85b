import { describe, expect, it } from 'vitest';
import {
  dateOrderOf,
  looksLikeFormula,
  readDate,
  readDuration,
  readPredecessors,
  readPriority,
  readProgress,
  readStatus,
} from './sheet-cells.js';
import { mapColumns, normalizeHeader } from './sheet-columns.js';
import { readAssignees } from './sheet-people.js';

const value = <T>(read: { ok: true; value: T } | { ok: false; message: string }) => (read.ok ? read.value : `error: ${read.message}`);

describe('sheet cells', () => {
  it('[sheet-dates] ISO dates, with or without a time, read the same in every locale', () => {
    for (const locale of ['en-US', 'en-GB', 'de', undefined]) {
      expect(value(readDate('2026-03-04', locale))).toBe('2026-03-04');
      expect(value(readDate('2026-03-04T09:30:00Z', locale))).toBe('2026-03-04');
      expect(value(readDate('2026/3/4', locale))).toBe('2026-03-04');
    }
    expect(value(readDate('', 'en-US'))).toBeNull();
    expect(value(readDate(null, 'en-US'))).toBeNull();
  });

  it('[sheet-dates] numeric dates follow the person\'s locale: en-US month first, en-GB and de day first', () => {
    expect(dateOrderOf('en-US')).toBe('MDY');
    expect(dateOrderOf('en-GB,en;q=0.9')).toBe('DMY');
    expect(dateOrderOf('de-DE')).toBe('DMY');
    expect(dateOrderOf('ja-JP')).toBe('YMD');
    expect(dateOrderOf('not a locale!')).toBe('MDY');
    expect(value(readDate('03/04/2026', 'en-US'))).toBe('2026-03-04');
    expect(value(readDate('03/04/2026', 'en-GB'))).toBe('2026-04-03');
    expect(value(readDate('03.04.2026', 'de'))).toBe('2026-04-03');
    expect(value(readDate('3/4/26', 'en-US'))).toBe('2026-03-04');
    expect(value(readDate('3/4/99', 'en-US'))).toBe('1999-03-04');
    // MS Project's default export: weekday, short date, time.
    expect(value(readDate('Wed 3/4/26 8:00 AM', 'en-US'))).toBe('2026-03-04');
    expect(value(readDate('4 March 2026', 'en-US'))).toBe('2026-03-04');
    expect(value(readDate('Mar 4, 2026', 'en-GB'))).toBe('2026-03-04');
    expect(value(readDate('4-Mar-26', 'en-US'))).toBe('2026-03-04');
  });

  it('[sheet-dates] Excel dates and serial numbers are calendar days, whatever the time zone', () => {
    expect(value(readDate(new Date(Date.UTC(2026, 2, 4)), 'en-US'))).toBe('2026-03-04');
    expect(value(readDate(46085, 'en-US'))).toBe('2026-03-04');
    expect(value(readDate(46085.75, 'en-US'))).toBe('2026-03-04');
  });

  it('[sheet-dates] a cell that is not a day says how to write one, in the locale\'s order', () => {
    expect(value(readDate('next week', 'en-GB'))).toBe('error: «next week» is not a date: write it as 2026-03-04, or as 04/03/2026 (4 March).');
    expect(value(readDate('02/30/2026', 'en-US'))).toMatch(/^error: «02\/30\/2026» is not a day of the calendar/);
    expect(value(readDate('13/13/2026', 'en-GB'))).toMatch(/not a day of the calendar/);
    expect(value(readDate(12, 'en-US'))).toMatch(/^error: 12 is not a date/);
  });

  it('[sheet-durations] days, weeks and hours in working days; 0 is a milestone; fractions warn', () => {
    expect(value(readDuration('5d', 5))).toBe(5);
    expect(value(readDuration('5 days', 5))).toBe(5);
    expect(value(readDuration('5 days?', 5))).toBe(5);
    expect(value(readDuration('3 wks', 5))).toBe(15);
    expect(value(readDuration('3w', 6))).toBe(18);
    expect(value(readDuration('16h', 5))).toEqual(2);
    expect(readDuration('16h', 5)).toEqual({ ok: true, value: 2 });
    expect(readDuration('12 hrs', 5)).toEqual({ ok: true, value: 2, warning: '«12 hrs» is 1.5 working days at 8 hours a day: read as 2 days.' });
    expect(readDuration('2h', 5)).toEqual({ ok: true, value: 1, warning: '«2h» is 0.25 working days at 8 hours a day: read as 1 day.' });
    expect(value(readDuration('2,5 d', 5))).toBe(3);
    expect(value(readDuration('0', 5))).toBe(0);
    expect(value(readDuration('0d', 5))).toBe(0);
    expect(value(readDuration(4, 5))).toBe(4);
    expect(value(readDuration('', 5))).toBeNull();
    expect(value(readDuration('soon', 5))).toBe('error: «soon» is not a duration: write it as 5d, 5 days, 3 wks or 16h (0 for a milestone).');
    expect(value(readDuration('-3d', 5))).toMatch(/^error: «-3d» is not a duration/);
  });

  it('[sheet-predecessors] row numbers or IDs, with types and lags in days, hours and weeks, leads negative', () => {
    expect(readPredecessors('3FS+2d, 5SS-1d, 7', 5)).toEqual({
      links: [
        { ref: '3', type: 'FS', lag: { days: 2 } },
        { ref: '5', type: 'SS', lag: { days: -1 } },
        { ref: '7', type: 'FS', lag: { days: 0 } },
      ],
      warnings: [],
      problems: [],
    });
    expect(readPredecessors('4ff+16h; 2 sf - 1 wk', 5).links).toEqual([
      { ref: '4', type: 'FF', lag: { days: 2 } },
      { ref: '2', type: 'SF', lag: { days: -5 } },
    ]);
    const half = readPredecessors('4FS+4h', 5);
    expect(half.links).toEqual([{ ref: '4', type: 'FS', lag: { days: 1 } }]);
    expect(half.warnings).toEqual(['In «4FS+4h», «4h» is 0.5 working days at 8 hours a day: read as 1 day.']);
    expect(readPredecessors('6FS+50%', 5).links).toEqual([{ ref: '6', type: 'FS', lag: { percent: 50 } }]);
    // An ID that contains a dash is that ID when the sheet has it, not an ID with a lead.
    expect(readPredecessors('A-1', 5, (ref) => ref === 'A-1').links).toEqual([{ ref: 'A-1', type: 'FS', lag: { days: 0 } }]);
    expect(readPredecessors('3FS+soon', 5).problems).toEqual(['In «3FS+soon», «soon» is not a lag: write it as 2d, 16h or 1w.']);
  });

  it('[sheet-progress] 40%, 40 and 0.4 are all 40 percent; past 100 warns', () => {
    expect(['40%', '40 %', '40', '0.4', '0,4', 0.4, 40].map((c) => value(readProgress(c)))).toEqual([40, 40, 40, 40, 40, 40, 40]);
    expect(value(readProgress('1.0'))).toBe(100);
    expect(value(readProgress('1'))).toBe(1);
    expect(value(readProgress(''))).toBeNull();
    expect(readProgress('140%')).toEqual({ ok: true, value: 100, warning: 'Progress «140%» is more than 100%: read as 100%.' });
    expect(value(readProgress('half'))).toBe('error: «half» is not a progress: write it as 40%, 40 or 0.4.');
  });

  it('[sheet-status] [sheet-priority] the words of common exports; unknown words warn and stay unset', () => {
    expect(['Not Started', 'In Progress', 'Done', 'On hold', 'to-do', 'Complete'].map((c) => value(readStatus(c)))).toEqual([
      'pending',
      'in_progress',
      'completed',
      'blocked',
      'pending',
      'completed',
    ]);
    expect(readStatus('Maybe')).toEqual({ ok: true, value: null, warning: 'Status «Maybe» is not one we know (Not started, In progress, Done, Blocked): left unset.' });
    expect(['Low', 'Normal', 'High', 'Urgent', 'P1', '500', '900', '100'].map((c) => value(readPriority(c)))).toEqual([
      'low',
      'medium',
      'high',
      'critical',
      'critical',
      'medium',
      'critical',
      'low',
    ]);
    expect(readPriority('whenever').ok && readPriority('whenever')).toMatchObject({ value: null, warning: expect.stringContaining('«whenever»') });
  });

  it('[sheet-assignees] e-mails and names, each with its share; 100% by default', () => {
    expect(readAssignees('ana@x.com (50%), Bo Chen; Cy <CY@x.com>, Dee[25%]')).toEqual({
      assignees: [
        { key: 'ana@x.com', name: 'ana@x.com', email: 'ana@x.com', allocation: 50 },
        { key: 'Bo Chen', name: 'Bo Chen', email: null, allocation: 100 },
        { key: 'cy@x.com', name: 'Cy', email: 'cy@x.com', allocation: 100 },
        { key: 'Dee', name: 'Dee', email: null, allocation: 25 },
      ],
      warnings: [],
    });
    expect(readAssignees('ana@x.com (500%)')).toEqual({
      assignees: [{ key: 'ana@x.com', name: 'ana@x.com', email: 'ana@x.com', allocation: 200 }],
      warnings: ["ana@x.com's share 500% is outside 1-200%: read as 200%."],
    });
  });

  it('[sheet-formula] text a spreadsheet would run as a formula is spotted; plain signed numbers are not', () => {
    expect(['=1+1', '+cmd', '-2+3', '@SUM(A1)', '=HYPERLINK("http://x")', '\t=1'].map(looksLikeFormula)).toEqual([true, true, true, true, true, true]);
    expect(['-3', '+2.5', '-40%', 'Plan = do', 'a@b.com'].map(looksLikeFormula)).toEqual([false, false, false, false, false]);
  });
});

describe('sheet columns', () => {
  it('[sheet-columns] headers of MS Project, Excel, Smartsheet and Asana exports map without help', () => {
    expect(normalizeHeader(' % Complete ')).toBe('percentcomplete');
    expect(normalizeHeader('Start_Date')).toBe('startdate');
    const msProject = mapColumns(['ID', 'Task Name', 'Duration', 'Start', 'Finish', 'Predecessors', 'Resource Names', '% Complete', 'Outline Level', 'Notes']);
    expect(msProject.ok && msProject.columns.mapping).toEqual({
      id: 'ID',
      name: 'Task Name',
      duration: 'Duration',
      start: 'Start',
      finish: 'Finish',
      predecessors: 'Predecessors',
      assignee: 'Resource Names',
      progress: '% Complete',
      level: 'Outline Level',
      notes: 'Notes',
    });
    const asana = mapColumns(['Task ID', 'Name', 'Assignee', 'Assignee Email', 'Start Date', 'Due Date', 'Description']);
    expect(asana.ok && asana.columns.mapping).toMatchObject({ id: 'Task ID', name: 'Name', assignee: 'Assignee Email', start: 'Start Date', finish: 'Due Date', notes: 'Description' });
    const sheet = mapColumns(['#', 'Title', 'Begin', 'End', 'Progress', 'Status', 'Priority', 'Assigned To', 'WBS', 'Level']);
    expect(sheet.ok && sheet.columns.mapping).toEqual({
      id: '#',
      name: 'Title',
      start: 'Begin',
      finish: 'End',
      progress: 'Progress',
      status: 'Status',
      priority: 'Priority',
      assignee: 'Assigned To',
      wbs: 'WBS',
      level: 'Level',
    });
  });

  it('[sheet-columns] the person\'s choice wins, takes the column from another field, and can leave a field unread', () => {
    const read = mapColumns(['Task', 'Kickoff', 'Start', 'Owner'], { start: 'Kickoff', assignee: '' });
    expect(read.ok && read.columns).toEqual({ headers: ['Task', 'Kickoff', 'Start', 'Owner'], mapping: { name: 'Task', start: 'Kickoff' } });
    expect(mapColumns(['Task'], { start: 'Begins' })).toEqual({
      ok: false,
      error: { row: 1, message: 'There is no column «Begins» to read the start date from. The columns are: «Task».' },
    });
    expect(mapColumns(['Task', 'When'], { start: 'When', finish: 'When' }).ok).toBe(false);
  });
  it('words that name an Object.prototype member are not units, statuses or priorities (a "Constructor" status once reached the document as a function)', () => {
    expect(readStatus('Constructor')).toEqual({ ok: true, value: null, warning: 'Status «Constructor» is not one we know (Not started, In progress, Done, Blocked): left unset.' });
    expect(readPriority('constructor')).toEqual({ ok: true, value: null, warning: 'Priority «constructor» is not one we know (Low, Medium, High, Critical): left unset.' });
    expect(readDuration('5 constructor', 5)).toEqual({ ok: false, message: '«5 constructor» is not a duration: write it as 5d, 5 days, 3 wks or 16h (0 for a milestone).' });
    expect(readPredecessors('3FS+2constructor', 5).problems).toHaveLength(1);
  });
});
