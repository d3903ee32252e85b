import { createStore } from 'zustand/vanilla';
import { childrenOf, nestUnder, placeBeside, type OutlineEdit } from './outline';
import type { TimelineTask } from './timeline-task';

/*
 * A row dragged by its name onto another row (issue 17): onto the middle of a row it becomes that task's last
 * subtask, onto its top or bottom edge it goes before or after it, at its level. The edits are the outline's
 * (outline.ts), so a drop is refused for the same reasons as Tab and the server's write path.
 */

export type DropZone = 'before' | 'nest' | 'after';

/** The share of a row's height at its top and at its bottom that places the task beside it (the rest nests). */
export const EDGE_SHARE = 0.25;

/** [row-drop-zone] Where a drop lands for a pointer `offsetY` pixels below the top of a row `rowHeight` tall. */
export function dropZone(offsetY: number, rowHeight: number): DropZone {
  const edge = rowHeight * EDGE_SHARE;
  if (offsetY < edge) return 'before';
  if (offsetY >= rowHeight - edge) return 'after';
  return 'nest';
}

/**
 * [row-drop] The edit a drop of `taskId` on `targetId` makes. `subtasksShown`: the target is a summary whose
 * subtasks are shown below it, so the line under it is above its first subtask, and the task goes there (as the
 * line says). A drop on the task's own row changes nothing.
 */
export function rowDrop(
  tasks: ReadonlyMap<string, TimelineTask>,
  taskId: string,
  targetId: string,
  zone: DropZone,
  subtasksShown: boolean,
): OutlineEdit {
  if (taskId === targetId) return { ok: true, writes: new Map() };
  if (zone === 'nest') return nestUnder(tasks, taskId, targetId);
  const first = zone === 'after' && subtasksShown ? childrenOf(tasks, targetId)[0] : undefined;
  return first ? placeBeside(tasks, taskId, first.id, 'before') : placeBeside(tasks, taskId, targetId, zone);
}

/** The row this browser is dragging, and where a drop now would land (what the rows draw as the indicator). */
export interface RowDrag {
  taskId: string;
  target: { taskId: string; zone: DropZone; refused: string | null } | null;
}

export const rowDragStore = createStore<{ drag: RowDrag | null }>(() => ({ drag: null }));
