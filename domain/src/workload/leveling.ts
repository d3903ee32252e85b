import { dayNumber, fromDayNumber } from '../timeline/calendar-date.js';
import { criticalPath } from '../scheduling/critical-path.js';
import { datesAt, isMilestone, placementOf, pushedPlacement, spanOf, type Placement } from '../scheduling/link-constraints.js';
import { buildScheduleGraph, compareIds, summaryIds, type ScheduleGraph } from '../scheduling/schedule-graph.js';
import { DEFAULT_WORK_CALENDAR, type WorkCalendar } from '../scheduling/work-calendar.js';
import type { ScheduleLink, ScheduleTask } from '../scheduling/scheduling.schema.js';
import type { TaskPriority } from '../schemas/enums.js';
import type { Assignment, PersonCapacity } from '../schemas/workload.js';
import type { LoadTask } from './load.js';
import { HOURS_EPSILON, personDays, type PersonDays } from './person-days.js';

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
 * A pass is kept only if it lowers the total overload and raises nobody's peak (in percent of their day, counted
 * from 100%); passes repeat on their own result until one makes no move or is not kept. The planner is
 * deterministic, so running it again on its result repeats the pass that was refused or made no move: a second
 * run moves nothing. It delays only: never earlier than a task is, never changing work, assignees or allocation.
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

const PRIORITY_RANK: Record<TaskPriority, number> = { critical: 3, high: 2, medium: 1, low: 0 };

interface Slot {
  placement: Placement;
  /** Moved from where the task is drawn: its dates are then computed on working days. */
  moved: boolean;
}

interface Person {
  days: PersonDays;
}

type Loads = Map<string, Map<number, number>>;

/** [leveling] Moves that resolve over-allocation in one project, and what could not be resolved, person by person. */
export function levelResources(input: LevelingInput): LevelingResult {
  const { calendar } = input;
  const graph = buildScheduleGraph(input.tasks, input.links);
  const check = criticalPath(input.tasks, input.links, calendar);
  if (!check.ok) return { ok: false, reason: 'cycle', cycle: check.cycle };
  const base = input.baseCalendar ?? DEFAULT_WORK_CALENDAR;
  const window = input.maxDelayWorkingDays ?? LEVELING_MAX_DELAY_WORKING_DAYS;
  const people = new Map<string, Person>();
  const capacities = new Map(input.people.map((p) => [p.userId, p]));
  const personOf = (userId: string) => {
    let person = people.get(userId);
    if (!person) people.set(userId, (person = { days: personDays(capacities.get(userId), base) }));
    return person;
  };
  const leveled = input.userIds ? new Set(input.userIds) : null;
  const dayOfIndex = indexDays(calendar);

  // Tasks with load: leaves, not milestones, with assignees. Hours per day per assignee.
  const loadOf = new Map<string, { userId: string; hours: number; days: PersonDays }[]>();
  for (const task of graph.tasks.values()) {
    if (isMilestone(task) || !task.assignments.length) continue;
    loadOf.set(task.id, task.assignments.map((a) => {
      const { days } = personOf(a.userId);
      return { userId: a.userId, hours: (a.allocation / 100) * days.hoursPerDay, days };
    }));
  }
  const background = backgroundLoads(input, personOf);

  const addLoad = (loads: Loads, id: string, placement: Placement) => {
    for (const share of loadOf.get(id) ?? []) {
      let days = loads.get(share.userId);
      if (!days) loads.set(share.userId, (days = new Map()));
      for (let i = placement.start; i < placement.finish; i++) {
        const day = dayOfIndex(i);
        if (share.days.mayWork(day)) days.set(day, (days.get(day) ?? 0) + share.hours);
      }
    }
  };
  const loadsOf = (slots: ReadonlyMap<string, Slot>) => {
    const loads = cloneLoads(background);
    for (const [id, slot] of slots) addLoad(loads, id, slot.placement);
    return loads;
  };

  const drawn = new Map<string, Slot>();
  for (const task of graph.tasks.values()) drawn.set(task.id, { placement: placementOf(task, calendar), moved: false });
  let slots = drawn;
  let loads = loadsOf(slots);
  let score = scoreOf(loads, people);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = levelOnce(graph, calendar, slots, background, { loadOf, leveled, window, dayOfIndex, addLoad });
    if (!next) break;
    const nextLoads = loadsOf(next);
    const nextScore = scoreOf(nextLoads, people);
    if (!(nextScore.excess < score.excess - HOURS_EPSILON) || raisesAPeak(score, nextScore)) break;
    [slots, loads, score] = [next, nextLoads, nextScore];
  }

  const before = overloadRuns(loadsOf(drawn), people, null, leveled);
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
      reason: reasonFor(task, drawn.get(task.id)!.placement, loadOf, before, dayOfIndex),
    });
  }
  const projectLoads = new Map<string, Map<number, number>>();
  for (const [id, slot] of slots) addLoad(projectLoads, id, slot.placement);
  const unresolved = overloadRuns(loads, people, projectLoads, leveled).map(({ userId, from, to }) => ({ userId, from: fromDayNumber(from), to: fromDayNumber(to) }));
  return { ok: true, moves, unresolved };
}

