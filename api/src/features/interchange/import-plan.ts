import { randomUUID } from 'node:crypto';
import {
  ALLOCATION_DEFAULT,
  ALLOCATION_MAX,
  ALLOCATION_MIN,
  canonicalAllocations,
  displayName,
  linkSchema,
  MAX_TASKS_PER_PROJECT,
  taskFieldSchemas,
  TASK_FIELDS,
  TASK_MAX_ASSIGNEES,
  TASK_NAME_MAX_LENGTH,
  type ImportedCalendar,
  type ImportedPlan,
  type ImportedTask,
  type ImportMessage,
  type ImportMode,
  type ImportSummary,
  type Link,
} from '@planline/domain';
import { addDependency, dependenciesMap, tasksMap, writeTask, type DocTask } from '@planline/document';
import type * as Y from 'yjs';

/*
 * [import] Issue 37: from an ImportedPlan (what a reader made of a file) to what the write path stores. Pure: the
 * people and the project's state come in as arguments, and the one document transaction is written by `writeImport`.
 * Everything is checked before anything is written, so a plan with an error stores nothing.
 */

/** A person who can be assigned in the project, as the import matches them. */
export interface Assignable {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export type PeopleMatch = ImportSummary['people'];

const personKey = (s: string) => s.trim().toLocaleLowerCase('en-US').replace(/\s+/g, ' ');

/**
 * Each resource of the file to one of the project's people: by e-mail (case-insensitive), then by display name
 * (first and last name, spacing and case aside). A name two people share matches neither: the import does not guess.
 */
export function matchPeople(plan: Pick<ImportedPlan, 'resources'>, people: readonly Assignable[]): { people: PeopleMatch; byKey: Map<string, string> } {
  const byEmail = new Map<string, string>();
  const byName = new Map<string, string | null>();
  for (const p of people) {
    byEmail.set(personKey(p.email), p.id);
    const name = personKey(displayName({ email: p.email, firstName: p.firstName ?? '', lastName: p.lastName ?? '' }));
    byName.set(name, byName.has(name) ? null : p.id);
  }
  const byKey = new Map<string, string>();
  const answer: PeopleMatch = [];
  for (const resource of plan.resources) {
    const matched = (resource.email ? byEmail.get(personKey(resource.email)) : undefined) ?? byName.get(personKey(resource.name)) ?? null;
    if (matched) byKey.set(resource.key, matched);
    answer.push({ name: resource.name, email: resource.email, matchedUserId: matched });
  }
  return { people: answer, byKey };
}

/** What the project holds when the import is checked against it. */
export interface ImportTarget {
  mode: ImportMode;
  /** Tasks in the project now (all replaced in replace mode). */
  existingTasks: number;
  /** The highest `order` of the project's tasks now (-1 for none). */
  lastOrder: number;
  /** The project's working calendar now, to tell a file with another one. */
  calendar: ImportedCalendar;
  /** The task cap (MAX_TASKS_PER_PROJECT; a parameter so tests reach it). */
  maxTasks?: number;
}

/** A task as it goes into the document, with its new id. */
export interface BuiltTask {
  id: string;
  fields: DocTask;
}

export interface BuiltImport {
  tasks: BuiltTask[];
  links: { taskId: string; dependsOnTaskId: string; link: Link }[];
  /** New task id by the file's key: for the baseline. */
  idByKey: Map<string, string>;
}

export interface CheckedImport {
  summary: ImportSummary;
  /** Null while `summary.errors` is not empty: nothing may be stored. */
  built: BuiltImport | null;
  /** The file's calendar, and whether it differs from the project's. */
  calendar: ImportedCalendar | null;
  calendarDiffers: boolean;
}

export const sameCalendar = (a: ImportedCalendar, b: ImportedCalendar) =>
  [...a.workingWeekdays].sort().join() === [...b.workingWeekdays].sort().join() && [...a.holidays].sort().join() === [...b.holidays].sort().join();

/** The first field of a built task the write path's schemas refuse, as "Status must be one of …"; null when all pass. */
function invalidField(fields: DocTask): string | null {
  for (const field of TASK_FIELDS) {
    if (!(field in fields)) continue;
    const parsed = taskFieldSchemas[field].safeParse(fields[field]);
    if (!parsed.success) return (parsed.error.issues[0]?.message ?? `${field} is not valid`).replace(/\.$/, '');
  }
  return null;
}

const fieldError = (field: 'name' | 'description' | 'startDate' | 'endDate', value: unknown): string | null => {
  const parsed = taskFieldSchemas[field].safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'is not valid');
};

