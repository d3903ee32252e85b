import { datesAt, earliestStartFor, isMilestone, type Placement } from '../scheduling/link-constraints.js';
import { buildScheduleGraph, topologicalOrder } from '../scheduling/schedule-graph.js';
import type { ScheduleLink, ScheduleTask } from '../scheduling/scheduling.schema.js';
import type { WorkCalendar } from '../scheduling/work-calendar.js';
import type { LinkType } from '../schemas/dependency.js';
import type { TaskPriority } from '../schemas/enums.js';
import type { TemplateTask } from '../schemas/template.js';

/** A template task placed on a project's calendar. */
export interface LaidOutTask {
  key: string;
  startDate: string;
  endDate: string;
  /** The project's task kind: a phase becomes a summary task (a task with subtasks). */
  kind: 'task' | 'milestone';
  parentKey: string | null;
}

export type TemplateLayoutResult = { ok: true; tasks: LaidOutTask[] } | { ok: false; reason: 'cycle'; cycle: string[] };

/** Keys of the tasks some other task of the template names as its phase. */
function phaseKeys(tasks: readonly Pick<TemplateTask, 'key' | 'parentKey'>[]): Set<string> {
  const keys = new Set(tasks.map((t) => t.key));
  return new Set(tasks.flatMap((t) => (t.parentKey && t.parentKey !== t.key && keys.has(t.parentKey) ? [t.parentKey] : [])));
}

/**
 * [template-layout] Lays a template out from `startDate` on the project's working calendar, the way the cascade
 * would place a fresh plan: every task as early as its links allow and never before the project's first working
 * day (a lead that would reach before it starts on that day); a task keeps its working days, a milestone takes the
 * day it lands on. Phases (tasks with subtasks, nested to any depth) span their subtasks; an empty phase is laid
 * out as a task. Links touching a phase are kept in the plan but, as in the engine, place nothing. Pure: the
 * template is not changed, dates are 'yyyy-MM-dd'. A cycle in the links is reported, never followed.
 */
export function layoutTemplate(tasks: readonly TemplateTask[], startDate: string, calendar: WorkCalendar): TemplateLayoutResult {
  const phases = phaseKeys(tasks);
  const first = calendar.indexOnOrAfter(startDate);
  const kindOf = (t: TemplateTask): 'task' | 'milestone' => (t.kind === 'milestone' && !phases.has(t.key) ? 'milestone' : 'task');
  // The engine's graph works on dated tasks; only ids, kinds and parents matter here.
  const scheduleTasks: ScheduleTask[] = tasks.map((t) => ({ id: t.key, name: t.name, startDate, endDate: startDate, kind: kindOf(t), parentId: t.parentKey }));
  const scheduleLinks: ScheduleLink[] = tasks.flatMap((t) => t.links.map((l) => ({ taskId: t.key, dependsOnTaskId: l.dependsOn, type: l.type, lagDays: l.lagDays })));
  const graph = buildScheduleGraph(scheduleTasks, scheduleLinks);
  const sorted = topologicalOrder(new Set(graph.tasks.keys()), graph);
  if (!sorted.ok) return { ok: false, reason: 'cycle', cycle: sorted.cycle };

  const byKey = new Map(tasks.map((t) => [t.key, t]));
  const placed = new Map<string, Placement>();
  for (const key of sorted.order) {
    const task = graph.tasks.get(key)!;
    const milestone = isMilestone(task);
    const span = milestone ? 1 : Math.max(1, byKey.get(key)!.durationDays ?? 1);
    let start = first;
    for (const link of graph.incoming.get(key) ?? []) start = Math.max(start, earliestStartFor(link, placed.get(link.dependsOnTaskId)!, milestone, span));
    placed.set(key, { start, finish: start + span });
  }

  const dates = new Map<string, { startDate: string; endDate: string }>();
  for (const [key, p] of placed) dates.set(key, datesAt(p.start, p.finish - p.start, isMilestone(graph.tasks.get(key)!), calendar));
  const children = new Map<string, string[]>();
  for (const t of tasks) if (t.parentKey && phases.has(t.parentKey) && t.parentKey !== t.key) children.set(t.parentKey, [...(children.get(t.parentKey) ?? []), t.key]);
  // A phase spans its subtasks, themselves rolled up first; `visiting` guards a parent loop (refused at save).
  const visiting = new Set<string>();
  const rollUp = (key: string): { startDate: string; endDate: string } => {
    const known = dates.get(key);
    if (known) return known;
    if (visiting.has(key)) return { startDate: calendar.dateOfIndex(first), endDate: calendar.dateOfIndex(first) };
    visiting.add(key);
    const spans = (children.get(key) ?? []).map(rollUp);
    const span = {
      startDate: spans.reduce((min, s) => (s.startDate < min ? s.startDate : min), spans[0]!.startDate),
      endDate: spans.reduce((max, s) => (s.endDate > max ? s.endDate : max), spans[0]!.endDate),
    };
    dates.set(key, span);
    return span;
  };
  return {
    ok: true,
    tasks: tasks.map((t) => ({ key: t.key, ...rollUp(t.key), kind: kindOf(t), parentKey: t.parentKey && byKey.has(t.parentKey) ? t.parentKey : null })),
  };
}

