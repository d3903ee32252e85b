import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LINK,
  findDependencyCycle,
  isOneDayIfMilestone,
  MAX_TASKS_PER_PROJECT,
  MILESTONE_ONE_DAY,
  readLinkValue,
  TASK_FIELD_LABELS,
  TASK_GUARDED_FIELDS,
  taskStatusOf,
  type Assignment,
  canonicalAllocations,
  customValueProblem,
  mergeCustomValues,
  type CustomFieldDefinitions,
  type CustomValue,
  type CustomValues,
  sameAssignments,
  taskAssignments,
  type CreateTaskInput,
  type DependencyInput,
  type Task,
  type TaskGuardedField,
  type TaskHistoryEntry,
  type UpdateDependencyInput,
  type UpdateTaskInput,
} from '@planline/domain';
import { assignableUsers, customFieldDefinitions, serverEdit, type ProjectDocuments } from '@planline/realtime';
import { addDependency, dependencyEdges, dependencyLinks, deleteTask, fieldValue, readTask, type DocTask, readTaskField, removeDependency, taskIds, tasksMap, writeTask } from '@planline/document';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { requireProjectAccess } from '../access/access.policy.js';
import { TaskListCache, type TaskListAnswer } from './task-list-cache.js';
import { requireTaskAccess, TASK_NOT_FOUND } from './tasks.policy.js';
import { buildParts, mergeChanged, patchTasks, wholeList, type PatchedTasks } from './task-list-parts.js';
import { findTask, readTaskListChanges, readTaskListSince, readWholeTaskList, rolledUp, taskHistory, taskListVersion } from './tasks.read.js';
import { assertMayBeMilestone, assertNotRolledUp, assertParent, hasSubtasks } from './task-tree.rules.js';

/**
 * Bytes of task list JSON kept for answering again (TaskListCache): a list at the cap of 100,000 tasks is ~68 MB,
 * which a bound of 50 MB never kept, so every read of such a project built it again (12-27 s on a busy 2-core
 * machine, issue 18). Room for one at the cap and a dozen of 10,000 tasks.
 */
const TASK_LIST_CACHE_BYTES = 160 * 1024 * 1024;

const invalidField = (path: string, message: string) => new AppError('validation_failed', message, { issues: [{ path, message }] });
const endBeforeStart = () => invalidField('endDate', 'End date cannot be before start date');

/**
 * Tasks through the one write path (ARCHITECTURE §3): every change is a transaction on the project's live
 * document, answered once persisted; reads come from the persisted rows.
 */