/** A plan's tasks share few dates: each is judged once (10,000 tasks, 20,000 dates, a few hundred distinct). */
function dateJudge(): (field: 'startDate' | 'endDate', value: string) => string | null {
  const seen = new Map<string, string | null>();
  return (field, value) => {
    const key = `${field}:${value}`;
    let verdict = seen.get(key);
    if (verdict === undefined) seen.set(key, (verdict = fieldError(field, value)));
    return verdict;
  };
}

/**
 * Checks a plan against the project and, when it has no error, builds what the commit writes: a new id for every
 * task, its parent from its parentKey, its order after the project's tasks (append) or from 0 (replace), the matched
 * people's assignments (the first listed is the primary assignee; the unmatched are dropped, with a warning), and
 * the links between the file's tasks. What cannot be imported as written but has a fair reading is a warning; what
 * has none is an error and nothing is stored.
 */
export function checkImport(plan: ImportedPlan, people: readonly Assignable[], target: ImportTarget): CheckedImport {
  const errors: ImportMessage[] = [...plan.errors];
  const warnings: ImportMessage[] = [...plan.warnings];
  const { people: matches, byKey: userByResource } = matchPeople(plan, people);
  const maxTasks = target.maxTasks ?? MAX_TASKS_PER_PROJECT;

  const after = (target.mode === 'replace' ? 0 : target.existingTasks) + plan.tasks.length;
  if (after > maxTasks) {
    const room = Math.max(0, maxTasks - (target.mode === 'replace' ? 0 : target.existingTasks));
    errors.push({
      row: null,
      message:
        `The file has ${plan.tasks.length.toLocaleString('en-US')} tasks; a project can hold at most ${maxTasks.toLocaleString('en-US')}` +
        (target.mode === 'append' && target.existingTasks ? ` and this one has room for ${room.toLocaleString('en-US')} more. Replace its tasks or import into a new project.` : '. Split the file into several projects.'),
    });
  }
  if (!plan.tasks.length && !errors.length) errors.push({ row: null, message: 'The file has no tasks to import.' });

  const idByKey = new Map<string, string>();
  const taskByKey = new Map<string, ImportedTask>();
  for (const task of plan.tasks) {
    if (taskByKey.has(task.key)) {
      errors.push({ row: task.row, message: `Row ${task.row}: the ID "${task.key}" is used by another row too; each task needs its own.` });
      continue;
    }
    taskByKey.set(task.key, task);
    idByKey.set(task.key, randomUUID());
  }

  // The hierarchy: a parent is a task of the file listed before its subtasks.
  const parentOf = new Map<string, string | null>();
  const hasChildren = new Set<string>();
  const seen = new Set<string>();
  for (const task of plan.tasks) {
    let parent = task.parentKey;
    if (parent !== null && (!taskByKey.has(parent) || !seen.has(parent))) {
      warnings.push({ row: task.row, message: `Row ${task.row}: the summary task of «${task.name}» is not in the file before it; the task is placed at the top level.` });
      parent = null;
    }
    parentOf.set(task.key, parent);
    if (parent !== null) hasChildren.add(parent);
    seen.add(task.key);
  }

  let unmatchedAssignments = 0;
  const built: BuiltTask[] = [];
  let order = target.mode === 'replace' ? 0 : target.lastOrder + 1;
  let milestones = 0;
  const dateError = dateJudge();
  for (const task of plan.tasks) {
    const id = idByKey.get(task.key);
    // A row whose ID another row had first: already an error.
    if (!id || taskByKey.get(task.key) !== task) continue;
    const row = task.row;
    const errorsBefore = errors.length;
    let name = task.name.trim();
    if (!name) {
      errors.push({ row, message: `Row ${row}: the task has no name.` });
      continue;
    }
    if (name.length > TASK_NAME_MAX_LENGTH) {
      warnings.push({ row, message: `Row ${row}: the name is longer than ${TASK_NAME_MAX_LENGTH} characters and was shortened.` });
      name = name.slice(0, TASK_NAME_MAX_LENGTH);
    }
    const nameProblem = fieldError('name', name);
    if (nameProblem) errors.push({ row, message: `Row ${row}: ${nameProblem}.` });
    const startProblem = dateError('startDate', task.startDate);
    const endProblem = dateError('endDate', task.endDate);
    if (startProblem || endProblem) errors.push({ row, message: `Row ${row}: ${startProblem ?? endProblem} (${startProblem ? task.startDate : task.endDate}).` });
    else if (task.endDate < task.startDate) errors.push({ row, message: `Row ${row}: «${name}» finishes (${task.endDate}) before it starts (${task.startDate}).` });
    const description = task.description.trim() ? task.description : null;
    const descriptionProblem = description === null ? null : fieldError('description', description);
    if (descriptionProblem) errors.push({ row, message: `Row ${row}: ${descriptionProblem}.` });

    const summary = hasChildren.has(task.key);
    let kind = task.kind;
    let endDate = task.endDate;
    if (kind === 'milestone' && summary) {
      warnings.push({ row, message: `Row ${row}: «${name}» is a milestone with subtasks; it is imported as a summary task.` });
      kind = 'task';
    } else if (kind === 'milestone' && endDate !== task.startDate) {
      warnings.push({ row, message: `Row ${row}: the milestone «${name}» is placed on its start date, ${task.startDate}.` });
      endDate = task.startDate;
    }
    if (kind === 'milestone') milestones++;

    const assigneeIds: string[] = [];
    const allocations: Record<string, number> = {};
    for (const assignment of task.assignments) {
      const userId = userByResource.get(assignment.resourceKey);
      if (!userId) {
        unmatchedAssignments++;
        continue;
      }
      if (assigneeIds.includes(userId)) continue;
      if (assigneeIds.length >= TASK_MAX_ASSIGNEES) {
        warnings.push({ row, message: `Row ${row}: a task can have at most ${TASK_MAX_ASSIGNEES} people; the rest were left out.` });
        break;
      }
      assigneeIds.push(userId);
      const allocation = Math.round(assignment.allocation);
      if (allocation < ALLOCATION_MIN || allocation > ALLOCATION_MAX) {
        warnings.push({ row, message: `Row ${row}: an allocation of ${assignment.allocation}% is outside ${ALLOCATION_MIN}-${ALLOCATION_MAX}%; it was set to ${Math.min(ALLOCATION_MAX, Math.max(ALLOCATION_MIN, allocation))}%.` });
      }
      allocations[userId] = Math.min(ALLOCATION_MAX, Math.max(ALLOCATION_MIN, allocation || ALLOCATION_DEFAULT));
    }
    // A row already refused is not built (nor judged twice).
    if (errors.length > errorsBefore) continue;
    const parentKey = parentOf.get(task.key) ?? null;
    const fields: DocTask = {
      name,
      description,
      startDate: task.startDate,
      endDate,
      status: task.status ?? (task.progress >= 100 ? 'completed' : task.progress > 0 ? 'in_progress' : 'pending'),
      priority: task.priority ?? 'medium',
      progress: Math.min(100, Math.max(0, Math.round(task.progress))),
      assigneeId: assigneeIds[0] ?? null,
      assigneeIds: [...assigneeIds].sort(),
      allocations: canonicalAllocations(allocations),
      order: order++,
      kind,
      parentId: parentKey === null ? null : idByKey.get(parentKey)!,
    };
    // The last word before anything is written: every field as the write path's own schemas take it. A reader's
    // slip (a status word it did not map, an allocation out of range) is a row error in the preview, never a value
    // that makes the document transaction throw half-way through a replace.
    const invalid = invalidField(fields);
    if (invalid) {
      errors.push({ row, message: `Row ${row}: ${invalid}.` });
      continue;
    }
    built.push({ id, fields });
  }

  if (unmatchedAssignments) {
    const unmatched = matches.filter((p) => !p.matchedUserId).map((p) => p.name);
    warnings.push({
      row: null,
      message: `${unmatchedAssignments} assignment${unmatchedAssignments === 1 ? '' : 's'} of people who are not in this project (${unmatched.join(', ')}) will be left out; invite them first to keep them.`,
    });
  }

  const links = checkLinks(plan, idByKey, errors, warnings);
  const calendarDiffers = plan.calendar !== null && !sameCalendar(plan.calendar, target.calendar);
  if (calendarDiffers && target.mode === 'append' && target.existingTasks > 0) {
    warnings.push({ row: null, message: "The file's working calendar differs from the project's; the tasks keep their dates and the project keeps its calendar." });
  }

  const summary: ImportSummary = {
    tasks: plan.tasks.length,
    links: links.length,
    milestones,
    summaries: hasChildren.size,
    people: matches,
    warnings: byRow(warnings),
    errors: byRow(errors),
    columns: plan.columns,
  };
  return { summary, built: summary.errors.length ? null : { tasks: built, links, idByKey }, calendar: plan.calendar, calendarDiffers };
}