interface PassTools {
  loadOf: ReadonlyMap<string, readonly { userId: string; hours: number; days: PersonDays }[]>;
  leveled: ReadonlySet<string> | null;
  window: number;
  dayOfIndex: (index: number) => number;
  addLoad: (loads: Loads, id: string, placement: Placement) => void;
}

/** One serial pass over the plan as `slots` place it; null when it moves nothing. */
function levelOnce(
  graph: ScheduleGraph<LevelTask>,
  calendar: WorkCalendar,
  slots: ReadonlyMap<string, Slot>,
  background: Loads,
  tools: PassTools,
): Map<string, Slot> | null {
  const { loadOf, leveled, window, dayOfIndex, addLoad } = tools;
  const tasks = [...graph.tasks.values()];
  const current = tasks.map((t) => {
    const slot = slots.get(t.id)!;
    if (!slot.moved) return t;
    return { ...t, ...datesAt(slot.placement.start, slot.placement.finish - slot.placement.start, isMilestone(t), calendar) };
  });
  const schedule = criticalPath(current, graph.links, calendar);
  if (!schedule.ok) return null;
  const slack = new Map(schedule.tasks.map((t) => [t.taskId, t.totalSlack]));
  const key = (t: LevelTask) => ({
    stays: graph.outgoing.has(t.id) ? 0 : 1,
    slack: slack.get(t.id) ?? 0,
    start: slots.get(t.id)!.placement.start,
    priority: -PRIORITY_RANK[t.priority ?? 'medium'],
  });
  const keys = new Map(tasks.map((t) => [t.id, key(t)]));
  const before = (a: string, b: string) => {
    const x = keys.get(a)!;
    const y = keys.get(b)!;
    return x.stays - y.stays || x.slack - y.slack || x.start - y.start || x.priority - y.priority || compareIds(a, b);
  };

  const waiting = new Map<string, number>();
  const ready = new Heap<string>((a, b) => before(a, b) < 0);
  for (const t of tasks) {
    const n = graph.incoming.get(t.id)?.length ?? 0;
    waiting.set(t.id, n);
    if (n === 0) ready.push(t.id);
  }
  const loads = cloneLoads(background);
  const placed = new Map<string, Slot>();
  let changed = false;
  const fitsFrom = (id: string, start: number, width: number): number => {
    // The first index of the task's days on which one of its people would be over their day, or -1.
    const shares = loadOf.get(id)!;
    for (let i = start; i < start + width; i++) {
      const day = dayOfIndex(i);
      for (const share of shares) {
        if (!share.days.mayWork(day)) continue;
        const total = (loads.get(share.userId)?.get(day) ?? 0) + share.hours;
        // A task alone may take more than a day (allocation over 100%): only what others add counts then.
        if (total > Math.max(share.days.hoursPerDay, share.hours) + HOURS_EPSILON) return i;
      }
    }
    return -1;
  };

  for (let id = ready.pop(); id !== undefined; id = ready.pop()) {
    const task = graph.tasks.get(id)!;
    const slot = slots.get(id)!;
    const pushed = pushedPlacement(task, slot.placement, graph.incoming.get(id) ?? [], (p) => placed.get(p)!.placement);
    let result: Slot = pushed ? { placement: pushed.placement, moved: true } : slot;
    const shares = loadOf.get(id);
    if (shares && (!leveled || shares.some((s) => leveled.has(s.userId)))) {
      const bound = result.placement.start;
      const span = spanOf(task, result.placement);
      let start = bound;
      let width = result.placement.finish - result.placement.start;
      for (;;) {
        const clash = fitsFrom(id, start, width);
        if (clash < 0) break;
        start = clash + 1;
        width = span;
        if (start > bound + window) {
          start = -1;
          break;
        }
      }
      if (start > bound) result = { placement: { start, finish: start + span }, moved: true };
    }
    if (result !== slot) changed = true;
    placed.set(id, result);
    addLoad(loads, id, result.placement);
    for (const link of graph.outgoing.get(id) ?? []) {
      const left = waiting.get(link.taskId)! - 1;
      waiting.set(link.taskId, left);
      if (left === 0) ready.push(link.taskId);
    }
  }
  return changed ? placed : null;
}

