import { addMonths, createWorkCalendar, displayName, levelledReason, levelResources, withinTwoYears, type LevelInput, type LevelMove, type UnresolvedOverload } from '@planline/domain';
import { readTask, writeTask } from '@planline/document';
import { serverEdit, type ProjectDocuments } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { requireProjectAccess } from '../access/access.policy.js';
import { projectCalendarSettings, scheduleLinks } from '../schedule/schedule.queries.js';
import { findTeam } from '../teams/teams.queries.js';
import { readTeamLoad } from './team-load.js';
import { levelTasks } from './workload.queries.js';
import { requireWorkloadPlan } from './workload.service.js';

/** The last date the database and 'yyyy-MM-dd' hold, and the last from which a year on still is one. */
const LAST_DAY = '9999-12-31';
const LAST_DAY_A_YEAR_BEFORE_THE_END = '9998-12-31';

export interface LevelAnswer {
  moves: (Omit<LevelMove, 'reason'> & { reason: string | null })[];
  unresolved: UnresolvedOverload[];
  /** Applied only: moves left out because a teammate moved the task since it was read (nothing of theirs undone). */
  skipped: string[];
}

/**
 * [leveling] POST /api/projects/{projectId}/level: "Resolve over-allocation". The preview answers the moves the
 * planner would make (domain/src/workload/leveling.ts) over the stored plan, with the team's other projects as fixed
 * load; applying makes them as one edit of the document (one transaction, the cascade's rules, each move in the
 * history with "Levelled: Ana over-allocated 3-5 Mar"). A task a teammate moved since it was read keeps their move.
 * The chart asks only for the preview and applies it as the browser's own edit, so that its undo takes it back
 * (leveling-dialog.tsx, the reasons carried in the edit's transaction); applying here serves API users.
 */
export class LevelingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly documents: ProjectDocuments,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async level(userId: string, projectId: string, input: LevelInput): Promise<LevelAnswer> {
    const access = await requireProjectAccess(this.dataSource, userId, projectId);
    requireWorkloadPlan(await findTeam(this.dataSource, access.teamId), this.now());
    const plan = await this.plan(userId, projectId, access.teamId, input.userIds);
    if (input.preview || !plan.moves.length) return { ...plan, skipped: [] };
    const reasons = new Map(plan.moves.flatMap((m) => (m.reason ? [[m.taskId, m.reason] as const] : [])));
    const skipped: string[] = [];
    await this.documents.edit(projectId, serverEdit(userId, undefined, reasons), (doc) => {
      for (const move of plan.moves) {
        const task = readTask(doc, move.taskId);
        if (!task || task.startDate !== move.fromStart || task.endDate !== move.fromEnd) {
          skipped.push(move.taskId);
          continue;
        }
        writeTask(doc, move.taskId, { startDate: move.toStart, endDate: move.toEnd });
      }
    });
    return { moves: plan.moves.filter((m) => !skipped.includes(m.taskId)), unresolved: plan.unresolved, skipped };
  }

  private async plan(viewerId: string, projectId: string, teamId: string, userIds: string[] | undefined): Promise<Omit<LevelAnswer, 'skipped'>> {
    const read = await this.dataSource.transaction('REPEATABLE READ', async (m) => {
      const tasks = await levelTasks(m, projectId);
      const links = await scheduleLinks(m, projectId);
      const settings = await projectCalendarSettings(m, projectId);
      if (!tasks.length) return null;
      // The other projects' load over the project's span and as far as a task may be delayed (about half a year).
      const from = tasks.reduce((min, t) => (t.startDate < min ? t.startDate : min), tasks[0]!.startDate);
      const last = tasks.reduce((max, t) => (t.endDate > max ? t.endDate : max), tasks[0]!.endDate);
      if (!withinTwoYears(from, last)) {
        throw new AppError('bad_request', `Resolve over-allocation works on plans of up to 2 years; this one runs from ${from} to ${last}.`);
      }
      const to = last >= LAST_DAY_A_YEAR_BEFORE_THE_END ? LAST_DAY : addMonths(last, 12);
      return { tasks, links, settings, load: await readTeamLoad(m, teamId, viewerId, from, to) };
    });
    if (!read) return { moves: [], unresolved: [] };
    const calendar = createWorkCalendar(read.settings);
    if (!calendar.ok) throw new Error(`Project ${projectId} has an invalid calendar: ${calendar.reason}`);
    const result = levelResources({
      tasks: read.tasks,
      links: read.links,
      calendar: calendar.calendar,
      people: read.load.capacities,
      background: { tasks: read.load.tasks.filter((t) => t.projectId !== projectId), calendars: read.load.calendars },
      userIds,
    });
    if (!result.ok) throw new AppError('conflict', 'The task links form a cycle, so the plan cannot be levelled', { cycle: result.cycle });
    const names = new Map(read.load.people.map((p) => [p.user_id, displayName({ firstName: p.first_name, lastName: p.last_name, email: p.email })]));
    return {
      moves: result.moves.map((m) => ({ ...m, reason: m.reason ? levelledReason(names.get(m.reason.userId) ?? 'Someone', m.reason) : null })),
      unresolved: result.unresolved,
    };
  }
}
