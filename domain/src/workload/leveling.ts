import { dayNumber, fromDayNumber } from '../timeline/calendar-date.js';
import { criticalPath } from '../scheduling/critical-path.js';
import { datesAt, isMilestone, placementOf, pushedPlacement, spanOf, type Placement } from '../scheduling/link-constraints.js';
import { buildScheduleGraph, compareIds, summaryIds, topologicalOrder, type ScheduleGraph } from '../scheduling/schedule-graph.js';
import { DEFAULT_WORK_CALENDAR, type WorkCalendar } from '../scheduling/work-calendar.js';
import type { ScheduleLink, ScheduleTask } from '../scheduling/scheduling.schema.js';
import type { TaskPriority } from '../schemas/enums.js';
import type { Assignment, PersonCapacity } from '../schemas/workload.js';
import type { LoadTask } from './load.js';
import { Heap } from './heap.js';
import { Line, type Person, type Share } from './leveling-line.js';
import { HOURS_EPSILON, personDays } from './person-days.js';

/**
 * [leveling] "Resolve over-allocation" (issue 36): a pure planner that delays tasks of one project so that its
 * people's load fits their day, and returns the moves; applying them is one ordinary transaction of the write
 * path (ARCHITECTURE §3d).
 *
 * The method is a serial schedule: tasks are placed one at a time, a task only once all its predecessors are
 * placed, each at the first start on or after where it is (and where its links put it after its predecessors'
 * moves) at which it overloads none of its people on any of its days, looking at most `maxDelayWorkingDays`
 * ahead; a task that fits nowhere in that window stays where its links put it. Which task gets a contested day
 * follows MS Project's standard order (a task others depend on stays; then the task with less total slack; then
 * the earlier start; then the higher priority), so the task delayed is the one without dependents, with more
 * slack, starting later, of lower priority. Successors move as the cascade moves them (same link rules).
 *
 * MS Project's own description of "Standard" order (Microsoft KB 197106) puts predecessor relationships first, then
 * start dates, then slack, then priority; the issue puts slack before start, and so does this planner.
 *
 * A serial pass alone can make things worse where a delayed task lands on someone else's busy days, so a pass is
 * kept only if it takes at least MIN_PASS_GAIN of the total overload away and raises nobody's peak (in percent of
 * their day, counted from 100%); passes repeat on their own result until one makes no move or is not kept. The
 * planner is deterministic, so running it again on its result repeats the pass that was refused or made no move:
 * a second run moves nothing. It delays only: never earlier than a task is, never changing work, assignees or
 * allocation.
 */

export interface LevelTask extends ScheduleTask {
  assignments: readonly Assignment[];
  priority?: TaskPriority | undefined;
}

export interface LevelingInput {
  tasks: readonly LevelTask[];
  links: readonly ScheduleLink[];
  calendar: WorkCalendar;
  /** Every member with their capacity; an assignee missing here counts with the default capacity. */
  people: readonly PersonCapacity[];
  /** Other projects' tasks: fixed load, never moved. */
  background?: { tasks: readonly LoadTask[]; calendars: ReadonlyMap<string, WorkCalendar> } | undefined;
  /** Level only tasks assigned to these people (all people when absent). Nobody else is overloaded by a move. */
  userIds?: readonly string[] | undefined;
  baseCalendar?: WorkCalendar | undefined;
  maxDelayWorkingDays?: number | undefined;
}

export interface LevelMove {
  taskId: string;
  fromStart: string;
  toStart: string;
  fromEnd: string;
  toEnd: string;
  /** The over-allocation the task was delayed for (its person and days before leveling); null when a link moved it. */
  reason: { userId: string; from: string; to: string } | null;
}

export interface UnresolvedOverload {
  userId: string;
  from: string;
  to: string;
}

export type LevelingResult =
  | { ok: true; moves: LevelMove[]; unresolved: UnresolvedOverload[] }
  | { ok: false; reason: 'cycle'; cycle: string[] };

