import type { TaskFields } from '@planline/domain';
import type { PersistedChanges } from '@planline/realtime';
import type { NotificationDraft } from './notifications.queries.js';

/**
 * Issue 38: the write path's persisted changes as notifications. Pure: what the changes say, who watches which task
 * (read once for all of them) and who may see the project go in; one draft per person comes out.
 */

const CASCADE = /^Moved by dependency(?: on «(.*)»)?$/;
/** A restore is a server edit with this history reason (restoreReason in domain/src/rules/time-travel.ts). */
export const isRestoreReason = (reason: string | null) => !!reason && reason.startsWith('Restored to ');

interface Change {
  taskId: string;
  name: string;
  kind: 'moved' | 'resized' | 'deleted';
  days: number;
  /** The task whose move moved this one (a cascade), by name; '' when the cascade did not say. */
  cause: string | null;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const signed = (days: number) => `${days >= 0 ? '+' : '−'}${Math.abs(days)}d`;
const assignees = (task: Pick<TaskFields, 'assigneeIds'>) => task.assigneeIds ?? [];

function describe(change: Change): string {
  const name = `«${change.name}»`;
  if (change.kind === 'deleted') return `${name} deleted`;
  if (change.kind === 'resized') return `${name} resized ${signed(change.days)}`;
  const because = change.cause === null ? '' : change.cause ? ` because «${change.cause}» moved` : ' by a dependency';
  return `${name} moved ${signed(change.days)}${because}`;
}

const more = (n: number) => (n > 0 ? `, and ${n} more` : '');

/** What one person is told of one edit. */
interface PersonNotice {
  assigned: { taskId: string; name: string }[];
  changes: Change[];
}

/** The task ids whose watchers the edit must know (changed or deleted ones; not ones only created). */
export function watchedTaskIds(edit: readonly PersistedChanges[]): string[] {
  const ids = new Set<string>();
  for (const c of edit) for (const [taskId, , fields] of c.rows.updated) if (fields.includes('startDate') || fields.includes('endDate')) ids.add(taskId);
  return [...ids];
}

/**
 * One edit (a person's consecutive persisted changes: their move and the cascade the server ran after it) as at most
 * one draft per person: being assigned outranks a change to a watched task; the actor is never told.
 * `watchers`: task id → people who watch it besides its assignees; `stopped`: `taskId|userId` of those who chose not to.
 */
export function taskChangeDrafts(
  edit: readonly PersistedChanges[],
  actorName: string,
  watchers: ReadonlyMap<string, readonly string[]>,
  stopped: ReadonlySet<string> = new Set(),
): { drafts: Omit<NotificationDraft, 'userId'>[]; userIds: string[] } {
  const first = edit[0];
  if (!first) return { drafts: [], userIds: [] };
  const { projectId, actorId } = first;
  const people = new Map<string, PersonNotice>();
  const of = (userId: string) => {
    let notice = people.get(userId);
    if (!notice) people.set(userId, (notice = { assigned: [], changes: [] }));
    return notice;
  };
  for (const c of edit) {
    for (const [taskId, task] of c.rows.created) for (const userId of assignees(task)) of(userId).assigned.push({ taskId, name: task.name });
    for (const [taskId, after, fields, before] of c.rows.updated) {
      const had = new Set(assignees(before));
      for (const userId of assignees(after)) if (!had.has(userId)) of(userId).assigned.push({ taskId, name: after.name });
      if (!fields.includes('startDate') && !fields.includes('endDate')) continue;
      const moved = dayNumber(after.startDate) - dayNumber(before.startDate);
      const resized = dayNumber(after.endDate) - dayNumber(after.startDate) - (dayNumber(before.endDate) - dayNumber(before.startDate));
      if (!moved && !resized) continue;
      const reason = c.cascadeReasons?.get(taskId);
      const cascade = reason ? CASCADE.exec(reason) : null;
      const change: Change = moved
        ? { taskId, name: after.name, kind: 'moved', days: moved, cause: cascade ? (cascade[1] ?? '') : null }
        : { taskId, name: after.name, kind: 'resized', days: resized, cause: null };
      for (const userId of new Set([...assignees(before), ...assignees(after), ...(watchers.get(taskId) ?? [])])) {
        if (!stopped.has(`${taskId}|${userId}`)) of(userId).changes.push(change);
      }
    }
    for (const [taskId, task] of c.rows.deleted) {
      const change: Change = { taskId, name: task.name, kind: 'deleted', days: 0, cause: null };
      for (const userId of assignees(task)) of(userId).changes.push(change);
    }
  }
  people.delete(actorId ?? '');
  const drafts: Omit<NotificationDraft, 'userId'>[] = [];
  const userIds: string[] = [];
  const by = actorName ? ` — ${actorName}` : '';
  for (const [userId, notice] of people) {
    const deleted = new Set(notice.changes.filter((c) => c.kind === 'deleted').map((c) => c.taskId));
    const assigned = notice.assigned.filter((a) => !deleted.has(a.taskId));
    if (assigned.length) {
      const [task] = assigned;
      drafts.push({
        reason: 'assigned',
        actorId,
        projectId,
        taskId: task!.taskId,
        text: `${actorName || 'Someone'} assigned you to «${task!.name}»${more(assigned.length - 1)}`,
        data: { tasks: assigned.length },
      });
      userIds.push(userId);
      continue;
    }
    // A task counts once (its last change), direct changes before the cascade's.
    const last = new Map<string, Change>();
    for (const change of notice.changes) last.set(change.taskId, change);
    const changes = [...last.values()].sort((a, b) => Number(a.cause !== null) - Number(b.cause !== null));
    const [change] = changes;
    if (!change) continue;
    drafts.push({
      reason: 'task_changed',
      actorId,
      projectId,
      taskId: change.kind === 'deleted' ? null : change.taskId,
      text: `${describe(change)}${more(changes.length - 1)}${by}`,
      data: { tasks: changes.length, kind: change.kind },
    });
    userIds.push(userId);
  }
  return { drafts, userIds };
}
