import type { Task } from '@planline/domain';

/**
 * A kept task list by task: what the next version's list is patched from, so that a change of a few tasks reads
 * and serializes only those. `tasks` are as their rows hold them (summaries not rolled up), in list order; the
 * list's JSON is `body`, task i's part of it is `body[starts[i], starts[i + 1] - 1)` (the comma or bracket after
 * it excluded). `rolled[i]` is `tasks[i]` itself unless the roll-up changed it (a summary).
 */
export interface TaskListParts {
  tasks: readonly Task[];
  rolled: readonly Task[];
  body: Buffer;
  starts: Uint32Array;
}

/** Tasks in list order, each with its index in the base list it was taken from unchanged, or -1 (read again). */
export interface PatchedTasks {
  tasks: Task[];
  fromBase: Int32Array;
}

export const wholeList = (tasks: Task[]): PatchedTasks => ({ tasks, fromBase: new Int32Array(tasks.length).fill(-1) });

/**
 * `base`'s tasks with those that changed since it was read, in `order` (the ids of all the project's tasks, read in
 * the same snapshot as `changed`): a task missing from `order` was deleted. Null when `order` lists a task that is
 * in neither (its row changed without a stamp): only reading the whole list is then sure to be right.
 */
export function patchTasks(base: TaskListParts, changed: readonly Task[], order: readonly string[]): PatchedTasks | null {
  const at = new Map<string, number>();
  base.tasks.forEach((t, i) => at.set(t.id, i));
  const fresh = new Map(changed.map((t) => [t.id, t]));
  const tasks: Task[] = new Array(order.length);
  const fromBase = new Int32Array(order.length).fill(-1);
  for (let i = 0; i < order.length; i++) {
    const id = order[i]!;
    const task = fresh.get(id);
    if (task) {
      tasks[i] = task;
      continue;
    }
    const j = at.get(id);
    if (j === undefined) return null;
    tasks[i] = base.tasks[j]!;
    fromBase[i] = j;
  }
  return { tasks, fromBase };
}

const COMMA = Buffer.from(',');

/**
 * The list's parts with its JSON as answered. `rolled` is `list.tasks` through the summary roll-up, which returns a
 * task it leaves alone as the same object; a task taken from `base` that is no summary in either list keeps its
 * bytes from there, and only the rest is serialized.
 */
export function buildParts(list: PatchedTasks, rolled: readonly Task[], base?: TaskListParts): TaskListParts {
  const { tasks, fromBase } = list;
  const pieces: Buffer[] = [Buffer.from('[')];
  const starts = new Uint32Array(tasks.length + 1);
  let length = 1;
  for (let i = 0; i < tasks.length; i++) {
    if (i > 0) {
      pieces.push(COMMA);
      length += 1;
    }
    starts[i] = length;
    const j = fromBase[i]!;
    const piece =
      base && j >= 0 && rolled[i] === tasks[i] && base.rolled[j] === base.tasks[j]
        ? base.body.subarray(base.starts[j]!, base.starts[j + 1]! - 1)
        : Buffer.from(JSON.stringify(rolled[i]));
    pieces.push(piece);
    length += piece.length;
  }
  pieces.push(Buffer.from(']'));
  starts[tasks.length] = length + 1;
  return { tasks, rolled, body: Buffer.concat(pieces, length + 1), starts };
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