/** How far ahead a task may be delayed to find room: about half a year of working days. */
export const LEVELING_MAX_DELAY_WORKING_DAYS = 130;
/** Passes at most; each must lower the total overload, so this is only a bound on time. */
const MAX_PASSES = 12;
/**
 * A pass is kept only if it takes at least this share of the overload away: on a plan that cannot be resolved,
 * passes after the first shave off a few hours each at the cost of a whole pass (on an overbooked 10,000-task plan:
 * 140,306 hours over, then 71,250, 70,436 and 70,428).
 */
const MIN_PASS_GAIN = 0.005;

const PRIORITY_RANK: Record<TaskPriority, number> = { critical: 3, high: 2, medium: 1, low: 0 };

interface Slot {
  placement: Placement;
  /** Moved from where the task is drawn: its dates are then computed on working days. */
  moved: boolean;
}

/** [leveling] Moves that resolve over-allocation in one project, and what could not be resolved, person by person. */
export function levelResources(input: LevelingInput): LevelingResult {
  const { calendar } = input;
  const graph = buildScheduleGraph(input.tasks, input.links);
  const check = topologicalOrder(new Set(graph.tasks.keys()), graph);
  if (!check.ok) return { ok: false, reason: 'cycle', cycle: check.cycle };
  const base = input.baseCalendar ?? DEFAULT_WORK_CALENDAR;
  const window = input.maxDelayWorkingDays ?? LEVELING_MAX_DELAY_WORKING_DAYS;
  const capacities = new Map(input.people.map((p) => [p.userId, p]));
  const line = new Line(calendar);
  const people = new Map<string, Person>();
  const drawn = new Map<string, Slot>();
  let from = Infinity;
  let to = -Infinity;
  for (const task of graph.tasks.values()) {
    const placement = placementOf(task, calendar);
    drawn.set(task.id, { placement, moved: false });
    from = Math.min(from, placement.start);
    to = Math.max(to, placement.finish);
  }
  if (!drawn.size) return { ok: true, moves: [], unresolved: [] };
  line.cover(from, to + window + 1);
  const personOf = (userId: string) => {
    let person = people.get(userId);
    if (!person) {
      const days = personDays(capacities.get(userId), base);
      person = { userId, days, hoursPerDay: days.hoursPerDay, may: new Uint8Array(0), background: new Float64Array(0), load: new Float64Array(0), floor: days.hoursPerDay };
      line.add(person, days);
      people.set(userId, person);
    }
    return person;
  };

  const sharesOf = new Map<string, Share[]>();
  for (const task of graph.tasks.values()) {
    if (isMilestone(task) || !task.assignments.length) continue;
    sharesOf.set(task.id, task.assignments.map((a) => {
      const person = personOf(a.userId);
      return { person, hours: (a.allocation / 100) * person.hoursPerDay };
    }));
  }
  addBackground(input, line, personOf);
  const leveled = input.userIds ? new Set(input.userIds) : null;
  const tools: PassTools = { sharesOf, leveled, window, line };
  const plan = numbered(graph, tools);

  const loadAll = (slots: ReadonlyMap<string, Slot>) => {
    for (const person of line.people) person.load = Float64Array.from(person.background);
    for (const [id, slot] of slots) addLoad(line, sharesOf.get(id), slot.placement);
    return scoreOf(line);
  };
  let slots: Map<string, Slot> = drawn;
  let score = loadAll(drawn);
  const before = new Map<string, Run[]>();
  for (const run of overloadRuns(line, null, leveled)) {
    const runs = before.get(run.userId);
    if (runs) runs.push(run);
    else before.set(run.userId, [run]);
  }
  /** Tasks delayed to make room (not only pushed by a link): whose day they first clashed with, and where. */
  const delayedFor = new Map<string, Clash>();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = levelOnce(plan, graph.links, calendar, slots, tools);
    if (!next) break;
    const nextScore = scoreOf(line);
    if (!(nextScore.excess < score.excess * (1 - MIN_PASS_GAIN) - HOURS_EPSILON) || raisesAPeak(score, nextScore)) break;
    [slots, score] = [next.slots, nextScore];
    for (const [id, clash] of next.clashes) if (!delayedFor.has(id)) delayedFor.set(id, clash);
  }
  loadAll(slots);
  const projectOnly = new Map<Person, Float64Array>();
  for (const person of line.people) projectOnly.set(person, new Float64Array(line.length));
  for (const [id, slot] of slots) {
    for (const share of sharesOf.get(id) ?? []) {
      const mine = projectOnly.get(share.person)!;
      for (let i = slot.placement.start; i < slot.placement.finish; i++) if (share.person.may[i - line.first]) mine[i - line.first]! += share.hours;
    }
  }
  const unresolved = overloadRuns(line, projectOnly, leveled).map((run) => ({ userId: run.userId, from: fromDayNumber(run.from), to: fromDayNumber(run.to) }));

  const moves: LevelMove[] = [];
  for (const task of [...graph.tasks.values()].sort((a, b) => compareIds(a.id, b.id))) {
    const slot = slots.get(task.id)!;
    if (!slot.moved) continue;
    const dates = datesAt(slot.placement.start, slot.placement.finish - slot.placement.start, isMilestone(task), calendar);
    if (dates.startDate === task.startDate && dates.endDate === task.endDate) continue;
    moves.push({
      taskId: task.id,
      fromStart: task.startDate,
      toStart: dates.startDate,
      fromEnd: task.endDate,
      toEnd: dates.endDate,
      reason: reasonFor(drawn.get(task.id)!.placement, delayedFor.get(task.id), before, line),
    });
  }
  return { ok: true, moves, unresolved };
}