/** Messages in row order, those of no row first, as the preview lists them. */
const byRow = (messages: ImportMessage[]) => [...messages].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));

/**
 * The file's links between its own tasks: one to a task that is not in the file is dropped with a warning; a second
 * link between the same two tasks too (the document holds one); links that close a cycle are errors, each named by
 * its row, found in one pass over the graph (Kahn's order: what is left over lies on or behind a cycle).
 */
function checkLinks(plan: ImportedPlan, idByKey: ReadonlyMap<string, string>, errors: ImportMessage[], warnings: ImportMessage[]) {
  const links: BuiltImport['links'] = [];
  const edges = new Set<string>();
  const kept: { from: string; to: string; row: number }[] = [];
  for (const link of plan.links) {
    const taskId = idByKey.get(link.successorKey);
    const dependsOnTaskId = idByKey.get(link.predecessorKey);
    if (!taskId || !dependsOnTaskId) {
      const missing = !taskId ? link.successorKey : link.predecessorKey;
      warnings.push({ row: link.row, message: `Row ${link.row}: a link names task "${missing}", which is not in the file; the link is left out.` });
      continue;
    }
    if (taskId === dependsOnTaskId) {
      errors.push({ row: link.row, message: `Row ${link.row}: a task cannot depend on itself.` });
      continue;
    }
    const key = `${taskId}>${dependsOnTaskId}`;
    if (edges.has(key)) {
      warnings.push({ row: link.row, message: `Row ${link.row}: the same two tasks are linked twice; the first link is kept.` });
      continue;
    }
    edges.add(key);
    kept.push({ from: dependsOnTaskId, to: taskId, row: link.row });
    const value = linkSchema.safeParse({ type: link.type, lagDays: link.lagDays });
    if (!value.success) {
      errors.push({ row: link.row, message: `Row ${link.row}: ${(value.error.issues[0]?.message ?? 'the link is not valid').replace(/\.$/, '')}.` });
      continue;
    }
    links.push({ taskId, dependsOnTaskId, link: value.data });
  }
  const cycleRows = rowsOnCycles(kept);
  for (const row of cycleRows) errors.push({ row, message: `Row ${row}: its links form a loop (a task that, through other tasks, depends on itself). Remove one of the links.` });
  return links;
}

