import { describe, expect, it } from 'vitest';
import { MAX_LAG_DAYS, type TaskLink } from '../schemas/dependency.js';
import { diffPredecessors, formatPredecessors, parsePredecessors, type PredecessorContext } from './predecessors.js';

const parsed = (text: string, daysPerWeek?: number) => {
  const read = parsePredecessors(text, daysPerWeek);
  return read.ok ? read.value.map(({ row, type, lagDays }) => ({ row, type, lagDays })) : read.reason;
};

describe('[grid-predecessors] parsePredecessors', () => {
  it('reads every link type, any case, FS by default', () => {
    expect(parsed('9')).toEqual([{ row: 9, type: 'FS', lagDays: 0 }]);
    expect(parsed('1FS, 2ss, 3Ff, 4sf')).toEqual([
      { row: 1, type: 'FS', lagDays: 0 },
      { row: 2, type: 'SS', lagDays: 0 },
      { row: 3, type: 'FF', lagDays: 0 },
      { row: 4, type: 'SF', lagDays: 0 },
    ]);
  });

  it('reads lags and leads in working days and weeks', () => {
    expect(parsed('4FS+2d, 7SS-1d, 9')).toEqual([
      { row: 4, type: 'FS', lagDays: 2 },
      { row: 7, type: 'SS', lagDays: -1 },
      { row: 9, type: 'FS', lagDays: 0 },
    ]);
    expect(parsed('4+3')).toEqual([{ row: 4, type: 'FS', lagDays: 3 }]);
    expect(parsed('4FF+1w')).toEqual([{ row: 4, type: 'FF', lagDays: 5 }]);
    expect(parsed('4FF-1w', 6)).toEqual([{ row: 4, type: 'FF', lagDays: -6 }]);
    expect(parsed('4SF+2 days')).toEqual([{ row: 4, type: 'SF', lagDays: 2 }]);
    expect(parsed('4FS+0d')).toEqual([{ row: 4, type: 'FS', lagDays: 0 }]);
    expect(parsed('4FS-0d')).toEqual([{ row: 4, type: 'FS', lagDays: 0 }]);
  });

  it('tolerates spaces, semicolons and empty items', () => {
    expect(parsed(' 4 fs + 2 d ;7 SS - 1d,, ')).toEqual([
      { row: 4, type: 'FS', lagDays: 2 },
      { row: 7, type: 'SS', lagDays: -1 },
    ]);
    expect(parsed('')).toEqual([]);
    expect(parsed(' , ; ')).toEqual([]);
  });

  it('counts the same link twice once, and refuses one row with two links', () => {
    expect(parsed('4, 4FS')).toEqual([{ row: 4, type: 'FS', lagDays: 0 }]);
    expect(parsed('4FS, 4SS')).toBe('Row 4 is named twice («4FS» and «4SS»): keep one link to it');
    expect(parsed('4FS+1d; 4FS+2d')).toBe('Row 4 is named twice («4FS+1d» and «4FS+2d»): keep one link to it');
  });

  it('refuses bad input, naming the part', () => {
    expect(parsed('4XX')).toBe('«4XX»: the link type must be FS, SS, FF or SF');
    expect(parsed('4, abc')).toBe('«abc» is not a predecessor: write it like 4, 4FS+2d or 7SS-1d');
    expect(parsed('FS')).toBe('«FS» is not a predecessor: write it like 4, 4FS+2d or 7SS-1d');
    expect(parsed('1.2')).toBe('«1.2»: name the predecessor by its row number, like 4, not its outline number');
    expect(parsed('4FS+1.5d')).toBe('«4FS+1.5d»: a lag is a whole number of working days, like +2d or -1d');
    expect(parsed('4FS+8h')).toBe('«4FS+8h»: a lag is a whole number of working days, like +2d or -1d');
    expect(parsed('4FS+x')).toBe('«4FS+x»: the lag is not a number of working days: write it like 4, 4FS+2d or 7SS-1d');
    expect(parsed('4FS+')).toMatch(/the lag is not a number/);
    expect(parsed(`4FS+${MAX_LAG_DAYS}d`)).toEqual([{ row: 4, type: 'FS', lagDays: MAX_LAG_DAYS }]);
    expect(parsed(`4FS-${MAX_LAG_DAYS + 1}d`)).toBe(`«4FS-${MAX_LAG_DAYS + 1}d»: a lag or lead can be at most ${MAX_LAG_DAYS} working days`);
  });
});

describe('[grid-predecessors] formatPredecessors', () => {
  const rows = new Map([
    ['a', 4],
    ['b', 7],
    ['c', 9],
    ['d', 12],
  ]);
  it('writes links back by row number, round-tripping through the parser', () => {
    const links: TaskLink[] = [
      { dependsOnTaskId: 'c', type: 'FS', lagDays: 0 },
      { dependsOnTaskId: 'b', type: 'SS', lagDays: -1 },
      { dependsOnTaskId: 'a', type: 'FS', lagDays: 2 },
      { dependsOnTaskId: 'd', type: 'FF', lagDays: 0 },
    ];
    const text = formatPredecessors(links, (id) => rows.get(id));
    expect(text).toBe('4FS+2d, 7SS-1d, 9, 12FF');
    expect(parsed(text)).toEqual([
      { row: 4, type: 'FS', lagDays: 2 },
      { row: 7, type: 'SS', lagDays: -1 },
      { row: 9, type: 'FS', lagDays: 0 },
      { row: 12, type: 'FF', lagDays: 0 },
    ]);
    expect(formatPredecessors([{ dependsOnTaskId: 'gone', type: 'FS', lagDays: 0 }], (id) => rows.get(id))).toBe('');
  });
});