interface Clash {
  userId: string;
  /** Working-day index of the first day found taken. */
  index: number;
}

interface PassTools {
  sharesOf: ReadonlyMap<string, readonly Share[]>;
  leveled: ReadonlySet<string> | null;
  window: number;
  line: Line;
}

/** The plan's tasks by number (graph order), with what every pass reads, built once per run. */
interface Numbered {
  tasks: LevelTask[];
  index: Map<string, number>;
  incoming: (readonly ScheduleLink[])[];
  successors: number[][];
  predecessorCount: Int32Array;
  /** 0 when other tasks depend on the task (it stays), else 1. */
  stays: Int8Array;
  /** Minus the priority rank: higher priorities come first. */
  priority: Int8Array;
  shares: (readonly Share[] | undefined)[];
  /** Whether the task loads one of the people levelled. */
  levelled: Uint8Array;
}

function numbered(graph: ScheduleGraph<LevelTask>, tools: PassTools): Numbered {
  const tasks = [...graph.tasks.values()];
  const index = new Map(tasks.map((t, i) => [t.id, i]));
  const shares = tasks.map((t) => tools.sharesOf.get(t.id));
  return {
    tasks,
    index,
    incoming: tasks.map((t) => graph.incoming.get(t.id) ?? []),
    successors: tasks.map((t) => (graph.outgoing.get(t.id) ?? []).map((l) => index.get(l.taskId)!)),
    predecessorCount: Int32Array.from(tasks, (t) => graph.incoming.get(t.id)?.length ?? 0),
    stays: Int8Array.from(tasks, (t) => (graph.outgoing.has(t.id) ? 0 : 1)),
    priority: Int8Array.from(tasks, (t) => -PRIORITY_RANK[t.priority ?? 'medium']),
    shares,
    levelled: Uint8Array.from(shares, (list) => (list && (!tools.leveled || list.some((s) => tools.leveled!.has(s.person.userId))) ? 1 : 0)),
  };
}

function addLoad(line: Line, shares: readonly Share[] | undefined, placement: Placement): void {
  if (!shares) return;
  line.cover(placement.start, placement.finish);
  for (const { person, hours } of shares) {
    const { may, load } = person;
    for (let i = placement.start - line.first; i < placement.finish - line.first; i++) if (may[i]) load[i]! += hours;
  }
}

/**
 * One serial pass over the plan as `slots` place it, leaving each person's load of the result in `line`; null when
 * it moves nothing.
 */