/** A project task as "Save as template" reads it. */
export interface PlanTaskForTemplate {
  id: string;
  name: string;
  description: string | null;
  startDate: string;
  endDate: string;
  kind: 'task' | 'milestone';
  parentId: string | null;
  priority: TaskPriority;
  order: number;
}

/** A project link as "Save as template" reads it. */
export interface PlanLinkForTemplate {
  taskId: string;
  dependsOnTaskId: string;
  type: LinkType;
  lagDays: number;
}

/**
 * [save-as-template] A project's plan as a template: tasks in outline order (each phase before its subtasks, then by
 * `order`), keyed t1, t2, …; summary tasks become phases, other tasks keep their working days on the project's
 * calendar (at least one), milestones none; every link between two of the tasks keeps its type and lag.
 */
export function templateFromPlan(tasks: readonly PlanTaskForTemplate[], links: readonly PlanLinkForTemplate[], calendar: WorkCalendar): TemplateTask[] {
  const ids = new Set(tasks.map((t) => t.id));
  const childrenOf = new Map<string | null, PlanTaskForTemplate[]>();
  for (const t of tasks) {
    const parent = t.parentId && ids.has(t.parentId) && t.parentId !== t.id ? t.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), t]);
  }
  const byOrder = (a: PlanTaskForTemplate, b: PlanTaskForTemplate) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const ordered: PlanTaskForTemplate[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null) => {
    for (const t of [...(childrenOf.get(parent) ?? [])].sort(byOrder)) {
      if (seen.has(t.id)) continue;
      seen.add(t.id);
      ordered.push(t);
      walk(t.id);
    }
  };
  walk(null);
  const keys = new Map(ordered.map((t, i) => [t.id, `t${i + 1}`]));
  const incoming = new Map<string, PlanLinkForTemplate[]>();
  for (const l of links) if (keys.has(l.taskId) && keys.has(l.dependsOnTaskId)) incoming.set(l.taskId, [...(incoming.get(l.taskId) ?? []), l]);
  return ordered.map((t) => {
    const phase = (childrenOf.get(t.id)?.length ?? 0) > 0;
    const kind = phase ? 'phase' : t.kind;
    return {
      key: keys.get(t.id)!,
      name: t.name,
      description: t.description,
      kind,
      parentKey: t.parentId ? (keys.get(t.parentId) ?? null) : null,
      durationDays: kind === 'phase' ? null : kind === 'milestone' ? 0 : Math.max(1, calendar.workingDaysBetween(t.startDate, t.endDate)),
      priority: t.priority,
      links: (incoming.get(t.id) ?? [])
        .map((l) => ({ dependsOn: keys.get(l.dependsOnTaskId)!, type: l.type, lagDays: l.lagDays }))
        .sort((a, b) => Number(a.dependsOn.slice(1)) - Number(b.dependsOn.slice(1))),
    };
  });
}

/**
 * What is wrong with a template's structure, in words, or null: keys unique, phases and links naming tasks of the
 * template, no task its own phase or linked to itself, no loop of phases. Built-ins are checked by their test;
 * saved templates come from templateFromPlan, and are checked again when read back.
 */
export function templateProblem(tasks: readonly TemplateTask[]): string | null {
  const keys = new Set<string>();
  for (const t of tasks) {
    if (keys.has(t.key)) return `Two tasks share the key ${t.key}`;
    keys.add(t.key);
  }
  const parents = new Map(tasks.map((t) => [t.key, t.parentKey]));
  for (const t of tasks) {
    if (t.parentKey !== null && !keys.has(t.parentKey)) return `«${t.name}» belongs to a phase that is not in the template`;
    for (const l of t.links) {
      if (!keys.has(l.dependsOn)) return `«${t.name}» depends on a task that is not in the template`;
      if (l.dependsOn === t.key) return `«${t.name}» depends on itself`;
    }
    const up = new Set<string>([t.key]);
    for (let p = t.parentKey; p !== null; p = parents.get(p) ?? null) {
      if (up.has(p)) return `«${t.name}» is inside itself`;
      up.add(p);
    }
  }
  return null;
}