describe('[grid-predecessors] diffPredecessors', () => {
  // Rows 1-6: 1 Phase (summary of 2 and 3), 2 Design, 3 Build, 4 Test, 5 Launch, 6 Review.
  const ids = ['phase', 'design', 'build', 'test', 'launch', 'review'];
  const parents: Record<string, string> = { design: 'phase', build: 'phase' };
  // test depends on build; launch depends on test.
  const edges = [
    { taskId: 'test', dependsOnTaskId: 'build' },
    { taskId: 'launch', dependsOnTaskId: 'test' },
  ];
  const context = (taskId: string, links: TaskLink[] = []): PredecessorContext => ({
    taskId,
    links,
    taskOfRow: (row) => ids[row - 1],
    rowOf: (id) => ids.indexOf(id) + 1 || undefined,
    edges: [...edges.filter((e) => e.taskId !== taskId), ...links.map((l) => ({ taskId, dependsOnTaskId: l.dependsOnTaskId }))],
    parentOf: (id) => parents[id] ?? null,
  });

  it('adds, changes and removes links by row', () => {
    const links: TaskLink[] = [
      { dependsOnTaskId: 'build', type: 'FS', lagDays: 0 },
      { dependsOnTaskId: 'design', type: 'FS', lagDays: 0 },
    ];
    expect(diffPredecessors('3SS+2d, 6', context('test', links))).toEqual({
      ok: true,
      value: {
        add: [{ dependsOnTaskId: 'review', type: 'FS', lagDays: 0 }],
        change: [{ dependsOnTaskId: 'build', type: 'SS', lagDays: 2 }],
        remove: ['design'],
      },
    });
  });

  it('changes nothing when the text says what the links are', () => {
    const links: TaskLink[] = [{ dependsOnTaskId: 'build', type: 'FF', lagDays: -1 }];
    expect(diffPredecessors('3ff-1d', context('test', links))).toEqual({ ok: true, value: { add: [], change: [], remove: [] } });
  });

  it('removes every link when the cell is emptied', () => {
    const links: TaskLink[] = [{ dependsOnTaskId: 'build', type: 'FS', lagDays: 0 }];
    expect(diffPredecessors('', context('test', links))).toEqual({ ok: true, value: { add: [], change: [], remove: ['build'] } });
  });

  it('refuses an unknown row, the task itself and parse errors', () => {
    expect(diffPredecessors('3, 12', context('test'))).toEqual({ ok: false, reason: 'Row 12 does not exist' });
    expect(diffPredecessors('0', context('test'))).toEqual({ ok: false, reason: 'Row 0 does not exist' });
    expect(diffPredecessors('4', context('test'))).toEqual({ ok: false, reason: 'Row 4 is this task: a task cannot depend on itself' });
    expect(diffPredecessors('3FS, 3SS', context('test'))).toMatchObject({ ok: false, reason: expect.stringMatching(/^Row 3 is named twice/) });
  });

  it('refuses a cycle through other tasks, naming the rows', () => {
    // build ← test ← launch: build depending on launch closes the loop.
    expect(diffPredecessors('5', context('build'))).toEqual({ ok: false, reason: 'Row 5 would make a cycle: 3 → 5 → 4 → 3' });
    expect(diffPredecessors('4SS-1d', context('build'))).toEqual({ ok: false, reason: 'Row 4 would make a cycle: 3 → 4 → 3' });
  });

  it('does not count the task’s own links it is replacing as a cycle', () => {
    // test depends on build now; typing "6" drops that link, so build may not yet be reached through it.
    const links: TaskLink[] = [{ dependsOnTaskId: 'build', type: 'FS', lagDays: 0 }];
    expect(diffPredecessors('6', context('test', links))).toEqual({
      ok: true,
      value: { add: [{ dependsOnTaskId: 'review', type: 'FS', lagDays: 0 }], change: [], remove: ['build'] },
    });
  });

  it('refuses a link between a summary and its own subtasks', () => {
    expect(diffPredecessors('1', context('design'))).toEqual({
      ok: false,
      reason: "Row 1 is this task's summary: a task cannot be linked to its own summary",
    });
    expect(diffPredecessors('2', context('phase'))).toEqual({
      ok: false,
      reason: 'Row 2 is a subtask of this task: a summary cannot be linked to its own subtasks',
    });
    // Another task may depend on the summary.
    expect(diffPredecessors('1', context('review'))).toMatchObject({ ok: true, value: { add: [{ dependsOnTaskId: 'phase' }] } });
  });
});
