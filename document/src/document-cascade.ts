import {
  cascadeMoveReason,
  cascadeSchedule,
  movesForCalendarChange,
  parseDependencyKey,
  readLinkValue,
  scheduleTaskSchema,
  taskFieldSchemas,
  type CascadeMove,
  type ScheduleLink,
  type ScheduleTask,
  type WorkCalendar,
} from '@planline/domain';
import * as Y from 'yjs';
import { readScheduleSettings, workCalendarOf } from './project-settings.js';
import { dependenciesMap, tasksMap, writeTask } from './task-document.js';

/**
 * The auto-scheduling cascade (issue 17) run on the document itself, so the browser that makes an edit and the
 * server that judges it compute the same moves from the same state: the browser puts them in the edit's own
 * transaction (one undo step, no flicker), the server runs it again after every change it receives and writes
 * only what is still broken (a REST edit, a link made over REST, two people moving two predecessors at once).
 *
 * Only the part of the graph an edit can reach is read: the tasks downstream of the edited ones and their
 * predecessors. A drop in a 10,000-task project reads a handful of tasks, not 10,000.
 */

type Dates = { startDate: string; endDate: string };

/** Cycles a cascade steps around before it gives up (each is a link some client has just made, soon put back). */
const MAX_CYCLES_SKIPPED = 8;

interface LinkIndex {
  incoming: Map<string, ScheduleLink[]>;
  outgoing: Map<string, ScheduleLink[]>;
}

/**
 * The transactions of each document that have begun and not yet run their observers ('beforeTransaction' to
 * 'afterTransaction', Y.Doc's public events): a kept index is not used while one of them has changed what it was
 * read from. That is the transaction under way, and one whose observers are running (they may run before the
 * observer that drops a kept index).
 */
const openTransactions = new WeakMap<Y.Doc, Set<Y.Transaction>>();

function transactionsUnderWay(doc: Y.Doc): ReadonlySet<Y.Transaction> {
  let open = openTransactions.get(doc);
  if (!open) {
    const set = new Set<Y.Transaction>();
    openTransactions.set(doc, set);
    doc.on('beforeTransaction', (tr: Y.Transaction) => set.add(tr));
    doc.on('afterTransaction', (tr: Y.Transaction) => set.delete(tr));
    // Asked first inside a transaction, that one began unseen: `transact` inside a transaction runs in it and hands
    // it over. Outside any, it is a new, empty transaction, seen to begin and to end (once per document).
    doc.transact((tr) => set.add(tr));
    open = set;
  }
  return open;
}

/** Whether a transaction under way has changed a type that `touches` tells (with the keys it changed, null for a list's). */
function changingNow(doc: Y.Doc, touches: (type: Y.AbstractType<any>, keys: Set<string | null>) => boolean): boolean {
  for (const tr of transactionsUnderWay(doc)) {
    for (const [type, keys] of tr.changed) if (touches(type, keys)) return true;
  }
  return false;
}

/**
 * The links by task, kept per document between transactions (reading 2,000 links costs a few milliseconds, and
 * every edit asks): dropped when a transaction changes the links, and never used inside one that has.
 */
const linkIndexes = new WeakMap<Y.Doc, LinkIndex>();
const watched = new WeakSet<Y.Doc>();

function linkIndex(doc: Y.Doc): LinkIndex {
  const deps = dependenciesMap(doc) as Y.AbstractType<any>;
  if (changingNow(doc, (type) => type === deps)) return readLinkIndex(doc);
  let index = linkIndexes.get(doc);
  if (!index) {
    index = readLinkIndex(doc);
    linkIndexes.set(doc, index);
    if (!watched.has(doc)) {
      watched.add(doc);
      deps.observe(() => linkIndexes.delete(doc));
    }
  }
  return index;
}

function readLinkIndex(doc: Y.Doc): LinkIndex {
  const incoming = new Map<string, ScheduleLink[]>();
  const outgoing = new Map<string, ScheduleLink[]>();
  for (const [key, value] of dependenciesMap(doc)) {
    const edge = parseDependencyKey(key);
    const link = edge ? readLinkValue(value) : null;
    if (!edge || !link) continue;
    const full = { ...edge, ...link };
    push(incoming, edge.taskId, full);
    push(outgoing, edge.dependsOnTaskId, full);
  }
  return { incoming, outgoing };
}