export class TasksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly documents: ProjectDocuments,
  ) {}

  private readonly taskLists = new TaskListCache(TASK_LIST_CACHE_BYTES);
  /** Lists being built, by project: each reads at `atLeast` or a later version. */
  private readonly building = new Map<string, { atLeast: bigint; answer: Promise<TaskListAnswer> }>();

  /**
   * The project's tasks as JSON, built again only when its rows changed since the last answer, and then from the
   * list kept before: only the tasks changed since are read and serialized (10,000 tasks: reading them all cost
   * ~150 ms of SQL and row parsing, and serializing ~30 ms). The first read after a change makes three round trips
   * to PostgreSQL, two of them side by side (access and version, then what changed): on a busy machine each is a
   * wait for the database's turn on a core.
   */
  async list(userId: string, projectId: string): Promise<TaskListAnswer> {
    // Side by side (two connections): one round trip's wait, not two. The version is used only once access holds.
    const [, version] = await Promise.all([requireProjectAccess(this.dataSource, userId, projectId), taskListVersion(this.dataSource, projectId)]);
    const answer = this.taskLists.get(projectId, version);
    if (answer) return answer;
    // Readers who come while the list is being built again wait for that build, if it reads at their version or
    // later: a change costs one build, however many browsers ask for the list after it.
    const building = this.building.get(projectId);
    if (building && building.atLeast >= version) return building.answer;
    const built = this.build(projectId, version);
    this.building.set(projectId, { atLeast: version, answer: built });
    const done = () => {
      if (this.building.get(projectId)?.answer === built) this.building.delete(projectId);
    };
    built.then(done, done);
    return built;
  }

  /** The list at `version` or later, built from the list kept before when there is one. */
  private async build(projectId: string, version: bigint): Promise<TaskListAnswer> {
    // Read at this version or a later one (a change committed since): never older than what this request saw.
    const kept = this.taskLists.latest(projectId);
    if (kept && kept.version <= version) {
      const base = kept.answer.parts;
      // Most changes add or change tasks: one statement says which, and how many tasks there are.
      const changes = await readTaskListChanges(this.dataSource, projectId, kept.version);
      const placed = changes && mergeChanged(base, changes, changes.count);
      if (placed) return this.keep(projectId, changes.version, placed, kept.answer);
      // A deletion (or a row changed without a stamp): the order of all the tasks is read too, in one snapshot with
      // what changed.
      const read = await readTaskListSince(this.dataSource, projectId, kept.version);
      const patched = patchTasks(base, read, read.order);
      if (patched) return this.keep(projectId, read.version, patched, kept.answer);
    }
    const whole = await readWholeTaskList(this.dataSource, projectId);
    return this.keep(projectId, whole.version, wholeList(whole), undefined, kept?.answer);
  }

  /**
   * Keeps the list, its unchanged tasks' JSON taken from `base`, the list it was patched from. Its gzip encoding is
   * made from `previous`'s pieces (any earlier list of the project: pieces are reused only where their bytes match).
   */
  private async keep(projectId: string, version: bigint, list: PatchedTasks, base?: TaskListAnswer, previous = base): Promise<TaskListAnswer> {
    const rolled = await rolledUp(this.dataSource, projectId, list.tasks);
    return this.taskLists.set(projectId, version, buildParts(list, rolled, base?.parts), previous);
  }

  private async assertAssignable(projectId: string, ids: (string | null | undefined)[]): Promise<void> {
    const wanted = ids.filter((id): id is string => !!id);
    if (!wanted.length) return;
    const members = await assignableUsers(this.dataSource, projectId);
    if (wanted.some((id) => !members.has(id))) {
      throw new AppError('validation_failed', 'Tasks can only be assigned to members of the project', {
        issues: [{ path: 'assigneeId', message: 'Tasks can only be assigned to members of the project' }],
      });
    }
  }

  /** [custom-values] Each listed value fits a field the project defines, or 400 naming the field (issue 39). */
  private async assertCustomValues(projectId: string, values: Readonly<Record<string, CustomValue | null>> | undefined): Promise<void> {
    // null, an empty text and false clear a value (canonicalCustomValues): nothing to judge.
    const listed = Object.entries(values ?? {}).filter((e): e is [string, CustomValue] => e[1] !== null && e[1] !== '' && e[1] !== false);
    if (!listed.length) return;
    const fields = await customFieldDefinitions(this.dataSource, projectId);
    const issues = listed.flatMap(([id, value]) => {
      const problem = customValueIssue(fields, id, value);
      return problem ? [{ path: `custom.${id}`, message: problem }] : [];
    });
    if (issues.length) throw new AppError('validation_failed', issues.map((i) => i.message).join('; '), { issues });
  }

  async create(userId: string, body: CreateTaskInput): Promise<Task> {
    await requireProjectAccess(this.dataSource, userId, body.projectId);
    await this.assertCustomValues(body.projectId, body.custom);
    const input = withAssignments(body);
    const assigneeIds = input.assigneeIds ?? (input.assigneeId ? [input.assigneeId] : []);
    const assigneeId = input.assigneeId ?? assigneeIds[0] ?? null;
    await this.assertAssignable(input.projectId, [assigneeId, ...assigneeIds]);
    const allocations = input.allocations ?? {};
    assertAllocationsOfAssignees(allocations, assigneeId ? [assigneeId, ...assigneeIds] : assigneeIds);
    const id = randomUUID();
    await this.documents.edit(input.projectId, serverEdit(userId, input.changeReason), (doc) => {
      if (tasksMap(doc).size >= MAX_TASKS_PER_PROJECT) {
        throw new AppError('conflict', `A project can hold at most ${MAX_TASKS_PER_PROJECT.toLocaleString('en-US')} tasks. Delete finished tasks or start a new project.`);
      }
      if (input.parentId) assertParent(doc, id, input.parentId);
      // New tasks go to the end unless an order is given.
      let order = input.order;
      if (order === undefined) {
        order = 0;
        for (const id of taskIds(doc)) order = Math.max(order, Number(readTaskField(doc, id, 'order') ?? 0) + 1);
      }
      writeTask(doc, id, {
        name: input.name,
        description: input.description ?? null,
        startDate: input.startDate,
        endDate: input.endDate,
        status: input.status,
        priority: input.priority,
        progress: input.progress,
        color: input.color,
        assigneeId,
        assigneeIds: [...new Set(assigneeId ? [assigneeId, ...assigneeIds] : assigneeIds)].sort(),
        allocations,
        order,
        kind: input.kind,
        parentId: input.parentId ?? null,
        custom: input.custom ?? {},
      });
    });
    return this.persisted(id);
  }

  async update(userId: string, taskId: string, body: UpdateTaskInput): Promise<Task> {
    const projectId = await requireTaskAccess(this.dataSource, userId, taskId);
    const input = withAssignments(body);
    await this.assertAssignable(projectId, [input.assigneeId, ...(input.assigneeIds ?? [])]);
    await this.assertCustomValues(projectId, input.custom);
    const { changeReason, base, custom, ...fields } = input;
    // A summary shows its subtasks' dates and progress: those it may be sent back, not changed.
    const rolledUp = fields.startDate !== undefined || fields.endDate !== undefined || fields.progress !== undefined ? await findTask(this.dataSource, taskId) : null;
    const stale = await this.documents.edit(projectId, serverEdit(userId, changeReason), (doc) => {
      const current = readTask(doc, taskId);
      if (!current) throw new AppError('not_found', TASK_NOT_FOUND);
      // [form-merge] Checked and written in one document transaction: a teammate's change is never overwritten.
      const changedMeanwhile = changedSinceBase(current, base, fields);
      if (changedMeanwhile.length > 0) return changedMeanwhile;
      if (base?.assignments && fields.assigneeIds !== undefined) assertAssignmentsUnchanged(current, base.assignments);
      if (rolledUp && hasSubtasks(doc, taskId)) {
        assertNotRolledUp(fields, rolledUp);
        delete fields.startDate;
        delete fields.endDate;
        delete fields.progress;
      }
      if (fields.parentId) assertParent(doc, taskId, fields.parentId);
      if (fields.kind === 'milestone') assertMayBeMilestone(doc, taskId);
      const start = fields.startDate ?? (current.startDate as string);
      const end = fields.endDate ?? (current.endDate as string);
      if (end < start) throw endBeforeStart();
      const kind = fields.kind ?? fieldValue('kind', current.kind);
      if (!isOneDayIfMilestone({ kind: kind as string, startDate: start, endDate: end })) throw invalidField('endDate', MILESTONE_ONE_DAY);
      const next = { ...fields };
      // The primary assignee is always one of the assignees.
      if (fields.assigneeId !== undefined && fields.assigneeIds === undefined) {
        const others = ((current.assigneeIds as string[] | undefined) ?? []).filter((id) => id !== current.assigneeId && id !== fields.assigneeId);
        next.assigneeIds = (fields.assigneeId ? [fields.assigneeId, ...others] : others).sort();
      }
      // Assignments name everyone: the primary assignee stays if still named, else the first named takes over.
      if (body.assignments && fields.assigneeId === undefined) {
        const primary = fieldValue('assigneeId', current.assigneeId) as string | null;
        next.assigneeId = primary && next.assigneeIds!.includes(primary) ? primary : (next.assigneeIds![0] ?? null);
      }
      const assignees = (next.assigneeIds ?? (fieldValue('assigneeIds', current.assigneeIds) as string[])) ?? [];
      const allocations = next.allocations ?? (fieldValue('allocations', current.allocations) as Record<string, number>);
      if (next.allocations) assertAllocationsOfAssignees(next.allocations, assignees);
      // `assigneeIds` without allocations means 100 % each (issue 36: the form of clients that know no allocation).
      else if (body.assigneeIds !== undefined) next.allocations = {};
      // A new primary assignee: the others keep their share, someone unassigned takes theirs along.
      else if (next.assigneeIds) next.allocations = Object.fromEntries(Object.entries(allocations).filter(([id]) => assignees.includes(id)));
      // [custom-values] The listed fields' values replace the task's, in the same transaction (a teammate's value
      // of another field stays); null clears one.
      const written: Record<string, unknown> = { ...next };
      if (custom) written.custom = mergeCustomValues(fieldValue('custom', current.custom) as CustomValues, custom);
      writeTask(doc, taskId, written);
      return [];
    });
    if (stale.length > 0) throw await this.baseConflict(taskId, stale);
    return this.persisted(taskId);
  }

  /** The 409 for fields changed since the person's base: their current values, and who changed each (the history). */
  private async baseConflict(taskId: string, stale: readonly { field: TaskGuardedField; current: unknown }[]): Promise<AppError> {
    const history = await taskHistory(this.dataSource, taskId);
    const conflicts = stale.map(({ field, current }) => {
      const by = history.find((h) => h.fieldName === field)?.changedByUser;
      return { field, current: current ?? null, changedBy: by ? { firstName: by.firstName } : null };
    });
    const message = conflicts
      .map((c) => `${c.changedBy?.firstName ?? 'A teammate'} changed ${TASK_FIELD_LABELS[c.field]!.toLowerCase()} to "${String(c.current ?? '')}" while you were editing it.`)
      .join(' ');
    return new AppError('conflict', `${message} Keep yours or take theirs.`, { conflicts });
  }

  /** GET /api/tasks/{id}: one task as the list has it (the workload view reads a task's assignments before it reassigns). */
  async get(userId: string, taskId: string): Promise<Task> {
    await requireTaskAccess(this.dataSource, userId, taskId);
    const task = await findTask(this.dataSource, taskId);
    if (!task) throw new AppError('not_found', TASK_NOT_FOUND);
    return task;
  }

  async remove(userId: string, taskId: string): Promise<void> {
    const projectId = await requireTaskAccess(this.dataSource, userId, taskId);
    await this.documents.edit(projectId, serverEdit(userId), (doc) => {
      if (!readTask(doc, taskId)) throw new AppError('not_found', TASK_NOT_FOUND);
      deleteTask(doc, taskId);
    });
  }

  async history(userId: string, taskId: string): Promise<TaskHistoryEntry[]> {
    await requireTaskAccess(this.dataSource, userId, taskId);
    return taskHistory(this.dataSource, taskId);
  }

  async addDependency(userId: string, taskId: string, input: DependencyInput): Promise<Task> {
    const { dependsOnTaskId, type, lagDays } = input;
    const projectId = await requireTaskAccess(this.dataSource, userId, taskId);
    if (dependsOnTaskId === taskId) throw new AppError('validation_failed', 'A task cannot depend on itself');
    await this.documents.edit(projectId, serverEdit(userId), (doc) => {
      if (!readTask(doc, taskId)) throw new AppError('not_found', TASK_NOT_FOUND);
      const other = readTask(doc, dependsOnTaskId);
      if (!other) throw new AppError('validation_failed', 'A task can only depend on another task of the same project');
      const edges = dependencyEdges(doc);
      if (edges.some((e) => e.taskId === taskId && e.dependsOnTaskId === dependsOnTaskId)) {
        throw new AppError('conflict', 'That dependency already exists: change its type or lag instead');
      }
      const cycle = findDependencyCycle(edges, { taskId, dependsOnTaskId });
      if (cycle) {
        const names = cycle.map((id) => String(readTask(doc, id)?.name ?? id));
        throw new AppError('validation_failed', `That dependency would make a cycle: ${names.join(' → ')}`);
      }
      addDependency(doc, taskId, dependsOnTaskId, { type, lagDays });
    });
    return this.persisted(taskId);
  }

  /** A link's new type or lag (PATCH /api/tasks/{id}/dependencies/{dependsOnTaskId}). */
  async updateDependency(userId: string, taskId: string, dependsOnTaskId: string, input: UpdateDependencyInput): Promise<Task> {
    const projectId = await requireTaskAccess(this.dataSource, userId, taskId);
    await this.documents.edit(projectId, serverEdit(userId), (doc) => {
      const link = dependencyLinks(doc).find((e) => e.taskId === taskId && e.dependsOnTaskId === dependsOnTaskId);
      if (!link) throw new AppError('not_found', 'That dependency does not exist');
      const current = readLinkValue(link.value) ?? DEFAULT_LINK;
      addDependency(doc, taskId, dependsOnTaskId, { type: input.type ?? current.type, lagDays: input.lagDays ?? current.lagDays });
    });
    return this.persisted(taskId);
  }

  async removeDependency(userId: string, taskId: string, dependsOnTaskId: string): Promise<Task> {
    const projectId = await requireTaskAccess(this.dataSource, userId, taskId);
    await this.documents.edit(projectId, serverEdit(userId), (doc) => {
      const exists = dependencyEdges(doc).some((e) => e.taskId === taskId && e.dependsOnTaskId === dependsOnTaskId);
      if (!exists) throw new AppError('not_found', 'That dependency does not exist');
      removeDependency(doc, taskId, dependsOnTaskId);
    });
    return this.persisted(taskId);
  }

  private async persisted(taskId: string): Promise<Task> {
    const task = await findTask(this.dataSource, taskId);
    // Only if someone deleted it between our write and this read.
    if (!task) throw new AppError('conflict', 'The task was deleted while it was being saved');
    return task;
  }
}

