import { taskAssignments, taskSchema, type Assignment, type Task, type UpdateTaskRequest } from '@planline/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { errorStatus, serverMessage } from '../../lib/api-error';
import { apiRequest } from '../../lib/query-client';
import { toast, type ToastInput } from '../../lib/toast.store';
import { scheduleWorkloadRefetch } from './workload-live';
import { isWorkloadViewKey, roundHours, workloadRows, type TeamWorkload, type WorkloadPerson } from './workload-view-model';

/*
 * [workload-reassign] Reassigning a task from one person's row of the workload view to another's (issue 36): by
 * drag or the row's "Reassign to…" menu. The target takes the person's place among the task's assignees with the
 * same allocation; if the target is assigned already, nothing is done and the view says so (shares are not merged:
 * two people's allocations on one person would be a guess). One reassign is one undo step: the toast's Undo and
 * Ctrl+Z put back exactly the assignments the task had, only if it still has those the reassign left, and the same
 * primary assignee (the API's `base.assignments` and `base.assigneeId`: a teammate's change since is never
 * overwritten).
 */

/** A row of the view: a person, or "Unassigned" (userId null). */
export interface RowPerson {
  userId: string | null;
  name: string;
}

export interface ReassignRequest {
  taskId: string;
  taskName: string;
  from: RowPerson;
  to: RowPerson;
}

/** A reassign the server stored: what the task had before, and what it has now. */
export interface DoneReassign extends ReassignRequest {
  before: { assignments: Assignment[]; assigneeId: string | null };
  after: { assignments: Assignment[]; assigneeId: string | null };
}

/** "Moved «Design» from Ana to Ben" (the toast, and the history's reason without the «»). */
export function movedText(r: Pick<ReassignRequest, 'taskName' | 'from' | 'to'>): string {
  return `Moved «${r.taskName}» from ${r.from.name} to ${r.to.name}`;
}

/**
 * The task's assignments with `from`'s place given to `to`, at `from`'s allocation (100 when the task had nobody:
 * the Unassigned row). A string says why not: the target is assigned already, or the task no longer has `from`.
 */
export function reassignedAssignments(current: readonly Assignment[], from: RowPerson, to: RowPerson, taskName: string): Assignment[] | string {
  if (to.userId !== null && current.some((a) => a.userId === to.userId)) return `${to.name} is already assigned to «${taskName}»: nothing was changed.`;
  if (from.userId === null) {
    if (current.length > 0) return `«${taskName}» has been assigned meanwhile: nothing was changed.`;
    return to.userId === null ? [] : [{ userId: to.userId, allocation: 100 }];
  }
  const share = current.find((a) => a.userId === from.userId);
  if (!share) return `${from.name} is no longer assigned to «${taskName}»: nothing was changed.`;
  const others = current.filter((a) => a.userId !== from.userId);
  return to.userId === null ? others : [...others, { userId: to.userId, allocation: share.allocation }];
}

/**
 * The view's figures as they will be after the move, before the server answers: the task's hours leave `from`'s
 * row and join `to`'s, bucket by bucket (the refetch that follows has the exact figures, the target's own capacity
 * and calendar included).
 */
export function movedLoad(workload: TeamWorkload, taskId: string, from: string | null, to: string | null): TeamWorkload {
  const source = workloadRows(workload).find((p) => p.userId === from);
  if (!source || from === to) return workload;
  const moving = source.buckets.map((b) => b.tasks.filter((t) => t.taskId === taskId));
  const move = (person: WorkloadPerson): WorkloadPerson => {
    if (person.userId !== from && person.userId !== to) return person;
    const sign = person.userId === from ? -1 : 1;
    return {
      ...person,
      buckets: person.buckets.map((bucket, i) => {
        const entries = moving[i] ?? [];
        if (entries.length === 0) return bucket;
        const hours = entries.reduce((sum, t) => sum + t.hours, 0);
        const tasks = sign < 0 ? bucket.tasks.filter((t) => t.taskId !== taskId) : [...bucket.tasks.filter((t) => t.taskId !== taskId), ...entries];
        return { ...bucket, allocatedHours: Math.max(0, roundHours(bucket.allocatedHours + sign * hours)), tasks };
      }),
    };
  };
  return { ...workload, people: workload.people.map(move), unassigned: move(workload.unassigned) };
}

/** A cached read with the view's shape (people and the Unassigned row), not another reader's. */
const isTeamWorkload = (data: unknown): data is TeamWorkload =>
  typeof data === 'object' && data !== null && Array.isArray((data as TeamWorkload).people) && typeof (data as TeamWorkload).unassigned === 'object' && (data as TeamWorkload).unassigned !== null;

/** The REST calls a reassign makes; tests stand in for them. */
export interface ReassignApi {
  getTask: (taskId: string) => Promise<Task>;
  patchTask: (taskId: string, changes: UpdateTaskRequest) => Promise<Task>;
}

export const restReassignApi: ReassignApi = {
  getTask: async (taskId) => taskSchema.parse(await (await apiRequest('GET', `/api/tasks/${taskId}`)).json()),
  patchTask: async (taskId, changes) => taskSchema.parse(await (await apiRequest('PATCH', `/api/tasks/${taskId}`, changes)).json()),
};

const assignmentsOf = (task: Pick<Task, 'assigneeIds' | 'allocations'>) => taskAssignments(task.assigneeIds, task.allocations);

