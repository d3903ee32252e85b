import { contrastRatio } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { displayedDates } from './displayed-dates';
import { PRESENCE_PALETTE, presenceInitials, readPresence, userColor } from './presence';
import type { TimelineTask } from './timeline-task';

const ME = '00000000-0000-4000-8000-000000000001';
const ANA = '00000000-0000-4000-8000-000000000002';
const BO = '00000000-0000-4000-8000-000000000003';
const TASK = '00000000-0000-4000-8000-0000000000aa';
const user = (id: string, name: string) => ({ id, name, color: userColor(id) });

describe('presence', () => {
  it('[presence-color] every colour carries white initials and names at WCAG AA (4.5:1)', () => {
    const failing = PRESENCE_PALETTE.filter((color) => contrastRatio(color, '#ffffff') < 4.5);
    expect(failing).toEqual([]);
  });

  it('[presence-color] a person has the same colour everywhere', () => {
    expect(userColor(ANA)).toBe(userColor(ANA));
    expect(userColor(ANA)).toMatch(/^#[0-9a-f]{6}$/);
    expect(presenceInitials('Ada Lovelace')).toBe('AL');
    expect(presenceInitials('bea@example.com')).toBe('BE');
  });

  it('[presence] lists everyone else once, and who holds which bar with their preview', () => {
    const states = new Map<number, unknown>([
      [1, { user: user(ME, 'Me') }],
      [2, { user: user(ANA, 'Ana Smith'), activity: { taskId: TASK, kind: 'dragging', preview: { startDate: '2026-11-24', endDate: '2026-11-28', progress: 0 } } }],
      [3, { user: user(ANA, 'Ana Smith') }],
      [4, { user: user(BO, 'Bo') }],
      [5, { user: user(ME, 'Me') }],
      [6, { user: { id: 'not-a-uuid', name: 'x', color: 'red' } }],
      [7, {}],
    ]);
    const snapshot = readPresence(states, { clientId: 1, userId: ME });
    expect(snapshot.viewers.map((v) => v.name)).toEqual(['Ana Smith', 'Bo']);
    expect(snapshot.activities.get(TASK)).toMatchObject({ clientId: 2, kind: 'dragging', user: { name: 'Ana Smith' } });
  });

  it('[presence] unchanged entries are reused, so rows that nobody touched do not re-render', () => {
    const states = new Map<number, unknown>([[2, { user: user(ANA, 'Ana'), activity: { taskId: TASK, kind: 'resizing' } }]]);
    const first = readPresence(states, { clientId: 1, userId: ME });
    const second = readPresence(new Map(states), { clientId: 1, userId: ME }, first);
    expect(second.viewers).toBe(first.viewers);
    expect(second.activities).toBe(first.activities);
    const moved = readPresence(
      new Map([[2, { user: user(ANA, 'Ana'), activity: { taskId: TASK, kind: 'resizing', preview: { endDate: '2026-12-01' } } }]]),
      { clientId: 1, userId: ME },
      second,
    );
    expect(moved.activities).not.toBe(second.activities);
    expect(moved.viewers).toBe(first.viewers);
  });

  it('[grid-cell-presence] a teammate typing in a grid cell names the cell; moving to another cell is a change', () => {
    const editing = (cell: string) => new Map<number, unknown>([[2, { user: user(ANA, 'Ana'), activity: { taskId: TASK, kind: 'editing', cell } }]]);
    const first = readPresence(editing('duration'), { clientId: 1, userId: ME });
    expect(first.activities.get(TASK)).toMatchObject({ kind: 'editing', cell: 'duration', user: { name: 'Ana' } });
    const moved = readPresence(editing('start'), { clientId: 1, userId: ME }, first);
    expect(moved.activities.get(TASK)?.cell).toBe('start');
    // Not a column: the activity does not parse and is dropped (as the server drops it).
    expect(readPresence(editing('nonsense'), { clientId: 1, userId: ME }).activities.size).toBe(0);
  });

  it('[presence] a bar follows its holder\'s preview, and this browser\'s own drag wins', () => {
    const task = { id: TASK, startDate: '2026-11-23', endDate: '2026-11-27', progress: 10 } as TimelineTask;
    const remote = { clientId: 2, user: user(ANA, 'Ana'), kind: 'resizing' as const, preview: { endDate: '2026-11-30' }, cell: null };
    expect(displayedDates(task, null, remote)).toEqual({ startDate: '2026-11-23', endDate: '2026-11-30', progress: 10 });
    expect(displayedDates(task, null, { ...remote, preview: { endDate: 'garbage', progress: 400 } })).toEqual({ startDate: '2026-11-23', endDate: '2026-11-27', progress: 100 });
    const drag = { taskId: TASK, mode: 'move' as const, preview: { startDate: '2026-11-25', endDate: '2026-11-29', progress: 10 } };
    expect(displayedDates(task, drag, remote)).toBe(drag.preview);
  });

  it('[presence-link] a teammate drawing a link is a line, not a hand on the bar: it never holds the bar it leaves', () => {
    const pointer = { side: 'end', targetTaskId: null, days: 1.5, rows: 2 };
    const states = new Map<number, unknown>([
      [2, { user: user(ANA, 'Ana'), activity: { taskId: TASK, kind: 'linking', link: pointer } }],
      [3, { user: user(BO, 'Bo'), activity: { taskId: TASK, kind: 'dragging' } }],
      [4, { user: user(BO, 'Bo'), activity: { taskId: TASK, kind: 'linking', link: { ...pointer, days: Number.NaN } } }],
    ]);
    const first = readPresence(states, { clientId: 1, userId: ME });
    expect(first.linkDrafts).toEqual([{ clientId: 2, user: user(ANA, 'Ana'), fromTaskId: TASK, pointer }]);
    expect(first.activities.get(TASK)).toMatchObject({ clientId: 3, kind: 'dragging' });

    // Unchanged, the same list; moved, a new one; let go, none.
    expect(readPresence(new Map(states), { clientId: 1, userId: ME }, first).linkDrafts).toBe(first.linkDrafts);
    const moved = new Map(states).set(2, { user: user(ANA, 'Ana'), activity: { taskId: TASK, kind: 'linking', link: { ...pointer, rows: 3 } } });
    expect(readPresence(moved, { clientId: 1, userId: ME }, first).linkDrafts[0]?.pointer.rows).toBe(3);
    expect(readPresence(new Map(states).set(2, { user: user(ANA, 'Ana'), activity: null }), { clientId: 1, userId: ME }, first).linkDrafts).toEqual([]);
  });
});
