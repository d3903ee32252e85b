import {
  computeWorkload,
  displayName,
  effectivePlan,
  type OverloadSpan,
  type WorkloadAnswer,
  type WorkloadAnswerPerson,
  type WorkloadAnswerTask,
  type WorkloadQuery,
  type WorkloadRow,
} from '@planline/domain';
import type { TeamEntity } from '@planline/db';
import type { DataSource } from 'typeorm';
import { requireTeamRole, requireWithinLimit } from '../access/access.policy.js';
import { findTeam } from '../teams/teams.queries.js';
import { OverloadsBudget } from './overloads-budget.js';
import { loadVersion, OverloadsCache, type KeptOverloads } from './overloads-cache.js';
import { readTeamLoad } from './team-load.js';
import { peopleNames, teamPeople, workloadProjects, type TeamPersonRow } from './workload.queries.js';

/** What stands for a task of a project the viewer cannot open: its hours count, nothing else is said. */
export const OTHER_PROJECT = 'Other project';
export const WORKLOAD_NEEDS_PRO = 'The workload view is part of Pro: upgrade the team to see who is overloaded.';

/** Workload and leveling are Pro's (its "advanced Gantt features"): a Free team gets the 402 with the upgrade. */
export function requireWorkloadPlan(team: TeamEntity, now: Date): void {
  requireWithinLimit(effectivePlan(team, now) === 'free' ? { ok: false, message: WORKLOAD_NEEDS_PRO, requiredPlan: 'pro' } : { ok: true }, team);
}

/**
 * [workload] GET /api/teams/{teamId}/workload: every member's allocated hours against their capacity per day, week
 * or month, over every project of the team and every other project their tasks are in (a person has one day). A
 * project the viewer cannot open counts in the figures and shows as "Other project": no task or project name or id.
 * Members of the team read it; on the Free plan it is a 402 with the upgrade the view offers.
 */