/** Ctrl+Z (⌘Z on a Mac), not Shift: undo. */
export function isUndoKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): boolean {
  return event.key.toLowerCase() === 'z' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** Thrown (and shown) when the task is not as the reassign or its undo expects: nothing was written. */
class Refused extends Error {}

export interface Reassigner {
  reassign: (request: ReassignRequest) => Promise<DoneReassign | null>;
  /** Undoes the last reassign of this view (once); false when there is none. */
  undo: () => Promise<boolean>;
  /** The reassign Ctrl+Z would undo, if any. */
  last: () => DoneReassign | null;
}

/**
 * The view's reassigns and their undo: the cells move at once (every workload read of the team held), the server
 * is asked, and an error puts the cells back and says why. One per open view; `notify` raises toasts.
 */
export function createReassigner(queryClient: QueryClient, teamId: string, api: ReassignApi = restReassignApi, notify: (input: ToastInput) => void = toast): Reassigner {
  let last: DoneReassign | null = null;

  // The view's reads only: another reader of the same URL (the chart's overloads) keeps another shape.
  const held = () =>
    queryClient.getQueriesData<TeamWorkload>({ predicate: (q) => isWorkloadViewKey(q.queryKey, teamId) }).filter((entry): entry is [QueryKey, TeamWorkload] => isTeamWorkload(entry[1]));
  const heldRows = () => held().flatMap(([, data]) => workloadRows(data));

  /** Moves the task's hours in every held workload of the team; answers how to put them back. */
  const moveCells = (taskId: string, from: string | null, to: string | null) => {
    const before = held();
    for (const [key, data] of before) queryClient.setQueryData(key, movedLoad(data, taskId, from, to));
    return () => {
      for (const [key, data] of before) queryClient.setQueryData(key, data);
    };
  };

  const failed = (error: unknown, fallback: string) => {
    const message = error instanceof Refused ? error.message : (serverMessage(error) ?? fallback);
    notify({ title: message, variant: 'destructive' });
  };

  const reassign = async (request: ReassignRequest): Promise<DoneReassign | null> => {
    const { taskId, taskName, from, to } = request;
    if (from.userId === to.userId) return null;
    // The view already shows the task in the target's row: refused at once, the cells untouched.
    if (to.userId !== null && heldRows().some((p) => p.userId === to.userId && p.buckets.some((b) => b.tasks.some((t) => t.taskId === taskId)))) {
      notify({ title: `${to.name} is already assigned to «${taskName}»: nothing was changed.`, variant: 'destructive' });
      return null;
    }
    const putBack = moveCells(taskId, from.userId, to.userId);
    try {
      const task = await api.getTask(taskId);
      const before = assignmentsOf(task);
      const next = reassignedAssignments(before, from, to, taskName);
      if (typeof next === 'string') throw new Refused(next);
      // Whoever was the primary assignee stays so; the person moved away hands it to the one moved in.
      const handsOver = task.assigneeId === from.userId && to.userId !== null;
      const changes: UpdateTaskRequest = {
        assignments: next,
        base: handsOver ? { assignments: before, assigneeId: task.assigneeId } : { assignments: before },
        changeReason: `Moved from ${from.name} to ${to.name} in the workload view`,
        ...(handsOver ? { assigneeId: to.userId } : {}),
      };
      const answer = await api.patchTask(taskId, changes);
      const done: DoneReassign = { ...request, before: { assignments: before, assigneeId: task.assigneeId }, after: { assignments: assignmentsOf(answer), assigneeId: answer.assigneeId } };
      last = done;
      notify({
        title: movedText(request),
        action: { label: 'Undo', altText: 'Press Ctrl+Z in the workload view to undo', onSelect: () => void undoThis(done) },
      });
      return done;
    } catch (error) {
      putBack();
      failed(error, `«${taskName}» could not be reassigned. Try again.`);
      return null;
    } finally {
      scheduleWorkloadRefetch(queryClient, teamId);
    }
  };

  const undoThis = async (done: DoneReassign): Promise<boolean> => {
    if (last !== done) return false;
    last = null;
    const putBack = moveCells(done.taskId, done.to.userId, done.from.userId);
    try {
      // The primary is put back too, only if it is still the one the reassign left (a teammate's change of the
      // primary alone leaves the assignments as they were).
      const primary = done.before.assigneeId;
      const changes: UpdateTaskRequest = {
        assignments: done.before.assignments,
        base: primary ? { assignments: done.after.assignments, assigneeId: done.after.assigneeId } : { assignments: done.after.assignments },
        changeReason: `Undid moving from ${done.from.name} to ${done.to.name} in the workload view`,
        ...(primary ? { assigneeId: primary } : {}),
      };
      await api.patchTask(done.taskId, changes);
      notify({ title: `Moved «${done.taskName}» back to ${done.from.name}` });
      return true;
    } catch (error) {
      putBack();
      if (errorStatus(error) === 409) failed(new Refused(`«${done.taskName}» was changed after you moved it: undo left it as it is.`), '');
      else {
        // Nothing was written: Ctrl+Z may try again.
        last = done;
        failed(error, `Undo failed: «${done.taskName}» stays with ${done.to.name}.`);
      }
      return false;
    } finally {
      scheduleWorkloadRefetch(queryClient, teamId);
    }
  };

  return { reassign, undo: () => (last ? undoThis(last) : Promise.resolve(false)), last: () => last };
}