/** A task field as compared with a base: statuses by their current names, a blank description as none. */
function comparable(field: TaskGuardedField, value: unknown): unknown {
  if (field === 'status') return taskStatusOf(value);
  if (field === 'description') return typeof value === 'string' && value.trim() ? value : null;
  return value ?? null;
}

/** The fields `fields` changes whose `base` (what the person started from) is no longer the task's value. */
function changedSinceBase(current: DocTask, base: UpdateTaskInput['base'], fields: Partial<Record<TaskGuardedField, unknown>>) {
  const stale: { field: TaskGuardedField; current: unknown }[] = [];
  if (!base) return stale;
  for (const field of TASK_GUARDED_FIELDS) {
    if (base[field] === undefined || fields[field] === undefined) continue;
    const now = fieldValue(field, current[field]);
    if (comparable(field, base[field]) !== comparable(field, now)) stale.push({ field, current: now });
  }
  return stale;
}

/**
 * [workload-reassign] `base.assignments` with `assignments`: the task's assignments must still be those the person
 * started from (the workload view's reassign and its undo), else 409 with the current ones and nothing written.
 */
function assertAssignmentsUnchanged(current: DocTask, base: readonly { userId: string; allocation: number }[]): void {
  const now = taskAssignments(
    (fieldValue('assigneeIds', current.assigneeIds) as string[] | null) ?? [],
    (fieldValue('allocations', current.allocations) as Record<string, number> | null) ?? {},
  );
  if (sameAssignments(now, base)) return;
  throw new AppError('conflict', "The task's assignees changed meanwhile: nothing was written.", { conflicts: [{ field: 'assignments', current: now }] });
}