export class WorkloadService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly now: () => Date = () => new Date(),
    private readonly overloadsBudget = new OverloadsBudget(),
    private readonly overloads = new OverloadsCache(),
  ) {}

  async teamWorkload(viewerId: string, teamId: string, query: WorkloadQuery): Promise<WorkloadAnswer> {
    await requireTeamRole(this.dataSource, viewerId, teamId);
    return this.workloadFor(viewerId, teamId, query);
  }

  /**
   * The workload as `viewerId` may see it, for a caller that has checked their access (the export: a project's
   * guest sees its team's people, and only the projects they can open by name). Pro's: 402 on the Free plan.
   */
  async workloadFor(viewerId: string, teamId: string, query: WorkloadQuery): Promise<WorkloadAnswer> {
    requireWorkloadPlan(await findTeam(this.dataSource, teamId), this.now());
    if (query.only === 'overloads') return this.overloadsFor(viewerId, teamId, query);
    // One snapshot: the people, their capacity and the tasks as of one moment.
    const { people, capacities, tasks, projects: projectById, calendars } = await this.dataSource.transaction('REPEATABLE READ', (m) =>
      readTeamLoad(m, teamId, viewerId, query.from, query.to),
    );
    const result = computeWorkload({ people: capacities, calendars, tasks }, query);

    const names = await this.namesOf(people, result.people);
    const taskById = new Map(tasks.map((t) => [t.id, t]));
    const open = (projectId: string) => projectById.get(projectId)?.open === true;

    // The chart's marks read only the spans: every task of the range in its buckets, by name, was ~3/4 of the
    // answer, tens of MB at 100,000 tasks for a JSON parse of seconds on the page as its document synced.
    const withBuckets = query.only !== 'overloads';
    const present = (row: WorkloadRow): WorkloadAnswerPerson => ({
      userId: row.userId,
      name: nameOf(names, row.userId),
      buckets: !withBuckets ? [] : row.buckets.map((b) => {
        const shown: WorkloadAnswerTask[] = [];
        let hidden = 0;
        for (const t of b.tasks) {
          if (open(t.projectId)) shown.push({ taskId: t.taskId, projectId: t.projectId, name: taskById.get(t.taskId)?.name ?? '', hours: t.hours });
          else hidden += t.hours;
        }
        if (hidden) shown.push({ taskId: null, projectId: null, name: OTHER_PROJECT, hours: Math.round(hidden * 100) / 100 });
        return { start: b.start, end: b.end, capacityHours: b.capacityHours, allocatedHours: b.allocatedHours, tasks: shown };
      }),
      overloads: row.overloads.map((o) => ({ from: o.from, to: o.to, peakPercent: o.peakPercent, taskIds: o.taskIds.filter((id) => open(taskById.get(id)!.projectId)) })),
    });
    return {
      teamId,
      from: result.from,
      to: result.to,
      scale: result.scale,
      people: result.people.map(present),
      unassigned: present(result.unassigned),
      projects: [...projectById.values()].filter((p) => p.open).map((p) => ({ id: p.id, name: p.name })),
    };
  }

  /**
   * The chart's read (only=overloads): the spans kept for the team, range and load version (overloads-cache.ts),
   * computed again only when what loads the team has changed, then shown as this viewer may see them: names, and
   * of each span only the tasks of projects they may open.
   */
  private async overloadsFor(viewerId: string, teamId: string, query: WorkloadQuery): Promise<WorkloadAnswer> {
    const key = `${teamId} ${query.from} ${query.to}`;
    const kept = await this.overloads.read(
      key,
      await loadVersion(this.dataSource, teamId, this.overloads.found(key)),
      () => this.overloadsBudget.begin(viewerId, teamId),
      () => this.computeOverloads(viewerId, teamId, query),
    );
    const people = await teamPeople(this.dataSource, teamId);
    const names = await this.namesOf(people, kept.people);
    const projects = (await workloadProjects(this.dataSource, kept.projectIds, viewerId)).filter((p) => p.open);
    const open = new Set(projects.map((p) => p.id));
    const present = (row: { userId: string | null; overloads: readonly OverloadSpan[] }): WorkloadAnswerPerson => ({
      userId: row.userId,
      name: nameOf(names, row.userId),
      buckets: [],
      overloads: row.overloads.map((o) => ({ from: o.from, to: o.to, peakPercent: o.peakPercent, taskIds: o.taskIds.filter((id) => open.has(kept.projectOfTask.get(id)!)) })),
    });
    return {
      teamId,
      from: query.from,
      to: query.to,
      scale: query.scale,
      people: kept.people.map(present),
      unassigned: present({ userId: null, overloads: [] }),
      projects: projects.map((p) => ({ id: p.id, name: p.name })),
    };
  }

  /** The spans of the team over the range, with the version of what they were computed from (one snapshot). */
  private async computeOverloads(viewerId: string, teamId: string, query: WorkloadQuery): Promise<KeptOverloads> {
    const { version, load } = await this.dataSource.transaction('REPEATABLE READ', async (m) => {
      const load = await readTeamLoad(m, teamId, viewerId, query.from, query.to);
      return { load, version: await loadVersion(m, teamId, [...load.projects.keys()]) };
    });
    const result = computeWorkload({ people: load.capacities, calendars: load.calendars, tasks: load.tasks }, query, { buckets: false });
    const projectOfTask = new Map<string, string>();
    const taskProject = new Map(load.tasks.map((t) => [t.id, t.projectId]));
    for (const row of result.people) for (const span of row.overloads) for (const id of span.taskIds) projectOfTask.set(id, taskProject.get(id)!);
    return { version, people: result.people.map((r) => ({ userId: r.userId!, overloads: r.overloads })), projectIds: [...load.projects.keys()], projectOfTask };
  }

  /** The team's people by id, and the names of assignees among `rows` who are not members (a project's guests). */
  private async namesOf(people: TeamPersonRow[], rows: readonly { userId: string | null }[]): Promise<Map<string, TeamPersonRow>> {
    const names = new Map(people.map((p) => [p.user_id, p]));
    const strangers = rows.map((r) => r.userId!).filter((id) => !names.has(id));
    if (strangers.length) for (const p of await peopleNames(this.dataSource, strangers)) names.set(p.user_id, p);
    return names;
  }
}

const nameOf = (names: Map<string, TeamPersonRow>, userId: string | null) => (userId === null ? 'Unassigned' : displayName(toUser(names.get(userId))));

const toUser = (row: TeamPersonRow | undefined) => (row ? { firstName: row.first_name, lastName: row.last_name, email: row.email } : null);
