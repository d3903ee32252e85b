import { createWorkCalendar, DEFAULT_WORK_CALENDAR, type Task, type TaskMove } from '@planline/domain';
import { addDependency, writeTask } from '@planline/document';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { makeTask } from '../../../../test/factories';
import { plainDocumentOf } from './past-plan';
import { changedTaskCount, moveNotes, restoreChanges, shiftText } from './past-moves';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const D = '00000000-0000-4000-8000-00000000000d';
const cal = DEFAULT_WORK_CALENDAR;
const dates = (startDate: string, endDate: string) => ({ startDate, endDate });
const move = (taskId: string, over: Partial<TaskMove> = {}): TaskMove => ({
  taskId,
  kind: 'moved',
  by: 'Ana Silva',
  at: '2026-11-27T10:41:00.000Z',
  reason: null,
  changes: 1,
  ...over,
});

describe('[time-travel-moves] who moved a bar, and how far', () => {
  it('[working-days-unit] says how far a bar went by its start, or by its end when only the end moved, in working days', () => {
    // Mon 23 → Thu 26 Nov: three working days.
    expect(shiftText(dates('2026-11-23', '2026-11-27'), dates('2026-11-26', '2026-12-01'), cal)).toEqual({ short: '+3wd', words: '+3 working days' });
    // Mon 23 → Thu 19 Nov: two working days earlier.
    expect(shiftText(dates('2026-11-23', '2026-11-27'), dates('2026-11-19', '2026-11-25'), cal)!.short).toBe('−2wd');
    // Fri 27 → Tue 1 Dec is four calendar days but two working days: the drift label's count.
    expect(shiftText(dates('2026-11-23', '2026-11-27'), dates('2026-11-23', '2026-12-01'), cal)).toEqual({ short: 'end +2wd', words: 'end +2 working days' });
    expect(shiftText(dates('2026-11-30', '2026-12-01'), dates('2026-11-30', '2026-12-01'), cal)).toBeNull();
    // A holiday between is not a day moved.
    const thanksgiving = createWorkCalendar({ workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-11-26'] });
    if (!thanksgiving.ok) throw new Error(thanksgiving.reason);
    expect(shiftText(dates('2026-11-23', '2026-11-25'), dates('2026-11-23', '2026-11-27'), thanksgiving.calendar)!.short).toBe('end +1wd');
  });

  it('labels a moved bar "Moved by <who> · <shift> · <reason>", a deleted one "Deleted by <who>"; the description adds when and how many', () => {
    const then = new Map([[A, dates('2026-11-23', '2026-11-27')], [B, dates('2026-11-23', '2026-11-27')]]);
    const now = new Map([[A, dates('2026-11-26', '2026-11-30')]]);
    const notes = moveNotes({
      then,
      now,
      moves: [move(A, { reason: 'Moved by dependency on «Design»', changes: 3 }), move(B, { kind: 'deleted', by: null })],
      compare: false,
      calendar: cal,
    });
    expect(notes.get(A)!.label).toBe('Moved by Ana Silva · +3wd · Moved by dependency on «Design»');
    // [a11y] The visible label is whole inside the description (the chip's accessible name), the shift in words after it.
    expect(notes.get(A)!.description).toMatch(/^Moved by Ana Silva · \+3wd · Moved by dependency on «Design»\. \+3 working days\. On 27 Nov 2026 at \d\d:41 \(the last of 3 changes since\)\.$/);
    expect(notes.get(B)).toMatchObject({ kind: 'deleted', label: 'Deleted by someone' });
  });

  it('comparing with now, notes only the bars whose dates differ, without the shift; alone, every bar that moved after the instant, even back', () => {
    const then = new Map([[A, dates('2026-11-23', '2026-11-27')], [B, dates('2026-11-23', '2026-11-27')]]);
    const now = new Map([[A, dates('2026-11-23', '2026-11-27')], [B, dates('2026-11-24', '2026-11-28')], [C, dates('2026-11-24', '2026-11-28')]]);
    const moves = [move(A), move(B), move(C)];
    const compared = moveNotes({ then, now, moves, compare: true, calendar: cal });
    expect([...compared.keys()]).toEqual([B]);
    // The drift label beside it says how far: the note does not count again.
    expect(compared.get(B)!.label).toBe('Moved by Ana Silva');
    // C was created after the instant: no bar then, no note.
    const alone = moveNotes({ then, now, moves, compare: false, calendar: cal });
    expect([...alone.keys()]).toEqual([A, B]);
    expect(alone.get(A)!.label).toBe('Moved by Ana Silva');
  });
});

describe('[restore] what a restore would change, counted against the live document', () => {
  const task = (id: string, name: string, over: Partial<Task> = {}) => makeTask({ id, name, startDate: '2026-11-23', endDate: '2026-11-27', ...over });
  const docOf = (tasks: Task[]) => {
    const doc = new Y.Doc();
    const plain = plainDocumentOf(tasks);
    doc.transact(() => {
      for (const [id, fields] of Object.entries(plain.tasks)) writeTask(doc, id, fields);
      for (const key of Object.keys(plain.dependencies)) {
        const [successor, predecessor] = key.split('->') as [string, string];
        const link = plain.dependencies[key] as { type: 'FS'; lagDays: number };
        addDependency(doc, successor, predecessor, link);
      }
    });
    return doc;
  };

  it('counts tasks that come back, go, or have a field or a predecessor link that differs; nothing when the plan is the same', () => {
    const past = [task(A, 'Design', { assigneeIds: ['u1', 'u2'] }), task(B, 'Build', { links: [{ dependsOnTaskId: A, type: 'FS', lagDays: 0 }] }), task(C, 'Test')];
    expect(restoreChanges(docOf(past), past)).toEqual({ back: 0, removed: 0, changed: 0 });
    // The document keeps assignees as set: the same people in another order are the same.
    const reordered = docOf(past);
    reordered.transact(() => writeTask(reordered, A, { assigneeIds: ['u2', 'u1'] }));
    expect(changedTaskCount(restoreChanges(reordered, past))).toBe(0);

    const [design, build] = past as [Task, Task];
    const now = docOf([{ ...design, progress: 40 }, { ...build, links: [{ dependsOnTaskId: A, type: 'SS', lagDays: 0 }] }, task(D, 'Later')]);
    const whole = restoreChanges(now, past);
    expect(whole).toEqual({ back: 1, removed: 1, changed: 2 });
    expect(changedTaskCount(whole)).toBe(4);
    // One task: only its own change; tasks created since stay.
    expect(restoreChanges(now, past, B)).toEqual({ back: 0, removed: 0, changed: 1 });
    expect(restoreChanges(now, past, C)).toEqual({ back: 1, removed: 0, changed: 0 });
  });

  it('does not count a summary whose rolled-up dates differ from what is stored for it', () => {
    const past = [task(A, 'Phase', { order: 1, startDate: '2026-11-20', endDate: '2026-12-04', progress: 50 }), task(B, 'Build', { order: 2, parentId: A })];
    const now = docOf([task(A, 'Phase', { order: 1 }), task(B, 'Build', { order: 2, parentId: A })]);
    expect(changedTaskCount(restoreChanges(now, past))).toBe(0);
  });
});
