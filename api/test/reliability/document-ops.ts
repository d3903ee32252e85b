import { LINK_TYPES, MAX_LAG_DAYS, TASK_FIELDS, TASK_NAME_MAX_LENGTH, type Link } from '@planline/domain';
import { addDependency, applyCascade, deleteTask, dependenciesMap, documentCascade, readTask, removeDependency, dependencyEdges, taskIds, writeTask, type DocTask } from '@planline/document';
import type * as Y from 'yjs';
import type { Prng } from './soak.js';

/**
 * Random edits a browser could send over /collab: creating, editing and deleting tasks, adding and removing
 * dependencies, with valid values mostly and invalid ones sometimes (blank or overlong names, end before start,
 * progress 150, unknown status, strangers as assignees, dependency cycles), which the server must put back; the
 * projects auto-schedule, so links push tasks (in the client's transaction or the server's).
 */
const STATUSES = ['pending', 'in_progress', 'completed', 'blocked', 'in-progress'];
const BAD_STATUSES = ['done', '', 'PENDING!', 42];
const PRIORITIES = ['low', 'medium', 'high', 'critical'];
const BAD_PRIORITIES = ['urgent', null, 7];
const NAMES = ['Design', 'Build', 'Test', '<b>&amp;</b> "q" \'s\'', ']]>', '=1+1', '\u202eevil', 'a\u200bb', '👩‍🚀 launch', '设计', 'مراجعة'];
const BAD_NAMES = ['', '   ', 'x'.repeat(TASK_NAME_MAX_LENGTH + 1), 123, null, 'nul\u0000byte'];

const pad = (n: number) => String(n).padStart(2, '0');
/** A calendar date in November or December 2026. */
const date = (r: Prng) => {
  const day = r.int(61);
  return day < 30 ? `2026-11-${pad(day + 1)}` : `2026-12-${pad(day - 29)}`;
};

function validField(r: Prng, field: string, task: DocTask | null, members: string[], ids: string[] = []): unknown {
  switch (field) {
    case 'name':
      return `${r.pick(NAMES)} ${r.int(1000)}`;
    case 'description':
      return r.chance(0.3) ? null : `about ${r.int(100)}`;
    case 'startDate': {
      const end = (task?.endDate as string | undefined) ?? '2026-12-31';
      const start = date(r);
      return start <= end ? start : end;
    }
    case 'endDate': {
      const start = (task?.startDate as string | undefined) ?? '2026-11-01';
      const end = date(r);
      return end >= start ? end : start;
    }
    case 'status':
      return r.pick(STATUSES);
    case 'priority':
      return r.pick(PRIORITIES);
    case 'progress':
      return r.int(101);
    case 'color':
      return `#${r.int(0xffffff).toString(16).padStart(6, '0')}`;
    case 'assigneeId':
      return r.chance(0.5) ? null : r.pick(members);
    case 'assigneeIds':
      return r.chance(0.3) ? [] : [r.pick(members)];
    case 'kind':
      // A milestone is on one day; two days are put back.
      return task?.startDate === task?.endDate && r.chance(0.5) ? 'milestone' : 'task';
    case 'parentId':
      // Any task: some make a loop of parents, some a milestone a parent, some name a task just deleted.
      return r.chance(0.3) || !ids.length ? null : r.pick(ids);
    default:
      return r.int(100);
  }
}

function invalidField(r: Prng, field: string, task: DocTask | null): unknown {
  switch (field) {
    case 'name':
      return r.pick(BAD_NAMES);
    case 'description':
      return r.chance(0.5) ? 12 : 'x'.repeat(10_001);
    case 'startDate':
      // after the end, or not a date at all
      return r.chance(0.5) ? '2027-06-01' : '2026-02-30';
    case 'endDate':
      return r.chance(0.5) ? (task?.startDate ? '2026-01-01' : 'soon') : '2026-13-01';
    case 'status':
      return r.pick(BAD_STATUSES);
    case 'priority':
      return r.pick(BAD_PRIORITIES);
    case 'progress':
      return r.pick([150, -1, 12.5, '50']);
    case 'color':
      return r.pick(['red', '#12345', '#gggggg']);
    case 'assigneeId':
      return r.uuid(); // nobody in this project
    case 'assigneeIds':
      return [r.uuid()];
    case 'kind':
      return r.pick(['phase', 1, null]);
    case 'parentId':
      return r.pick([r.uuid(), 'TASK', 5]); // no task of this project
    default:
      return r.pick([1.5, 'first', 1e12]);
  }
}

