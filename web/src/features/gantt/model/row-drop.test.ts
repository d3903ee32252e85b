import { describe, expect, it } from 'vitest';
import { dropZone, rowDrop } from './row-drop';
import { toTimelineTask, type TimelineTask } from './timeline-task';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [P, A, B, C] = [1, 2, 3, 4].map(id) as [string, string, string, string];

function tasks(list: [string, number, string | null][]): Map<string, TimelineTask> {
  return new Map(
    list.map(([taskId, order, parentId]) => [taskId, toTimelineTask(taskId, { name: taskId, startDate: '2026-11-23', endDate: '2026-11-27', order, parentId })!]),
  );
}

describe('where a dragged row lands', () => {
  it('[row-drop-zone] the top quarter of a row places before it, the bottom quarter after it, the middle nests under it', () => {
    expect([0, 10, 10.99].map((y) => dropZone(y, 44))).toEqual(['before', 'before', 'before']);
    expect([11, 22, 32.99].map((y) => dropZone(y, 44))).toEqual(['nest', 'nest', 'nest']);
    expect([33, 43, 44].map((y) => dropZone(y, 44))).toEqual(['after', 'after', 'after']);
    // Above or below the row (a pointer at its border): the nearer edge.
    expect(dropZone(-3, 44)).toBe('before');
    expect(dropZone(50, 44)).toBe('after');
  });

  // P ⊃ A, B; then C at the top level.
  const plan = tasks([[P, 0, null], [A, 1, P], [B, 2, P], [C, 3, null]]);

  it('[row-drop] the middle makes the task the target\'s last subtask; the edges put it before or after, at the target\'s level', () => {
    expect(rowDrop(plan, C, A, 'nest', false)).toEqual({ ok: true, writes: new Map([[C, { parentId: A }]]) });
    expect(rowDrop(plan, C, A, 'before', false)).toEqual({ ok: true, writes: new Map([[C, { parentId: P, order: 0 }]]) });
    // Between two subtasks with no order free between them: the later ones move on.
    expect(rowDrop(plan, C, B, 'before', false)).toEqual({
      ok: true,
      writes: new Map<string, object>([[C, { parentId: P, order: 2 }], [B, { order: 3 }]]),
    });
    expect(rowDrop(plan, A, C, 'after', false)).toEqual({ ok: true, writes: new Map([[A, { parentId: null, order: 4 }]]) });
  });

  it('[row-drop] under a summary whose subtasks are shown, the line is above its first subtask: the task goes there', () => {
    expect(rowDrop(plan, C, P, 'after', true)).toEqual({ ok: true, writes: new Map([[C, { parentId: P, order: 0 }]]) });
    // Collapsed, the row under the summary is the next task at its level: the task goes after the summary.
    expect(rowDrop(plan, C, P, 'after', false)).toEqual({ ok: true, writes: new Map() });
  });

  it('[row-drop] a drop on the row itself changes nothing; on its own subtask it is refused, with the reason', () => {
    expect(rowDrop(plan, P, P, 'nest', true)).toEqual({ ok: true, writes: new Map() });
    expect(rowDrop(plan, P, A, 'nest', false)).toEqual({ ok: false, reason: 'A task cannot go under its own subtask.' });
    expect(rowDrop(plan, P, B, 'before', false)).toEqual({ ok: false, reason: 'A task cannot go under its own subtask.' });
  });
});
