import { DEFAULT_WORK_CALENDAR } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { descendants, indent, nestUnder, newSummaries, outdent, outlineKeyMove, placeBeside, summaryMoves } from './outline';
import { toTimelineTask, type TimelineTask } from './timeline-task';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [P, A, B, C, M, Q] = [1, 2, 3, 4, 5, 6].map(id) as [string, string, string, string, string, string];

function tasks(list: [string, number, string | null, Partial<TimelineTask>?][]): Map<string, TimelineTask> {
  return new Map(
    list.map(([taskId, order, parentId, extra]) => [
      taskId,
      { ...toTimelineTask(taskId, { name: taskId, startDate: '2026-11-23', endDate: '2026-11-27', order, parentId })!, ...extra },
    ]),
  );
}

describe('outline edits', () => {
  // P ⊃ A; then B, C, M (a milestone), Q at the top level.
  const plan = tasks([
    [P, 0, null],
    [A, 1, P],
    [B, 2, null],
    [C, 3, null],
    [M, 4, null, { kind: 'milestone' }],
    [Q, 5, null],
  ]);

  it('[outline-indent] indent puts a task under the task above it at its level, after that task\'s subtasks', () => {
    expect(indent(plan, B)).toEqual({ ok: true, writes: new Map([[B, { parentId: P }]]) });
    expect(indent(plan, C)).toEqual({ ok: true, writes: new Map([[C, { parentId: B }]]) });
    // A subtask whose order would sort it first is given one after the last.
    const early = tasks([[P, 5, null], [A, 6, P], [B, 1, null]]);
    expect(indent(early, P)).toEqual({ ok: true, writes: new Map([[P, { parentId: B }]]) });
    const behind = tasks([[P, 0, null], [A, 9, P], [B, 2, null]]);
    expect(indent(behind, B)).toEqual({ ok: true, writes: new Map([[B, { parentId: P, order: 10 }]]) });
  });

  it('[outline-indent] the first task of its level, and a task below a milestone, cannot be indented: the reason says why', () => {
    expect(indent(plan, P)).toEqual({ ok: false, reason: 'There is no task above it at its level to put it under.' });
    expect(indent(plan, A)).toMatchObject({ ok: false });
    expect(indent(plan, Q)).toEqual({ ok: false, reason: 'A milestone cannot have subtasks.' });
  });

  it('[outline-outdent] outdent moves a subtask up a level, right after its summary; a top-level task stays', () => {
    expect(outdent(plan, A)).toEqual({ ok: true, writes: new Map([[A, { parentId: null }]]) });
    expect(outdent(plan, B)).toEqual({ ok: false, reason: 'It is already at the top level.' });
    // No room between the summary and the next task: the next ones move on.
    const tight = tasks([[P, 0, null], [A, 7, P], [B, 1, null], [C, 2, null], [Q, 9, null]]);
    expect(outdent(tight, A)).toEqual({
      ok: true,
      writes: new Map<string, object>([[A, { parentId: null, order: 1 }], [B, { order: 2 }], [C, { order: 3 }]]),
    });
  });

  it('[outline-nest] a task goes under any task as its last subtask, with its own subtasks; nothing is written when it is there', () => {
    expect(nestUnder(plan, C, P)).toEqual({ ok: true, writes: new Map([[C, { parentId: P }]]) });
    // From below the summary's last subtask in order: its order is raised past it.
    const behind = tasks([[P, 0, null], [A, 9, P], [B, 2, null]]);
    expect(nestUnder(behind, B, P)).toEqual({ ok: true, writes: new Map([[B, { parentId: P, order: 10 }]]) });
    // A summary dropped under another task takes its subtasks with it: only its own parent changes.
    expect(nestUnder(plan, P, Q)).toEqual({ ok: true, writes: new Map([[P, { parentId: Q }]]) });
    expect(nestUnder(plan, A, P)).toEqual({ ok: true, writes: new Map() });
    // Already a subtask, but not the last: it becomes the last.
    const two = tasks([[P, 0, null], [A, 1, P], [B, 2, P]]);
    expect(nestUnder(two, A, P)).toEqual({ ok: true, writes: new Map([[A, { order: 3 }]]) });
  });

  it('[outline-refusal] under itself, its own subtask or a milestone is refused, in words the person understands', () => {
    const nested = tasks([[P, 0, null], [A, 1, P], [C, 2, A], [M, 3, null, { kind: 'milestone' }]]);
    expect(nestUnder(nested, P, C)).toEqual({ ok: false, reason: 'A task cannot go under its own subtask.' });
    expect(nestUnder(nested, P, A)).toEqual({ ok: false, reason: 'A task cannot go under its own subtask.' });
    expect(nestUnder(nested, P, P)).toEqual({ ok: false, reason: 'A task cannot go under itself.' });
    expect(nestUnder(nested, A, M)).toEqual({ ok: false, reason: 'A milestone cannot have subtasks.' });
    expect(nestUnder(nested, A, B)).toEqual({ ok: false, reason: 'That task is no longer in the project.' });
  });

  it('[outline-place] a task goes right before or after another, at that task\'s level; later ones move on when there is no room', () => {
    // Q after B: orders 2 then 3 are taken, so Q takes 3 and C and M move on.
    expect(placeBeside(plan, Q, B, 'after')).toEqual({
      ok: true,
      writes: new Map<string, object>([[Q, { order: 3 }], [C, { order: 4 }], [M, { order: 5 }]]),
    });
    // Before the first task of the level: one below it.
    expect(placeBeside(plan, Q, P, 'before')).toEqual({ ok: true, writes: new Map([[Q, { order: -1 }]]) });
    // Beside a subtask: the task joins its summary; its order already fits after A.
    expect(placeBeside(plan, B, A, 'after')).toEqual({ ok: true, writes: new Map([[B, { parentId: P }]]) });
    // A subtask put beside a top-level task leaves its summary.
    const gap = tasks([[P, 0, null], [A, 1, P], [B, 10, null], [C, 20, null]]);
    expect(placeBeside(gap, A, B, 'after')).toEqual({ ok: true, writes: new Map([[A, { parentId: null, order: 11 }]]) });
    // Where it already is, or on itself: nothing to write.
    expect(placeBeside(plan, C, B, 'after')).toEqual({ ok: true, writes: new Map() });
    expect(placeBeside(plan, C, C, 'before')).toEqual({ ok: true, writes: new Map() });
  });

  it('[outline-refusal] a task cannot be put among its own subtasks', () => {
    const nested = tasks([[P, 0, null], [A, 1, P], [C, 2, A]]);
    expect(placeBeside(nested, P, A, 'before')).toEqual({ ok: false, reason: 'A task cannot go under its own subtask.' });
    expect(placeBeside(nested, P, C, 'after')).toEqual({ ok: false, reason: 'A task cannot go under its own subtask.' });
  });

  it('[summary-move] [working-move] moving a summary moves it and every task below it, at any depth, by as many working days', () => {
    // P spans its subtasks: A Mon 23 - Fri 27 Nov, C Mon 30 Nov. Dropped on Thu 26 Nov: three working days later.
    const nested = tasks([
      [P, 0, null, { startDate: '2026-11-23', endDate: '2026-11-30' }],
      [A, 1, P, { startDate: '2026-11-23', endDate: '2026-11-27' }],
      [C, 2, A, { startDate: '2026-11-30', endDate: '2026-11-30' }],
      [B, 3, null],
    ]);
    expect(descendants(nested, P).sort()).toEqual([A, C].sort());
    expect(summaryMoves(nested, P, '2026-11-26', DEFAULT_WORK_CALENDAR)).toEqual(
      new Map([
        [P, { startDate: '2026-11-26', endDate: '2026-12-03' }],
        [A, { startDate: '2026-11-26', endDate: '2026-12-02' }],
        [C, { startDate: '2026-12-03', endDate: '2026-12-03' }],
      ]),
    );
    expect(summaryMoves(nested, P, '2026-11-23', DEFAULT_WORK_CALENDAR).size).toBe(0);
  });
});