function levelOnce(
  plan: Numbered,
  links: readonly ScheduleLink[],
  calendar: WorkCalendar,
  slots: ReadonlyMap<string, Slot>,
  tools: PassTools,
): { slots: Map<string, Slot>; clashes: Map<string, Clash> } | null {
  const { window, line } = tools;
  const { tasks, index, shares } = plan;
  const count = tasks.length;
  const current = tasks.map((t) => {
    const slot = slots.get(t.id)!;
    if (!slot.moved) return t;
    return { ...t, ...datesAt(slot.placement.start, slot.placement.finish - slot.placement.start, isMilestone(t), calendar) };
  });
  const schedule = criticalPath(current, links, calendar);
  if (!schedule.ok) return null;
  const slack = new Int32Array(count);
  for (const t of schedule.tasks) slack[index.get(t.taskId)!] = t.totalSlack;
  const slotOf = tasks.map((t) => slots.get(t.id)!);
  const comesFirst = (a: number, b: number) => {
    const order =
      plan.stays[a]! - plan.stays[b]! ||
      slack[a]! - slack[b]! ||
      slotOf[a]!.placement.start - slotOf[b]!.placement.start ||
      plan.priority[a]! - plan.priority[b]! ||
      compareIds(tasks[a]!.id, tasks[b]!.id);
    return order < 0;
  };

  const waiting = Int32Array.from(plan.predecessorCount);
  const ready = new Heap<number>(comesFirst);
  for (let i = 0; i < count; i++) if (waiting[i] === 0) ready.push(i);
  for (const person of line.people) person.load = Float64Array.from(person.background);
  const placed: Slot[] = new Array(count);
  const placementOfId = (id: string) => placed[index.get(id)!]!.placement;
  let changed = false;
  const clashes = new Map<string, Clash>();
  let clashed: Person | null = null;
  /** The first index of the task's days on which one of its people would be over their day (`clashed`), or -1. */
  const clashAt = (list: readonly Share[], start: number, width: number): number => {
    line.cover(start, start + width);
    for (let i = start - line.first; i < start + width - line.first; i++) {
      for (const { person, hours } of list) {
        // A task alone may take more than a day (allocation over 100%): only what others add counts then.
        if (person.may[i] && person.load[i]! + hours > Math.max(person.hoursPerDay, hours) + HOURS_EPSILON) {
          clashed = person;
          return i + line.first;
        }
      }
    }
    return -1;
  };

  for (let n = ready.pop(); n !== undefined; n = ready.pop()) {
    const task = tasks[n]!;
    const slot = slotOf[n]!;
    const pushed = pushedPlacement(task, slot.placement, plan.incoming[n]!, placementOfId);
    let result: Slot = pushed ? { placement: pushed.placement, moved: true } : slot;
    const list = shares[n];
    if (list && plan.levelled[n]) {
      const bound = result.placement.start;
      const span = spanOf(task, result.placement);
      let start = bound;
      let width = result.placement.finish - result.placement.start;
      let first: Clash | null = null;
      for (;;) {
        const clash = clashAt(list, start, width);
        if (clash < 0) break;
        first ??= { userId: clashed!.userId, index: clash };
        start = clash + 1;
        width = span;
        if (start > bound + window) {
          start = -1;
          break;
        }
      }
      if (start > bound) {
        result = { placement: { start, finish: start + span }, moved: true };
        clashes.set(task.id, first!);
      }
    }
    if (result !== slot) changed = true;
    placed[n] = result;
    addLoad(line, list, result.placement);
    for (const next of plan.successors[n]!) if (--waiting[next]! === 0) ready.push(next);
  }
  return changed ? { slots: new Map(tasks.map((t, i) => [t.id, placed[i]!])), clashes } : null;
}

