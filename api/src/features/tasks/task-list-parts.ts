import type { Task } from '@planline/domain';

/**
 * A kept task list by task: what the next version's list is patched from, so that a change of a few tasks reads
 * and serializes only those. `tasks` are as their rows hold them (summaries not rolled up), in list order; the
 * list's JSON is `body`, task i's part of it is `body[starts[i], starts[i + 1] - 1)` (the comma or bracket after
 * it excluded). `rolled[i]` is `tasks[i]` itself unless the roll-up changed it (a summary). `created[i]` is task
 * i's creation time to the microsecond (ListedTasks), so that a changed task finds its place among the others.
 */
export interface TaskListParts {
  tasks: readonly Task[];
  created: readonly string[];
  rolled: readonly Task[];
  body: Buffer;
  starts: Uint32Array;
}

/**
 * Tasks as read from their rows, in list order or not, each with its creation time to the microsecond as text
 * that sorts as the times do (`created`, parallel to `tasks`): the list is ordered by `order`, then creation, then
 * id (tasks.read.ts), and the API's `createdAt` has only milliseconds.
 */
export interface ListedTasks {
  tasks: Task[];
  created: string[];
}

/** Tasks in list order, each with its index in the base list it was taken from unchanged, or -1 (read again). */
export interface PatchedTasks extends ListedTasks {
  fromBase: Int32Array;
}

export const wholeList = ({ tasks, created }: ListedTasks): PatchedTasks => ({ tasks, created, fromBase: new Int32Array(tasks.length).fill(-1) });

/**
 * `base`'s tasks with those that changed since it was read, in `order` (the ids of all the project's tasks, read in
 * the same snapshot as `changed`): a task missing from `order` was deleted. Null when `order` lists a task that is
 * in neither (its row changed without a stamp): only reading the whole list is then sure to be right.
 */
export function patchTasks(base: TaskListParts, changed: ListedTasks, order: readonly string[]): PatchedTasks | null {
  const at = new Map<string, number>();
  base.tasks.forEach((t, i) => at.set(t.id, i));
  const fresh = new Map(changed.tasks.map((t, k) => [t.id, k]));
  const tasks: Task[] = new Array(order.length);
  const created: string[] = new Array(order.length);
  const fromBase = new Int32Array(order.length).fill(-1);
  for (let i = 0; i < order.length; i++) {
    const id = order[i]!;
    const k = fresh.get(id);
    if (k !== undefined) {
      tasks[i] = changed.tasks[k]!;
      created[i] = changed.created[k]!;
      continue;
    }
    const j = at.get(id);
    if (j === undefined) return null;
    tasks[i] = base.tasks[j]!;
    created[i] = base.created[j]!;
    fromBase[i] = j;
  }
  return { tasks, created, fromBase };
}