describe('outline keys and notices (issue 33)', () => {
  const key = (key: string, mods: Partial<{ altKey: boolean; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) =>
    outlineKeyMove({ key, altKey: false, shiftKey: false, ctrlKey: false, metaKey: false, ...mods });

  it('[outline-keys] Tab and Shift+Tab never change the outline; Alt+Shift+Right and Left indent and outdent', () => {
    expect(key('Tab')).toBeNull();
    expect(key('Tab', { shiftKey: true })).toBeNull();
    expect(key('Tab', { altKey: true, shiftKey: true })).toBeNull();
    expect(key('ArrowRight', { altKey: true, shiftKey: true })).toBe('indent');
    expect(key('ArrowLeft', { altKey: true, shiftKey: true })).toBe('outdent');
    // Alt alone changes a bar's progress and Shift alone its end: neither is an outline key, nor is Ctrl or ⌘ with them.
    expect(key('ArrowRight', { altKey: true })).toBeNull();
    expect(key('ArrowRight', { shiftKey: true })).toBeNull();
    expect(key('ArrowRight', { altKey: true, shiftKey: true, ctrlKey: true })).toBeNull();
    expect(key('ArrowLeft', { altKey: true, shiftKey: true, metaKey: true })).toBeNull();
  });

  it('[outline-new-summary] only a task without subtasks that a write puts a task under becomes a summary', () => {
    const plan = tasks([
      [P, 0, null, { subtasks: 1 }],
      [A, 1, P],
      [B, 2, null],
      [C, 3, null],
    ]);
    const indented = indent(plan, C);
    expect(indented.ok && newSummaries(plan, indented.writes)).toEqual([plan.get(B)]);
    // Under a summary already, or out of one: nobody new.
    expect(newSummaries(plan, new Map([[B, { parentId: P }]]))).toEqual([]);
    expect(newSummaries(plan, new Map([[A, { parentId: null }]]))).toEqual([]);
    expect(newSummaries(plan, new Map([[C, { order: 9 }]]))).toEqual([]);
    // Two tasks under one new summary name it once.
    expect(newSummaries(plan, new Map([[B, { parentId: C }], [A, { parentId: C }]]))).toEqual([plan.get(C)]);
  });
});
