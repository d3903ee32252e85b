import { CRITICAL_PATH_COLOR, type WorkCalendar } from '@planline/domain';
import type { ProjectConnection } from '../connection/project-connection';
import type { DragMode, DragPreview } from '../model/drag.store';
import { summaryMoves } from '../model/outline';
import type { TimelineTask } from '../model/timeline-task';

/** A drag of a task bar (task-bar.tsx): what it began from, what it shows now, and how it ends. */
export interface DragSession {
  pointerId: number;
  mode: DragMode;
  startX: number;
  startY: number;
  /** When the finger or button went down (event time), to tell a long press from a busy main thread. */
  downAt: number;
  /** False while a touch waits out the long press: until then the finger may be scrolling. */
  lifted: boolean;
  liftTimer: number | undefined;
  barLeft: number;
  barWidth: number;
  original: DragPreview;
  preview: DragPreview;
  moved: boolean;
  element: HTMLElement;
  /** Escape, listened for on the window while the drag lasts. */
  onEscape: (event: globalThis.KeyboardEvent) => void;
}

export const ACTIVITY_KIND = { move: 'dragging', 'resize-start': 'resizing', 'resize-end': 'resizing', progress: 'progress' } as const;

export const samePreview = (a: DragPreview, b: DragPreview) =>
  a.startDate === b.startDate && a.endDate === b.endDate && a.progress === b.progress;

/** The fields a drop or key press changed: only those are written. */
export function changedFields(task: TimelineTask, next: DragPreview) {
  const fields: Partial<DragPreview> = {};
  if (next.startDate !== task.startDate) fields.startDate = next.startDate;
  if (next.endDate !== task.endDate) fields.endDate = next.endDate;
  if (next.progress !== task.progress) fields.progress = next.progress;
  return fields;
}

/**
 * Writes a drop or key press on `task`'s bar. A summary's dates are its subtasks': moving it moves every task below
 * it (and its own stored dates) by as many working days, each keeping its own, in one transaction, so one undo
 * takes the whole move back.
 */
export function saveBarFields(connection: ProjectConnection, task: TimelineTask, fields: Partial<DragPreview>, calendar: WorkCalendar): void {
  if (task.subtasks === 0) return connection.writeTask(task.id, fields);
  if (fields.startDate === undefined) return;
  connection.shiftTasks(summaryMoves(connection.tasks.getState().tasks, task.id, fields.startDate, calendar));
}

/**
 * A ring round a bar (a white gap, then the colour), outside any ring already there. The critical path's ring is a
 * second outline, so it reads without its colour too.
 */
export function rings(critical: boolean, holderColor: string | undefined): string | undefined {
  const colors = [critical ? CRITICAL_PATH_COLOR : null, holderColor ?? null].filter((c): c is string => c !== null);
  if (colors.length === 0) return undefined;
  return colors.map((color, i) => `0 0 0 ${2 + 4 * i}px white, 0 0 0 ${4 + 4 * i}px ${color}`).join(', ');
}
