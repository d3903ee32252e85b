import { describe, expect, it } from 'vitest';
import {
  LEVEL_PREVIEW_FAILED,
  levelFailure,
  levelAppliedMessage,
  levelGhosts,
  NO_LEVEL_GHOSTS,
  levelMoveRows,
  levelPreviewState,
  parseLevelResult,
  reasonText,
  levelWrite,
  unresolvedRows,
  workingDaysLater,
  type LevelResult,
} from './leveling';

/** Monday to Friday, with 2026-03-10 (a Tuesday) a holiday. */
const weekdays = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6 && date !== '2026-03-10';
};
const tasks = new Map([
  ['t1', { name: 'Design review' }],
  ['t2', { name: 'Write tests' }],
]);
const people = new Map([
  ['u1', { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' }],
  ['u2', { firstName: '', lastName: '', email: 'ben@example.com' }],
]);
const move = (over: Partial<LevelResult['moves'][number]>): LevelResult['moves'][number] => ({
  taskId: 't1',
  fromStart: '2026-03-05',
  toStart: '2026-03-09',
  fromEnd: '2026-03-06',
  toEnd: '2026-03-11',
  reason: 'Levelled: Ana Silva over-allocated 5-6 Mar',
  ...over,
});
const apiError = (status: number, body: unknown) => new Error(`${status}: ${JSON.stringify(body)}`);

describe('[leveling-dialog] the list of moves', () => {
  it('names the task from the document, the person from the reason, and the delay in working days', () => {
    // Thu 5 Mar → Mon 9 Mar: Fri 6 and Mon 9 are working days, the weekend is not.
    const rows = levelMoveRows({ moves: [move({})], unresolved: [] }, tasks, weekdays);
    expect(rows).toEqual([{ taskId: 't1', taskName: 'Design review', forWhom: 'Ana Silva over-allocated 5-6 Mar', shift: '+2 working days' }]);
  });

  it('skips holidays in the count and says "day" for one', () => {
    expect(workingDaysLater('2026-03-09', '2026-03-11', weekdays)).toBe(1);
    expect(levelMoveRows({ moves: [move({ fromStart: '2026-03-09', toStart: '2026-03-11' })], unresolved: [] }, tasks, weekdays)[0]?.shift).toBe(
      '+1 working day',
    );
  });

  it('gives the new dates when no working day lies between (or the task did not move later)', () => {
    const [row] = levelMoveRows({ moves: [move({ fromStart: '2026-03-06', toStart: '2026-03-08', toEnd: '2026-03-08' })], unresolved: [] }, tasks, weekdays);
    expect(row?.shift).toBe('To 8 Mar');
  });

  it('a task the document does not have yet, and a move without a reason, still make a row', () => {
    const [row] = levelMoveRows({ moves: [move({ taskId: 'gone', reason: null })], unresolved: [] }, tasks, weekdays);
    expect(row).toMatchObject({ taskName: 'A task', forWhom: null });
  });

  it('reads the person from the reason text without its history prefix', () => {
    expect(reasonText('Levelled: Ana over-allocated 3-5 Mar')).toBe('Ana over-allocated 3-5 Mar');
    expect(reasonText('Ben over-allocated 3 Mar')).toBe('Ben over-allocated 3 Mar');
    expect(reasonText('')).toBeNull();
  });
});

describe('[leveling-dialog] what stays unresolved', () => {
  it('names each person from the team members, with their days', () => {
    const rows = unresolvedRows(
      {
        moves: [],
        unresolved: [
          { userId: 'u1', from: '2026-03-03', to: '2026-03-05' },
          { userId: 'u2', from: '2026-04-01', to: '2026-04-01' },
          { userId: 'stranger', from: '2026-04-02', to: '2026-04-02' },
        ],
      },
      people,
    );
    expect(rows.map((r) => [r.person, r.days])).toEqual([
      ['Ana Silva', '3-5 Mar'],
      ['ben@example.com', '1 Apr'],
      ['A team member', '2 Apr'],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
  });
});

describe('[leveling-dialog] states', () => {
  it('loading until the preview answers', () => {
    expect(levelPreviewState({ result: undefined, error: null }, tasks, people, weekdays)).toEqual({ kind: 'loading' });
  });

  it('"Nothing to resolve" when there is neither a move nor an unresolved overload', () => {
    expect(levelPreviewState({ result: { moves: [], unresolved: [] }, error: null }, tasks, people, weekdays)).toEqual({ kind: 'nothing' });
  });

  it('the lists when leveling only reports what it cannot resolve', () => {
    const state = levelPreviewState({ result: { moves: [], unresolved: [{ userId: 'u1', from: '2026-03-03', to: '2026-03-03' }] }, error: null }, tasks, people, weekdays);
    expect(state).toMatchObject({ kind: 'ready', moves: [], unresolved: [{ person: 'Ana Silva', days: '3 Mar' }] });
  });

  it("an error shows the API's message, or a plain one when it gave none", () => {
    const tooLong = apiError(400, { message: 'The plan spans more than 2 years; leveling covers at most 2 years.' });
    expect(levelPreviewState({ result: undefined, error: tooLong }, tasks, people, weekdays)).toEqual({
      kind: 'error',
      message: 'The plan spans more than 2 years; leveling covers at most 2 years.',
    });
    expect(levelFailure(new Error('500: <html>'), LEVEL_PREVIEW_FAILED)).toEqual({ kind: 'error', message: LEVEL_PREVIEW_FAILED });
    expect(levelFailure(new TypeError('Failed to fetch'), LEVEL_PREVIEW_FAILED)).toEqual({ kind: 'error', message: LEVEL_PREVIEW_FAILED });
  });

  it('the Free plan (402) is the upgrade prompt, not an error', () => {
    const payment = { message: 'Leveling is part of Pro.', requiredPlan: 'pro', teamOwnerId: '9b2d6c1e-4f3a-4b8e-9c1d-2e3f4a5b6c7d', requiresUpgrade: true };
    expect(levelPreviewState({ result: undefined, error: apiError(402, payment) }, tasks, people, weekdays)).toEqual({ kind: 'upgrade', payment });
  });
});

describe('[leveling-dialog] reading the answer', () => {
  it('keeps the moves and unresolved overloads, a missing reason as null', () => {
    const body = { moves: [{ ...move({}), reason: undefined }], unresolved: [{ userId: 'u1', from: '2026-03-03', to: '2026-03-05' }], skipped: [] };
    expect(parseLevelResult(body)).toEqual({ moves: [move({ reason: null })], unresolved: body.unresolved });
  });

  it('refuses a shape it cannot show', () => {
    expect(() => parseLevelResult({ moves: [{ taskId: 't1' }], unresolved: [] })).toThrow(/could not be read/);
    expect(() => parseLevelResult(null)).toThrow(/could not be read/);
  });
});

describe('[leveling-dialog] ghost bars', () => {
  it('each previewed move puts its task at the new dates; nothing before the answer or without moves', () => {
    const ghosts = levelGhosts({ moves: [move({}), move({ taskId: 't2', toStart: '2026-03-12', toEnd: '2026-03-13' })], unresolved: [] });
    expect([...ghosts]).toEqual([
      ['t1', { startDate: '2026-03-09', endDate: '2026-03-11' }],
      ['t2', { startDate: '2026-03-12', endDate: '2026-03-13' }],
    ]);
    expect(levelGhosts(undefined)).toBe(NO_LEVEL_GHOSTS);
    expect(levelGhosts({ moves: [], unresolved: [{ userId: 'u1', from: '2026-03-03', to: '2026-03-03' }] })).toBe(NO_LEVEL_GHOSTS);
  });
});

describe('[leveling-apply] what Apply writes', () => {
  const now = new Map([
    ['t1', { startDate: '2026-03-05', endDate: '2026-03-06' }],
    ['t2', { startDate: '2026-03-06', endDate: '2026-03-09' }],
    ['t3', { startDate: '2026-03-02', endDate: '2026-03-03' }],
  ]);

  it('each move whose task still has the previewed dates, with its reason; the rest skipped, none of their dates written', () => {
    const write = levelWrite(
      {
        moves: [
          move({}),
          // A teammate moved t2 since the preview: their move stands.
          move({ taskId: 't2', fromStart: '2026-03-05', fromEnd: '2026-03-06' }),
          move({ taskId: 't3', fromStart: '2026-03-02', fromEnd: '2026-03-03', toStart: '2026-03-04', toEnd: '2026-03-05', reason: null }),
          // Deleted since.
          move({ taskId: 'gone' }),
        ],
        unresolved: [],
      },
      now,
    );
    expect([...write.moves]).toEqual([
      ['t1', { startDate: '2026-03-09', endDate: '2026-03-11' }],
      ['t3', { startDate: '2026-03-04', endDate: '2026-03-05' }],
    ]);
    expect([...write.reasons]).toEqual([['t1', 'Levelled: Ana Silva over-allocated 5-6 Mar']]);
    expect(write.skipped).toEqual(['t2', 'gone']);
  });

  it('the toast says how many moved and how many were left', () => {
    const moved = new Map([['t1', { startDate: '2026-03-09', endDate: '2026-03-11' }]]);
    expect(levelAppliedMessage({ moves: moved, skipped: [] })).toEqual({ title: 'Over-allocation resolved', description: '1 task moved. Undo takes the moves back.' });
    expect(levelAppliedMessage({ moves: moved, skipped: ['t2', 't3'] }).description).toBe(
      '1 task moved. 2 tasks left as they are: changed by someone since the preview. Undo takes the moves back.',
    );
    expect(levelAppliedMessage({ moves: new Map(), skipped: ['t2'] })).toEqual({
      title: 'Nothing moved',
      description: '1 task left as it is: changed by someone since the preview. Open the dialog again for a new preview.',
    });
  });
});
