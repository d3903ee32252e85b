import {
  baselineDriftDays,
  dependencyKey,
  readLinkValue,
  sameLink,
  TASK_FIELDS,
  workingDaysMoved,
  workingDaysWords,
  type Task,
  type TaskMove,
  type WorkCalendar,
} from '@planline/domain';
import { dependencyLinks, fieldValue, readTask, sameValue, taskIds } from '@planline/document';
import { format } from 'date-fns';
import type * as Y from 'yjs';

/** A bar's dates, then or now. */
export interface BarDates {
  startDate: string;
  endDate: string;
}

/** [time-travel-moves] What the chart says beside a bar that moved (or went) after the instant shown. */
export interface MoveNote {
  taskId: string;
  kind: TaskMove['kind'];
  /** The short text beside the bar: "Moved by Ana Silva · +3d · Survey was late" (comparing, without the shift). */
  label: string;
  /** The whole of it, for screen readers and the task's past details: the label, when, and how many changes. */
  description: string;
  /** Who made the latest change and when: a comment they wrote on the task then is the move's (issue 38). */
  by: string | null;
  movedAt: string;
}

/**
 * [time-travel-moves] [working-days-unit] How far a bar went from then to now, in working days of the project's
 * calendar (the unit of the drift label and the cascade): "+3wd", "−2wd", "end +2wd" (only its end moved), with
 * the same in words for the title; null: not at all, or not by a working day.
 */
export function shiftText(then: BarDates, now: BarDates, calendar: WorkCalendar): { short: string; words: string } | null {
  const signed = (days: number, prefix: string) => ({
    short: `${prefix}${days > 0 ? '+' : '−'}${Math.abs(days)}wd`,
    words: `${prefix}${workingDaysWords(days).replace('-', '−')}`,
  });
  const start = workingDaysMoved(then.startDate, now.startDate, calendar);
  if (start !== 0) return signed(start, '');
  const end = baselineDriftDays(now.endDate, then.endDate, calendar);
  return end !== 0 ? signed(end, 'end ') : null;
}

const sameDates = (a: BarDates, b: BarDates) => a.startDate === b.startDate && a.endDate === b.endDate;

interface MoveNotesInput {
  /** The bars at the instant shown. */
  then: ReadonlyMap<string, BarDates>;
  /** The bars now (the live plan). */
  now: ReadonlyMap<string, BarDates>;
  moves: readonly TaskMove[];
  /**
   * Comparing with now: only bars whose dates differ between then and now get a note. In the past view alone,
   * every bar that moved or went after the instant does (its dates may be back where they were).
   */
  compare: boolean;
  /** The project's working calendar: shifts are counted in its working days. */
  calendar: WorkCalendar;
}

/**
 * [time-travel-moves] The notes of the bars that moved after the instant: who moved each last, how far it is from
 * then, and the reason the history gives. A task created after the instant has no bar then, so no note.
 */
export function moveNotes({ then, now, moves, compare, calendar }: MoveNotesInput): Map<string, MoveNote> {
  const notes = new Map<string, MoveNote>();
  for (const move of moves) {
    const past = then.get(move.taskId);
    if (!past) continue;
    const current = now.get(move.taskId);
    if (compare && (!current || sameDates(past, current))) continue;
    const gone = !current;
    const verb = gone ? 'Deleted' : move.kind === 'deleted' ? 'Deleted, then brought back,' : 'Moved';
    // Comparing, the baseline's drift label beside the bars already says how far (in working days): no second count.
    const shift = current && !compare ? shiftText(past, current, calendar) : null;
    const who = `${verb} by ${move.by ?? 'someone'}`;
    const label = [who, shift?.short, move.reason].filter(Boolean).join(' · ');
    // The chip's visible label stays whole inside its accessible name (WCAG 2.5.3, label in name); the shift in words follows.
    const words = shift ? ` ${shift.words.charAt(0).toUpperCase()}${shift.words.slice(1)}.` : '';
    const when = format(Date.parse(move.at), "d MMM yyyy 'at' HH:mm");
    const more = move.changes > 1 ? ` (the last of ${move.changes} changes since)` : '';
    notes.set(move.taskId, { taskId: move.taskId, kind: gone ? 'deleted' : 'moved', label, description: `${label}.${words} On ${when}${more}.`, by: move.by, movedAt: move.at });
  }
  return notes;
}

/** What restoring to a past plan would change, read against the live document. */
export interface RestoreChanges {
  /** Tasks that come back (deleted since). */
  back: number;
  /** Tasks that go (created since). */
  removed: number;
  /** Tasks whose fields or links to their predecessors go back. */
  changed: number;
}

export const changedTaskCount = (c: RestoreChanges) => c.back + c.removed + c.changed;

/** Fields a summary's answer rolls up from its subtasks (not what is stored for it). */
const ROLLED_UP: ReadonlySet<string> = new Set(['startDate', 'endDate', 'progress']);

/** Whether a task of the document differs from the past one: a field, or a link to one of its predecessors. */
function taskDiffers(doc: Y.Doc, past: Task, summary: boolean, linksNow: ReadonlyMap<string, unknown>): boolean {
  const inDoc = readTask(doc, past.id);
  if (!inDoc) return true;
  const fields = TASK_FIELDS.filter((f) => !summary || !ROLLED_UP.has(f));
  // Assignee lists as sets: the answer sorts them, the document keeps them as they were set.
  const plain = (v: unknown) => (Array.isArray(v) ? [...(v as string[])].sort() : v);
  if (fields.some((f) => !sameValue(plain(fieldValue(f, inDoc[f])), plain(past[f])))) return true;
  const then = new Map(past.links.map((l) => [dependencyKey(past.id, l.dependsOnTaskId), l]));
  for (const [key, value] of linksNow) {
    if (!key.startsWith(`${past.id}->`)) continue;
    const link = readLinkValue(value);
    const old = then.get(key);
    if (!old || !link || !sameLink(link, old)) return true;
  }
  return past.links.some((l) => !linksNow.has(dependencyKey(past.id, l.dependsOnTaskId)));
}

/**
 * [restore] What POST /restore would change, counted as the server applies it: the whole plan (`taskId` absent:
 * tasks created since go too) or one task. A summary's dates and progress in the answer are its subtasks', not
 * what is stored for it, so they do not count.
 */
export function restoreChanges(doc: Y.Doc, past: readonly Task[], taskId?: string): RestoreChanges {
  const linksNow = new Map(dependencyLinks(doc).map((l) => [dependencyKey(l.taskId, l.dependsOnTaskId), l.value]));
  const pastIds = new Set(past.map((t) => t.id));
  const summaries = new Set(past.flatMap((t) => (t.parentId ? [t.parentId] : [])));
  const counted = { back: 0, removed: 0, changed: 0 };
  for (const task of past) {
    if (taskId !== undefined && task.id !== taskId) continue;
    if (!readTask(doc, task.id)) counted.back += 1;
    else if (taskDiffers(doc, task, summaries.has(task.id), linksNow)) counted.changed += 1;
  }
  if (taskId === undefined) counted.removed = taskIds(doc).filter((id) => !pastIds.has(id)).length;
  return counted;
}
