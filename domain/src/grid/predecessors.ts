import { LINK_TYPES, MAX_LAG_DAYS, sameLink, type Link, type LinkType, type TaskLink } from '../schemas/dependency.js';
import { findCycleInGraph, dependencyGraph } from '../rules/dependencies.js';
import { daysText, readWorkingDays } from './units.js';

/**
 * [grid-predecessors] The predecessors cell of the task grid (issue 39), MS Project's notation: "4FS+2d, 7SS-1d, 9".
 * Predecessors are named by the grid's row number (the outline's row, 1 for the first task). Outline (WBS) numbers
 * like "1.2" are not read: the row number is the one the grid shows beside every task, and it is unambiguous.
 * The type is FS, SS, FF or SF in any case (FS when none is written); a lag (or, negative, a lead) is whole working
 * days or weeks of the calendar: "+2d", "-1d", "+1w". Commas or semicolons separate links; spaces are ignored.
 */

export interface TypedPredecessor {
  row: number;
  type: LinkType;
  lagDays: number;
  /** The item as typed, for reasons. */
  text: string;
}

export type PredecessorsRead = { ok: true; value: TypedPredecessor[] } | { ok: false; reason: string };

const ITEM = /^(\d+)\s*([a-z]*)\s*(?:([+-])\s*(.*))?$/i;
const EXAMPLE = 'write it like 4, 4FS+2d or 7SS-1d';

function readItem(text: string, daysPerWeek: number): TypedPredecessor | string {
  if (/^\d+(\.\d+)+/.test(text)) return `«${text}»: name the predecessor by its row number, like 4, not its outline number`;
  const match = ITEM.exec(text);
  if (!match) return `«${text}» is not a predecessor: ${EXAMPLE}`;
  const row = Number(match[1]);
  const typed = match[2]!.toUpperCase();
  if (typed !== '' && !(LINK_TYPES as readonly string[]).includes(typed)) return `«${text}»: the link type must be FS, SS, FF or SF`;
  let lagDays = 0;
  if (match[3]) {
    const amount = readWorkingDays(match[4]!, daysPerWeek);
    if (!amount.ok) {
      return amount.problem === 'not-amount'
        ? `«${text}»: the lag is not a number of working days: ${EXAMPLE}`
        : `«${text}»: a lag is a whole number of working days, like +2d or -1d`;
    }
    lagDays = (match[3] === '-' ? -1 : 1) * amount.days;
    if (Math.abs(lagDays) > MAX_LAG_DAYS) return `«${text}»: a lag or lead can be at most ${MAX_LAG_DAYS} working days`;
  }
  return { row, type: (typed || 'FS') as LinkType, lagDays: lagDays === 0 ? 0 : lagDays, text };
}

/**
 * [grid-predecessors] The links typed in a predecessors cell, in the order typed; `daysPerWeek` (the calendar's
 * working weekdays) gives "1w". The same row twice with the same link counts once; with another type or lag it
 * is refused (a task depends on a predecessor by one link). The first problem is the reason.
 */
export function parsePredecessors(text: string, daysPerWeek = 5): PredecessorsRead {
  const value: TypedPredecessor[] = [];
  const byRow = new Map<number, TypedPredecessor>();
  for (const item of text.split(/[,;]/)) {
    const trimmed = item.trim();
    if (trimmed === '') continue;
    const read = readItem(trimmed, daysPerWeek);
    if (typeof read === 'string') return { ok: false, reason: read };
    const before = byRow.get(read.row);
    if (before) {
      if (sameLink(before, read)) continue;
      return { ok: false, reason: `Row ${read.row} is named twice («${before.text}» and «${read.text}»): keep one link to it` };
    }
    byRow.set(read.row, read);
    value.push(read);
  }
  return { ok: true, value };
}

/** [grid-predecessors] One link as the cell writes it: "9" (FS, no lag), "7SS", "4FS+2d", "7SS-1d". */
export function formatPredecessor(row: number, link: Link): string {
  if (link.lagDays === 0) return link.type === 'FS' ? String(row) : `${row}${link.type}`;
  return `${row}${link.type}${daysText(link.lagDays, true)}`;
}

/**
 * [grid-predecessors] A task's links as the cell shows them, by row number ascending. A link to a task that has
 * no row (not in `rowOf`) is left out.
 */