/**
 * `assignments` (issue 36: who, and how much of their day) as the document holds them: `assigneeIds` and the
 * `allocations` of those not at 100 %.
 */
function withAssignments<T extends { assignments?: Assignment[] | undefined; assigneeIds?: string[] | undefined; allocations?: Record<string, number> | undefined }>(
  input: T,
): Omit<T, 'assignments'> {
  const { assignments, ...rest } = input;
  if (!assignments) return rest;
  return { ...rest, assigneeIds: assignments.map((a) => a.userId), allocations: canonicalAllocations(Object.fromEntries(assignments.map((a) => [a.userId, a.allocation]))) };
}

/** Why `value` cannot be the value of field `id` of the project, or null when it can. */
function customValueIssue(fields: CustomFieldDefinitions, id: string, value: CustomValue): string | null {
  const field = fields.get(id);
  return field ? customValueProblem(field, value) : `This project has no custom field ${id}: it may have been removed`;
}

/** An allocation is a share of an assignee's day: one for someone not assigned is a mistake, said as a 400. */
function assertAllocationsOfAssignees(allocations: Readonly<Record<string, number>>, assigneeIds: readonly string[]): void {
  if (Object.keys(allocations).some((id) => !assigneeIds.includes(id))) {
    throw new AppError('validation_failed', 'An allocation can only be given to someone assigned to the task', {
      issues: [{ path: 'allocations', message: 'An allocation can only be given to someone assigned to the task' }],
    });
  }
}