/** Applies one random operation to `doc` (a client's copy), in one transaction. Returns its kind. */
export function randomOperation(r: Prng, doc: Y.Doc, members: string[]): string {
  const ids = taskIds(doc);
  const roll = r.next();
  if (roll < 0.2 || ids.length < 2) {
    const id = r.uuid();
    const start = date(r);
    const fields: DocTask = {
      name: `${r.pick(NAMES)} ${r.int(1000)}`,
      startDate: start,
      endDate: start,
      status: r.pick(STATUSES),
      priority: r.pick(PRIORITIES),
      progress: r.int(101),
      order: r.int(50),
    };
    fields.endDate = validField(r, 'endDate', fields, members);
    let kind = 'create';
    if (r.chance(0.15)) {
      const field = r.pick(['name', 'startDate', 'endDate', 'status', 'progress', 'color', 'assigneeIds']);
      fields[field as keyof DocTask] = invalidField(r, field, fields);
      kind = 'create-invalid';
    } else if (r.chance(0.05)) {
      delete fields.name; // a task without a name cannot stand
      kind = 'create-invalid';
    }
    doc.transact(() => writeTask(doc, id, fields));
    return kind;
  }
  const id = r.pick(ids);
  if (roll < 0.65) {
    const task = readTask(doc, id);
    const fields: DocTask = {};
    let kind = 'edit';
    for (let n = 1 + r.int(3); n > 0; n--) {
      const field = r.pick(TASK_FIELDS);
      const bad = r.chance(0.2);
      if (bad) kind = 'edit-invalid';
      fields[field] = bad ? invalidField(r, field, task) : validField(r, field, { ...task, ...fields }, members, ids);
    }
    // As the web app does (project-connection.ts), half of the date edits carry their own cascade; the server
    // runs it for the rest, and for what concurrent edits leave late.
    const cascades = (fields.startDate !== undefined || fields.endDate !== undefined) && r.chance(0.5);
    // writeTask skips undefined; an invalid null for a required field is written as null on purpose.
    doc.transact(() => {
      writeTask(doc, id, fields);
      if (cascades) applyCascade(doc, documentCascade(doc, [id]));
    });
    return cascades ? `${kind}-cascaded` : kind;
  }
  if (roll < 0.75) {
    doc.transact(() => deleteTask(doc, id));
    return 'delete';
  }
  if (roll < 0.92) {
    // Any pair: some close a cycle, some name a task another client has just deleted. A third of the time an
    // existing link changes its type or lag instead (a link's key is its pair: the same write), sometimes to a
    // value the server must put back.
    const edges = dependencyEdges(doc);
    const change = edges.length > 0 && r.chance(1 / 3);
    const [taskId, other] = change ? (({ taskId: t, dependsOnTaskId: d }) => [t, d])(r.pick(edges)) : [id, r.pick(ids)];
    const invalid = change && r.chance(0.15);
    const cascades = !invalid && r.chance(0.5);
    doc.transact(() => {
      if (invalid) dependenciesMap(doc).set(`${taskId}->${other}`, { type: r.pick(['XX', 'FS']), lagDays: r.pick([MAX_LAG_DAYS + 1, 0.5]) });
      else addDependency(doc, taskId!, other!, randomLink(r));
      if (cascades) applyCascade(doc, documentCascade(doc, [taskId!]));
    });
    const kind = change ? (invalid ? 'dependency-change-invalid' : 'dependency-change') : 'dependency-add';
    return cascades ? `${kind}-cascaded` : kind;
  }
  const edges = dependencyEdges(doc);
  if (!edges.length) return 'noop';
  const edge = r.pick(edges);
  doc.transact(() => removeDependency(doc, edge.taskId, edge.dependsOnTaskId));
  return 'dependency-remove';
}

/** A link of any type; half without lag, the rest with a lag or lead of a few working days. */
function randomLink(r: Prng): Link {
  return { type: r.pick(LINK_TYPES), lagDays: r.chance(0.5) ? 0 : r.int(9) - 4 };
}