export function formatPredecessors(links: readonly TaskLink[], rowOf: (taskId: string) => number | undefined): string {
  const rows: [number, TaskLink][] = [];
  for (const link of links) {
    const row = rowOf(link.dependsOnTaskId);
    if (row !== undefined) rows.push([row, link]);
  }
  return rows
    .sort((a, b) => a[0] - b[0])
    .map(([row, link]) => formatPredecessor(row, link))
    .join(', ');
}

export interface PredecessorContext {
  /** The task whose cell was typed in. */
  taskId: string;
  /** Its links now. */
  links: readonly TaskLink[];
  /** The task on a row of the grid, if any. */
  taskOfRow: (row: number) => string | undefined;
  /** The grid's row of a task (for reasons naming a cycle). */
  rowOf: (taskId: string) => number | undefined;
  /** Every link of the project (successor `taskId` depends on `dependsOnTaskId`), for the cycle check. */
  edges: Iterable<{ taskId: string; dependsOnTaskId: string }>;
  /** A task's summary (parent), for the summary rule. */
  parentOf: (taskId: string) => string | null | undefined;
  /** The calendar's working weekdays, for "1w" (5 by default). */
  daysPerWeek?: number;
}

export interface PredecessorChanges {
  add: TaskLink[];
  /** Links kept with a new type or lag. */
  change: TaskLink[];
  /** Predecessor ids whose link goes. */
  remove: string[];
}

export type PredecessorDiff = { ok: true; value: PredecessorChanges } | { ok: false; reason: string };

/** Whether `ancestor` is a summary above `taskId` (its parent, or its parent's, …). */
function isAbove(ancestor: string, taskId: string, parentOf: PredecessorContext['parentOf']): boolean {
  const seen = new Set<string>();
  for (let at = parentOf(taskId); at != null && !seen.has(at); at = parentOf(at)) {
    if (at === ancestor) return true;
    seen.add(at);
  }
  return false;
}

/**
 * [grid-predecessors] What typing `text` in a task's predecessors cell changes: links to add, links whose type or
 * lag changes, links to remove (those no longer typed). Refused, with a reason naming the offending part: a row
 * that does not exist, the task itself, a task's own summary or subtask (a summary's dates come from its
 * subtasks, so a link between them would tie the task to itself), and a link that would close a cycle.
 */
export function diffPredecessors(text: string, context: PredecessorContext): PredecessorDiff {
  const read = parsePredecessors(text, context.daysPerWeek);
  if (!read.ok) return read;
  const { taskId } = context;
  // The typed links replace the task's own, so the cycle check leaves those out.
  const others = [...context.edges].filter((e) => e.taskId !== taskId);
  const graph = dependencyGraph(others);
  const current = new Map(context.links.map((l) => [l.dependsOnTaskId, l]));
  const typedIds = new Set<string>();
  const changes: PredecessorChanges = { add: [], change: [], remove: [] };
  for (const item of read.value) {
    const id = context.taskOfRow(item.row);
    if (id === undefined) return { ok: false, reason: `Row ${item.row} does not exist` };
    if (id === taskId) return { ok: false, reason: `Row ${item.row} is this task: a task cannot depend on itself` };
    if (isAbove(id, taskId, context.parentOf)) {
      return { ok: false, reason: `Row ${item.row} is this task's summary: a task cannot be linked to its own summary` };
    }
    if (isAbove(taskId, id, context.parentOf)) {
      return { ok: false, reason: `Row ${item.row} is a subtask of this task: a summary cannot be linked to its own subtasks` };
    }
    if (typedIds.has(id)) continue;
    typedIds.add(id);
    const cycle = findCycleInGraph(graph, { taskId, dependsOnTaskId: id });
    if (cycle) {
      const rows = cycle.map((t) => context.rowOf(t) ?? '?').join(' → ');
      return { ok: false, reason: `Row ${item.row} would make a cycle: ${rows}` };
    }
    const link: TaskLink = { dependsOnTaskId: id, type: item.type, lagDays: item.lagDays };
    const before = current.get(id);
    if (!before) changes.add.push(link);
    else if (!sameLink(before, link)) changes.change.push(link);
  }
  for (const link of context.links) if (!typedIds.has(link.dependsOnTaskId)) changes.remove.push(link.dependsOnTaskId);
  return { ok: true, value: changes };
}
