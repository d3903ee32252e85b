import {
  computeWorkload,
  displayName,
  effectivePlan,
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
import { readTeamLoad } from './team-load.js';
import { peopleNames, type TeamPersonRow } from './workload.queries.js';

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
    // One snapshot: the people, their capacity and the tasks as of one moment.
    const { people, capacities, tasks, projects: projectById, calendars } = await this.dataSource.transaction('REPEATABLE READ', (m) =>
      readTeamLoad(m, teamId, viewerId, query.from, query.to),
    );
    const result = computeWorkload({ people: capacities, calendars, tasks }, query);

    const names = new Map(people.map((p) => [p.user_id, p]));
    const strangers = result.people.map((r) => r.userId!).filter((id) => !names.has(id));
    if (strangers.length) for (const p of await peopleNames(this.dataSource, strangers)) names.set(p.user_id, p);
    const taskById = new Map(tasks.map((t) => [t.id, t]));
    const open = (projectId: string) => projectById.get(projectId)?.open === true;

    // The chart's marks read only the spans: every task of the range in its buckets, by name, was ~3/4 of the
    // answer, tens of MB at 100,000 tasks for a JSON parse of seconds on the page as its document synced.
    const withBuckets = query.only !== 'overloads';
    const present = (row: WorkloadRow): WorkloadAnswerPerson => ({
      userId: row.userId,
      name: row.userId === null ? 'Unassigned' : displayName(toUser(names.get(row.userId))),
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
}

const toUser = (row: TeamPersonRow | undefined) => (row ? { firstName: row.first_name, lastName: row.last_name, email: row.email } : null);