function push<V>(map: Map<string, V[]>, key: string, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The summaries, kept per document between transactions like the links: finding them reads every task's parent
 * (~10 ms at 100,000 tasks, on every drop and every frame of a drag's preview). Dropped when a transaction adds,
 * removes or replaces a task or changes a parent, and never used inside one that has.
 */
const summaryIndexes = new WeakMap<Y.Doc, ReadonlySet<string>>();
const watchedTasks = new WeakSet<Y.Doc>();

/** Whether `event` may change which tasks are parents: a task added, removed or replaced, or a task's parent set. */
const changesParents = (tasks: Y.AbstractType<any>, event: Y.YEvent<Y.AbstractType<unknown>>): boolean =>
  event.target === tasks || (event.target.parent === tasks && (event as Partial<Y.YMapEvent<unknown>>).keysChanged?.has('parentId') === true);

/** Whether a transaction under way has so far added, removed or replaced a task or set a parent. */
function parentsChangingNow(doc: Y.Doc): boolean {
  const tasks = tasksMap(doc) as Y.AbstractType<any>;
  return changingNow(doc, (type, keys) => type === tasks || (type.parent === tasks && keys.has('parentId')));
}

/** Tasks that are someone's parent: summaries, whose dates roll up from their children and are not scheduled. */
function summaryTaskIds(doc: Y.Doc): ReadonlySet<string> {
  if (parentsChangingNow(doc)) return readSummaryTaskIds(doc);
  let ids = summaryIndexes.get(doc);
  if (!ids) {
    ids = readSummaryTaskIds(doc);
    summaryIndexes.set(doc, ids);
    if (!watchedTasks.has(doc)) {
      watchedTasks.add(doc);
      const tasks = tasksMap(doc);
      tasks.observeDeep((events) => {
        if (events.some((event) => changesParents(tasks, event))) summaryIndexes.delete(doc);
      });
    }
  }
  return ids;
}

function readSummaryTaskIds(doc: Y.Doc): Set<string> {
  const parents = new Set<string>();
  for (const entry of tasksMap(doc).values()) {
    const parentId = entry instanceof Y.Map ? entry.get('parentId') : undefined;
    if (typeof parentId === 'string') parents.add(parentId);
  }
  return parents;
}

/** A task as the engine reads it, or null when the document holds no valid one (the judge puts such values back). */
function scheduleTask(doc: Y.Doc, id: string, override: Dates | undefined): ScheduleTask | null {
  const entry = tasksMap(doc).get(id);
  if (!(entry instanceof Y.Map)) return null;
  // Only the dates decide: a task whose name is being put back still holds its links. Its name goes into history
  // reasons, so only a valid one is used (a NUL byte, say, would fail the history row and with it the change).
  const name = taskFieldSchemas.name.safeParse(entry.get('name'));
  const parsed = scheduleTaskSchema.safeParse({
    id,
    name: name.success ? name.data : '',
    startDate: override?.startDate ?? entry.get('startDate'),
    endDate: override?.endDate ?? entry.get('endDate'),
    kind: entry.get('kind') ?? undefined,
  });
  return parsed.success && parsed.data.endDate >= parsed.data.startDate ? parsed.data : null;
}

/**
 * The moves auto-scheduling makes after `editedTaskIds` changed (their dates, or the links into them), with the
 * document as it is, or with `overrides` in place of some tasks' dates (a drag's preview). Nothing when the
 * project is not auto-scheduled, or when a cycle slipped in (it is refused where links are made).
 */
export function documentCascade(doc: Y.Doc, editedTaskIds: Iterable<string>, overrides?: ReadonlyMap<string, Dates>): CascadeMove[] {
  const settings = readScheduleSettings(doc);
  if (!settings?.autoSchedule) return [];
  const links = linkIndex(doc);
  const edited = [...new Set(editedTaskIds)].filter((id) => links.outgoing.has(id) || links.incoming.has(id));
  if (!edited.length) return [];

  // The tasks an edit can move, then everything that constrains them.
  const reach = new Set(edited);
  const queue = [...edited];
  while (queue.length) {
    for (const link of links.outgoing.get(queue.pop()!) ?? []) {
      if (reach.has(link.taskId)) continue;
      reach.add(link.taskId);
      queue.push(link.taskId);
    }
  }
  const summaries = summaryTaskIds(doc);
  const needed = new Set(reach);
  for (const id of reach) for (const link of links.incoming.get(id) ?? []) needed.add(link.dependsOnTaskId);
  const tasks: ScheduleTask[] = [];
  for (const id of needed) {
    if (summaries.has(id)) continue;
    const task = scheduleTask(doc, id, overrides?.get(id));
    if (task) tasks.push(task);
  }
  const scheduled = new Set(tasks.map((t) => t.id));
  let within = [...reach].flatMap((id) => links.incoming.get(id) ?? []).filter((l) => scheduled.has(l.taskId) && scheduled.has(l.dependsOnTaskId));
  // A cycle is refused where links are made, but until the server has put the closing link back, the rest of the
  // graph is still scheduled: the cycle's own links are left out (each try removes one cycle).
  for (let tries = 0; tries < MAX_CYCLES_SKIPPED; tries++) {
    const result = cascadeSchedule(tasks, within, workCalendarOf(settings), edited);
    if (result.ok) return result.moves;
    const onCycle = new Set(result.cycle);
    within = within.filter((l) => !(onCycle.has(l.taskId) && onCycle.has(l.dependsOnTaskId)));
  }
  return [];
}

/**
 * [holiday-keeps-working-days] The project's calendar went from `before` to `after` (holidays added or taken out):
 * every task with a changed holiday inside keeps its working days (its finish moves), and what that pushes along
 * links is moved too, all in the caller's transaction (the settings update's, so one history reason and one
 * step). Call inside doc.transact, after the new settings are written.
 */
export function applyCalendarChange(doc: Y.Doc, before: WorkCalendar, after: WorkCalendar): void {
  const summaries = summaryTaskIds(doc);
  const tasks: ScheduleTask[] = [];
  for (const id of tasksMap(doc).keys()) {
    const task = summaries.has(id) ? null : scheduleTask(doc, id, undefined);
    if (task) tasks.push(task);
  }
  const moves = movesForCalendarChange(tasks, before, after);
  for (const move of moves) writeTask(doc, move.taskId, { startDate: move.startDate, endDate: move.endDate });
  if (moves.length) applyCascade(doc, documentCascade(doc, moves.map((m) => m.taskId)));
}

/** Writes the moves into the document. Call inside doc.transact (the edit's own, or the server's). */
export function applyCascade(doc: Y.Doc, moves: readonly CascadeMove[]): void {
  for (const move of moves) {
    if (tasksMap(doc).get(move.taskId) instanceof Y.Map) writeTask(doc, move.taskId, { startDate: move.startDate, endDate: move.endDate });
  }
}

/**
 * Which of a change's moved tasks the cascade moved, and why (their history reason): a task whose new dates are
 * exactly where its links, with its changed predecessors where they are now, push it from where it was. `before`
 * holds the dates the change replaced, for the tasks whose dates it changed.
 */
export function cascadeReasons(doc: Y.Doc, before: ReadonlyMap<string, Dates>): Map<string, string> {
  const reasons = new Map<string, string>();
  if (before.size < 2) return reasons;
  const settings = readScheduleSettings(doc);
  if (!settings?.autoSchedule) return reasons;
  const links = linkIndex(doc);
  const calendar = workCalendarOf(settings);
  for (const [id, was] of before) {
    const into = (links.incoming.get(id) ?? []).filter((l) => before.has(l.dependsOnTaskId));
    if (!into.length) continue;
    const now = scheduleTask(doc, id, undefined);
    const old = scheduleTask(doc, id, was);
    if (!now || !old) continue;
    const predecessors = into.map((l) => scheduleTask(doc, l.dependsOnTaskId, undefined)).filter((t): t is ScheduleTask => t !== null);
    const result = cascadeSchedule([old, ...predecessors], into, calendar, predecessors.map((p) => p.id));
    const move = result.ok ? result.moves.find((m) => m.taskId === id) : undefined;
    if (move && move.startDate === now.startDate && move.endDate === now.endDate) reasons.set(id, cascadeMoveReason(move));
  }
  return reasons;
}