/** Other projects' load: on the project's working days into each person's line, elsewhere into their floor. */
function addBackground(input: LevelingInput, line: Line, personOf: (userId: string) => Person): void {
  if (!input.background) return;
  const { tasks, calendars } = input.background;
  const { calendar } = input;
  const summaries = summaryIds(tasks);
  const offLine = new Map<Person, Map<number, number>>();
  const worked = new Map<string, Map<number, boolean>>();
  const works = (projectId: string, day: number) => {
    let known = worked.get(projectId);
    if (!known) worked.set(projectId, (known = new Map()));
    let value = known.get(day);
    if (value === undefined) known.set(day, (value = (calendars.get(projectId) ?? DEFAULT_WORK_CALENDAR).isWorkingDay(fromDayNumber(day))));
    return value;
  };
  for (const task of tasks) {
    if (task.kind === 'milestone' || summaries.has(task.id) || task.endDate < task.startDate) continue;
    const first = dayNumber(task.startDate);
    const last = dayNumber(task.endDate);
    const shares = task.assignments.map((a) => ({ person: personOf(a.userId), allocation: a.allocation }));
    line.cover(calendar.indexOnOrAfter(task.startDate), calendar.indexOnOrBefore(task.endDate) + 1);
    let index = calendar.indexOnOrAfter(task.startDate) - line.first;
    for (let day = first; day <= last; day++) {
      const onLine = index < line.length && line.days[index] === day;
      if (works(task.projectId, day)) {
        for (const { person, allocation } of shares) {
          if (!person.days.mayWork(day)) continue;
          const hours = (allocation / 100) * person.hoursPerDay;
          if (onLine) person.background[index]! += hours;
          else {
            let days = offLine.get(person);
            if (!days) offLine.set(person, (days = new Map()));
            days.set(day, (days.get(day) ?? 0) + hours);
          }
        }
      }
      if (onLine) index++;
    }
  }
  for (const [person, days] of offLine) for (const hours of days.values()) person.floor = Math.max(person.floor, hours);
}

interface Score {
  /** Hours over people's days on the project's working days, summed over people and days. */
  excess: number;
  /** Each person's highest day, in hours, at least their day. */
  peak: Map<Person, number>;
}

function scoreOf(line: Line): Score {
  let excess = 0;
  const peak = new Map<Person, number>();
  for (const person of line.people) {
    const { load, hoursPerDay } = person;
    let top = person.floor;
    for (let i = 0; i < load.length; i++) {
      const hours = load[i]!;
      if (hours > hoursPerDay) excess += hours - hoursPerDay;
      if (hours > top) top = hours;
    }
    peak.set(person, top);
  }
  return { excess, peak };
}

function raisesAPeak(before: Score, after: Score): boolean {
  for (const [person, top] of after.peak) if (top > (before.peak.get(person) ?? person.hoursPerDay) + HOURS_EPSILON) return true;
  return false;
}

interface Run {
  userId: string;
  /** Day numbers. */
  from: number;
  to: number;
  /** Line indexes. */
  first: number;
  last: number;
}

/**
 * Runs of over-allocated working days of the project per person, for the people levelled. With `project`, only
 * days on which the project loads the person count. A day the person does not work and nobody loads does not break
 * a run.
 */
function overloadRuns(line: Line, project: ReadonlyMap<Person, Float64Array> | null, leveled: ReadonlySet<string> | null): Run[] {
  const runs: Run[] = [];
  for (const person of [...line.people].sort((a, b) => compareIds(a.userId, b.userId))) {
    if (leveled && !leveled.has(person.userId)) continue;
    const { load, hoursPerDay, days } = person;
    const mine = project?.get(person);
    let open: Run | null = null;
    for (let i = 0; i < load.length; i++) {
      const day = line.days[i]!;
      if (load[i]! > hoursPerDay + HOURS_EPSILON && (!mine || mine[i]! > 0)) {
        if (!open) runs.push((open = { userId: person.userId, from: day, to: day, first: i + line.first, last: i + line.first }));
        [open.to, open.last] = [day, i + line.first];
      } else if (load[i]! > 0 || days.isCapacityDay(day)) open = null;
    }
  }
  return runs;
}

/**
 * Why a task was moved: for a task delayed to make room, the over-allocation of the person it clashed with, as it
 * was before leveling (the run of days around the clash, else the run overlapping the task, else the clash day);
 * null for a task only a link moved.
 */
function reasonFor(placement: Placement, clash: Clash | undefined, before: ReadonlyMap<string, readonly Run[]>, line: Line): LevelMove['reason'] {
  if (!clash) return null;
  const runs = before.get(clash.userId) ?? [];
  const run = runs.find((r) => r.first <= clash.index && r.last >= clash.index) ?? runs.find((r) => r.first < placement.finish && r.last >= placement.start);
  if (run) return { userId: run.userId, from: fromDayNumber(run.from), to: fromDayNumber(run.to) };
  const day = fromDayNumber(line.days[clash.index - line.first]!);
  return { userId: clash.userId, from: day, to: day };
}