/** Other projects' load per person and day, as fixed as their tasks are. */
function backgroundLoads(input: LevelingInput, personOf: (userId: string) => Person): Loads {
  const loads: Loads = new Map();
  if (!input.background) return loads;
  const { tasks, calendars } = input.background;
  const summaries = summaryIds(tasks);
  const worked = new Map<string, Map<number, boolean>>();
  const works = (projectId: string, day: number) => {
    let known = worked.get(projectId);
    if (!known) worked.set(projectId, (known = new Map()));
    let value = known.get(day);
    if (value === undefined) known.set(day, (value = (calendars.get(projectId) ?? DEFAULT_WORK_CALENDAR).isWorkingDay(fromDayNumber(day))));
    return value;
  };
  for (const task of tasks) {
    if (task.kind === 'milestone' || summaries.has(task.id)) continue;
    const first = dayNumber(task.startDate);
    const last = dayNumber(task.endDate);
    for (const a of task.assignments) {
      const { days } = personOf(a.userId);
      const hours = (a.allocation / 100) * days.hoursPerDay;
      let map = loads.get(a.userId);
      if (!map) loads.set(a.userId, (map = new Map()));
      for (let day = first; day <= last; day++) if (works(task.projectId, day) && days.mayWork(day)) map.set(day, (map.get(day) ?? 0) + hours);
    }
  }
  return loads;
}

function cloneLoads(loads: Loads): Loads {
  return new Map([...loads].map(([userId, days]) => [userId, new Map(days)]));
}

interface Score {
  /** Hours over people's days, summed over people and days. */
  excess: number;
  /** Each person's highest day, in hours, at least their day. */
  peak: Map<string, number>;
}

function scoreOf(loads: Loads, people: ReadonlyMap<string, Person>): Score {
  let excess = 0;
  const peak = new Map<string, number>();
  for (const [userId, days] of loads) {
    const hoursPerDay = people.get(userId)!.days.hoursPerDay;
    let top = hoursPerDay;
    for (const hours of days.values()) {
      if (hours > hoursPerDay) excess += hours - hoursPerDay;
      if (hours > top) top = hours;
    }
    peak.set(userId, top);
  }
  return { excess, peak };
}

function raisesAPeak(before: Score, after: Score): boolean {
  for (const [userId, top] of after.peak) if (top > (before.peak.get(userId) ?? 0) + HOURS_EPSILON) return true;
  return false;
}

interface Run {
  userId: string;
  from: number;
  to: number;
}

/**
 * Runs of over-allocated days per person (day numbers), for the people levelled. With `project`, only days on
 * which that project loads the person count. A day the person does not work and nobody loads does not break a run.
 */
function overloadRuns(loads: Loads, people: ReadonlyMap<string, Person>, project: Loads | null, leveled: ReadonlySet<string> | null): Run[] {
  const runs: Run[] = [];
  for (const userId of [...loads.keys()].sort(compareIds)) {
    if (leveled && !leveled.has(userId)) continue;
    const person = people.get(userId)!.days;
    const days = loads.get(userId)!;
    const mine = project ? project.get(userId) : null;
    const over = [...days]
      .filter(([day, hours]) => hours > person.hoursPerDay + HOURS_EPSILON && (!project || (mine?.get(day) ?? 0) > 0))
      .map(([day]) => day)
      .sort((a, b) => a - b);
    let open: Run | null = null;
    for (const day of over) {
      if (open && quietBetween(open.to, day, days, person)) open.to = day;
      else runs.push((open = { userId, from: day, to: day }));
    }
  }
  return runs;
}

function quietBetween(from: number, to: number, loads: ReadonlyMap<number, number>, person: PersonDays): boolean {
  for (let day = from + 1; day < to; day++) if ((loads.get(day) ?? 0) > 0 || person.isCapacityDay(day)) return false;
  return true;
}

function reasonFor(
  task: LevelTask,
  placement: Placement,
  loadOf: PassTools['loadOf'],
  before: readonly Run[],
  dayOfIndex: (index: number) => number,
): LevelMove['reason'] {
  const shares = loadOf.get(task.id);
  if (!shares || placement.finish <= placement.start) return null;
  const first = dayOfIndex(placement.start);
  const last = dayOfIndex(placement.finish - 1);
  for (const share of shares) {
    const run = before.find((r) => r.userId === share.userId && r.from <= last && r.to >= first);
    if (run) return { userId: run.userId, from: fromDayNumber(run.from), to: fromDayNumber(run.to) };
  }
  return null;
}

/** Working-day index → day number, remembered: the planner reads the same few hundred days many times. */
function indexDays(calendar: WorkCalendar): (index: number) => number {
  const known = new Map<number, number>();
  return (index) => {
    let day = known.get(index);
    if (day === undefined) known.set(index, (day = dayNumber(calendar.dateOfIndex(index))));
    return day;
  };
}

/** A binary heap: `first(a, b)` when a comes out before b. */
class Heap<T> {
  private readonly items: T[] = [];
  constructor(private readonly first: (a: T, b: T) => boolean) {}

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.first(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    if (!items.length) return undefined;
    const top = items[0];
    const last = items.pop()!;
    if (items.length) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < items.length && this.first(items[l]!, items[best]!)) best = l;
        if (r < items.length && this.first(items[r]!, items[best]!)) best = r;
        if (best === i) break;
        [items[i], items[best]] = [items[best]!, items[i]!];
        i = best;
      }
    }
    return top;
  }
}