/** Which of two tasks comes first in the list: by order, then creation, then id, as tasks.read.ts reads them. */
function listOrder(a: Task, aCreated: string, b: Task, bCreated: string): number {
  if (a.order !== b.order) return a.order - b.order;
  if (aCreated !== bCreated) return aCreated < bCreated ? -1 : 1;
  // PostgreSQL orders uuids byte by byte, which is the order of their lowercase text.
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * `base`'s tasks with those that changed since it was read, each changed one put where the list's order puts it,
 * without reading the order of the others: a task that did not change kept its order, creation and id, so it
 * kept its place among the others that did not. `count` is how many tasks the project has, read in the same
 * snapshot as `changed`. Null when the numbers do not add up: a task was deleted (no row is left to say which),
 * or a row was written without a stamp. The order must then be read (patchTasks).
 */
export function mergeChanged(base: TaskListParts, changed: ListedTasks, count: number): PatchedTasks | null {
  const fresh = new Set(changed.tasks.map((t) => t.id));
  let staying = 0;
  for (const t of base.tasks) if (!fresh.has(t.id)) staying++;
  if (staying + changed.tasks.length !== count) return null;
  const incoming = changed.tasks.map((_, k) => k).sort((x, y) => listOrder(changed.tasks[x]!, changed.created[x]!, changed.tasks[y]!, changed.created[y]!));
  const tasks: Task[] = new Array(count);
  const created: string[] = new Array(count);
  const fromBase = new Int32Array(count).fill(-1);
  let j = 0;
  let k = 0;
  for (let i = 0; i < count; i++) {
    while (j < base.tasks.length && fresh.has(base.tasks[j]!.id)) j++;
    const next = incoming[k];
    if (next !== undefined && (j === base.tasks.length || listOrder(changed.tasks[next]!, changed.created[next]!, base.tasks[j]!, base.created[j]!) < 0)) {
      tasks[i] = changed.tasks[next]!;
      created[i] = changed.created[next]!;
      k++;
    } else {
      tasks[i] = base.tasks[j]!;
      created[i] = base.created[j]!;
      fromBase[i] = j++;
    }
  }
  return { tasks, created, fromBase };
}

const COMMA = Buffer.from(',');

/**
 * The list's parts with its JSON as answered. `rolled` is `list.tasks` through the summary roll-up, which returns a
 * task it leaves alone as the same object; a task taken from `base` that is no summary in either list keeps its
 * bytes from there, and only the rest is serialized. Tasks kept in a row, one after the other in `base` too, are
 * one slice of it (their commas included), so a change of a few tasks copies a few slices, not one per task.
 */
export function buildParts(list: PatchedTasks, rolled: readonly Task[], base?: TaskListParts): TaskListParts {
  const { tasks, created, fromBase } = list;
  const pieces: Buffer[] = [Buffer.from('[')];
  const starts = new Uint32Array(tasks.length + 1);
  let length = 1;
  // The run of tasks taken from `base` so far: its first and last task's index there (-1: none).
  let runFrom = -1;
  let runTo = -1;
  const endRun = () => {
    if (runFrom < 0) return;
    const piece = base!.body.subarray(base!.starts[runFrom]!, base!.starts[runTo + 1]! - 1);
    pieces.push(piece);
    length += piece.length;
    runFrom = -1;
  };
  for (let i = 0; i < tasks.length; i++) {
    const j = fromBase[i]!;
    const kept = !!base && j >= 0 && rolled[i] === tasks[i] && base.rolled[j] === base.tasks[j];
    if (kept && runFrom >= 0 && j === runTo + 1) {
      // As far from the task before it as in `base`: that task's bytes and a comma.
      starts[i] = starts[i - 1]! + (base!.starts[j]! - base!.starts[j - 1]!);
      runTo = j;
      continue;
    }
    endRun();
    if (i > 0) {
      pieces.push(COMMA);
      length += 1;
    }
    starts[i] = length;
    if (kept) {
      runFrom = runTo = j;
      continue;
    }
    const piece = Buffer.from(JSON.stringify(rolled[i]));
    pieces.push(piece);
    length += piece.length;
  }
  endRun();
  pieces.push(Buffer.from(']'));
  starts[tasks.length] = length + 1;
  return { tasks, created, rolled, body: Buffer.concat(pieces, length + 1), starts };
}

/** Tasks per piece of the list's gzip encoding, on average (~85 kB of JSON at 10,000 tasks: deflate's 32 kB window fits twice). */
const PIECE_TASKS = 128;
/** A piece ends after this many tasks whatever their ids (ids that never cut are not uuids). */
const MAX_PIECE_TASKS = 1024;

/**
 * The list's JSON in pieces for piecewiseGzip, each keyed by its first task. A piece starts at a task whose id says so
 * (one in PIECE_TASKS, by its last two hex digits): a task inserted, deleted or moved changes its own piece and no
 * other cut, so the pieces around it are compressed once, not again after every change.
 */
export function listPieces(parts: TaskListParts): { key: string; start: number; end: number }[] {
  const cuts: { key: string; start: number }[] = [{ key: '[', start: 0 }];
  let since = 0;
  for (let i = 1; i < parts.tasks.length; i++) {
    const id = parts.tasks[i]!.id;
    if (++since >= MAX_PIECE_TASKS || parseInt(id.slice(-2), 16) % PIECE_TASKS === 0) {
      cuts.push({ key: id, start: parts.starts[i]! });
      since = 0;
    }
  }
  return cuts.map((cut, k) => ({ key: cut.key, start: cut.start, end: cuts[k + 1]?.start ?? parts.body.length }));
}
