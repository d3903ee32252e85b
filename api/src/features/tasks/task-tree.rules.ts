import { fieldValue, readTask, tasksMap } from '@planline/document';
import { PARENT_MESSAGES, parentProblem, type TaskKind } from '@planline/domain';
import type * as Y from 'yjs';
import { AppError } from '../../errors.js';

/**
 * Summary tasks over REST (issue 17): the checks the document's judge makes (hierarchy-judge.ts), made first so
 * that a refusal is a 400 a person can act on instead of a value put back. Read from the live document, inside
 * the edit that would make the change.
 */

const refused = (path: string, message: string) => new AppError('validation_failed', message, { issues: [{ path, message }] });

function node(doc: Y.Doc, id: string) {
  const task = readTask(doc, id);
  if (!task) return undefined;
  return { name: String(task.name ?? id), kind: fieldValue('kind', task.kind) as TaskKind, parentId: fieldValue('parentId', task.parentId) as string | null };
}

/** [summary-tasks] `parentId` may be the parent of `taskId`: a task of this project, not a milestone, not below it. */
export function assertParent(doc: Y.Doc, taskId: string, parentId: string): void {
  const problem = parentProblem((id) => node(doc, id), taskId, parentId);
  if (!problem) return;
  if (problem.reason === 'cycle') {
    throw refused('parentId', PARENT_MESSAGES.cycle(problem.cycle.map((id) => node(doc, id)?.name ?? id)));
  }
  throw refused('parentId', PARENT_MESSAGES[problem.reason === 'not-found' ? 'notFound' : problem.reason]);
}

/** Whether some task of the document names `taskId` as its parent (which makes it a summary). */
export function hasSubtasks(doc: Y.Doc, taskId: string): boolean {
  for (const entry of tasksMap(doc).values()) if (entry.get('parentId') === taskId) return true;
  return false;
}

/** A summary is never a milestone. */
export function assertMayBeMilestone(doc: Y.Doc, taskId: string): void {
  if (hasSubtasks(doc, taskId)) throw refused('kind', PARENT_MESSAGES.summaryMilestone);
}

/**
 * [summary-rollup] A summary's dates and progress are its subtasks': an update may repeat them as they are read
 * (`shown`, the task as GET answers it), not change them.
 */
export function assertNotRolledUp(
  fields: { startDate?: string; endDate?: string; progress?: number },
  shown: { startDate: string; endDate: string; progress: number },
): void {
  for (const field of ['startDate', 'endDate', 'progress'] as const) {
    if (fields[field] !== undefined && fields[field] !== shown[field]) throw refused(field, PARENT_MESSAGES.rolledUp);
  }
}