/**
 * The rows of links that lie on a cycle, each once, in order: the links inside one strongly connected component
 * (Tarjan's, without recursion, so a chain of 10,000 tasks does not overflow the stack).
 */
function rowsOnCycles(edges: readonly { from: string; to: string; row: number }[]): number[] {
  const out = new Map<string, string[]>();
  for (const e of edges) {
    const list = out.get(e.from);
    if (list) list.push(e.to);
    else out.set(e.from, [e.to]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  let next = 0;
  let components = 0;
  for (const root of out.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; child: number }[] = [{ node: root, child: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const children = out.get(frame.node) ?? [];
      if (frame.child < children.length) {
        const to = children[frame.child++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, child: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.set(member, components);
        } while (member !== frame.node);
        components++;
      }
    }
  }
  const rows = edges.filter((e) => component.get(e.from) === component.get(e.to)).map((e) => e.row);
  return [...new Set(rows)].sort((a, b) => a - b);
}

/**
 * Writes a checked import into the document, inside the caller's transaction: in replace mode every task and link
 * goes first; then the new tasks in file order (a parent before its subtasks) and their links.
 */
export function writeImport(doc: Y.Doc, built: BuiltImport, mode: ImportMode): void {
  if (mode === 'replace') {
    const tasks = tasksMap(doc);
    for (const id of [...tasks.keys()]) tasks.delete(id);
    const deps = dependenciesMap(doc);
    for (const key of [...deps.keys()]) deps.delete(key);
  }
  for (const task of built.tasks) writeTask(doc, task.id, task.fields);
  for (const link of built.links) addDependency(doc, link.taskId, link.dependsOnTaskId, link.link);
}
