import {
  baselineDriftDays,
  createWorkCalendar,
  DEFAULT_WORK_CALENDAR,
  effectivePlan,
  PORTFOLIO_MAX_MILESTONES,
  PORTFOLIO_NEEDS_ENTERPRISE,
  PROJECT_SHIFTED_REASON,
  shiftTaskByWorkingDays,
  workingDaysMoved,
  type ShiftProjectInput,
  type Portfolio,
  type PortfolioProject,
  type WorkCalendar,
} from '@planline/domain';
import { readTask, taskIds, writeTask } from '@planline/document';
import { serverEdit, type ProjectDocuments } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { teamRole } from '../access/access.queries.js';
import { requireProjectAccess } from '../access/access.policy.js';
import { projectCalendarSettings } from '../schedule/schedule.queries.js';
import { findTeam } from '../teams/teams.queries.js';
import { TEAM_NOT_FOUND } from '../access/access.policy.js';
import { baselineFinishes, portfolioHeads, projectFigures, projectMilestones, type PortfolioProjectHead } from './portfolio.queries.js';

/** The project's working calendar (as stored, so always valid; the default one if it somehow is not). */
function calendarOf(head: PortfolioProjectHead): WorkCalendar {
  const made = createWorkCalendar({ workingWeekdays: head.workingWeekdays, holidays: head.holidays });
  return made.ok ? made.calendar : DEFAULT_WORK_CALENDAR;
}

/** Rows kept per project; past it the least recently computed go (each is a few hundred bytes). */
const MAX_KEPT_ROWS = 20_000;

/** What a kept row was computed from: a new task list version or a newer baseline makes it stale. */
const keyOf = (head: PortfolioProjectHead) => `${head.tasksVersion}|${head.baselineId ?? ''}|${head.name}|${head.status}|${head.workingWeekdays.join()}|${head.holidays.join()}`;

/**
 * Issue 40, the team's portfolio. Each project's row is computed from its tasks once per task list version (and
 * latest baseline), and kept: a team of 50 projects with 200,000 tasks reads one small query per request, and only
 * the projects that changed since are read again, together, in three queries.
 */
export class PortfolioService {
  private readonly kept = new Map<string, { key: string; row: PortfolioProject }>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async forTeam(userId: string, teamId: string): Promise<Portfolio> {
    const role = await teamRole(this.dataSource, userId, teamId);
    const heads = await portfolioHeads(this.dataSource, teamId, userId, role !== null);
    // Not a member and a guest of none of its projects: the team is not theirs to know of.
    if (!role && !heads.length) throw new AppError('not_found', TEAM_NOT_FOUND);
    await this.requireEnterprise(teamId);
    const stale = heads.filter((h) => this.kept.get(h.id)?.key !== keyOf(h));
    if (stale.length) await this.compute(stale);
    return { projects: heads.map((h) => this.kept.get(h.id)!.row) };
  }

  /** Enterprise, or a trial that has not ended (PRODUCT-SPEC's "advanced analytics"); else the 402 of every plan limit. */
  private async requireEnterprise(teamId: string): Promise<void> {
    const team = await findTeam(this.dataSource, teamId);
    const now = this.now();
    const trial = team.subscriptionStatus === 'trial' && team.trialEndsAt !== null && new Date(team.trialEndsAt).getTime() > now.getTime();
    if (trial || effectivePlan(team, now) === 'enterprise') return;
    throw new AppError('payment_required', PORTFOLIO_NEEDS_ENTERPRISE, { requiredPlan: 'enterprise', teamOwnerId: team.ownerId, requiresUpgrade: true });
  }

  private async compute(heads: readonly PortfolioProjectHead[]): Promise<void> {
    const ids = heads.map((h) => h.id);
    const [figures, milestones, finishes] = await Promise.all([
      projectFigures(this.dataSource, ids),
      projectMilestones(this.dataSource, ids, PORTFOLIO_MAX_MILESTONES),
      baselineFinishes(this.dataSource, heads.flatMap((h) => (h.baselineId ? [h.baselineId] : []))),
    ]);
    const figuresOf = new Map(figures.map((f) => [f.projectId, f]));
    const milestonesOf = new Map<string, PortfolioProject['milestones']>();
    for (const m of milestones) {
      const list = milestonesOf.get(m.projectId) ?? [];
      list.push({ id: m.id, name: m.name, date: m.date });
      milestonesOf.set(m.projectId, list);
    }
    for (const head of heads) {
      const f = figuresOf.get(head.id);
      const plannedEnd = head.baselineId ? finishes.get(head.baselineId) : null;
      const drift =
        f?.end && plannedEnd ? baselineDriftDays(f.end, plannedEnd, calendarOf(head)) : null;
      const row: PortfolioProject = {
        id: head.id,
        name: head.name,
        status: head.status,
        start: f?.start ?? null,
        end: f?.end ?? null,
        progress: f && f.weight > 0 ? Math.round(f.weightedProgress / f.weight) : 0,
        tasks: f?.tasks ?? 0,
        milestones: milestonesOf.get(head.id) ?? [],
        baselineDriftDays: drift,
        baselineName: head.baselineName,
      };
      this.kept.delete(head.id);
      this.kept.set(head.id, { key: keyOf(head), row });
    }
    while (this.kept.size > MAX_KEPT_ROWS) this.kept.delete(this.kept.keys().next().value!);
  }
}

/**
 * [project-shift] Issue 40: a whole project dragged on the portfolio. Every task moves by the same working days on
 * the project's calendar, keeping its working days, in ONE edit of the document (one transaction, each task's history
 * saying "Project shifted"), so links keep their lags and nothing cascades. The days are counted from the project's
 * first start as the document holds it when the edit runs, so a teammate's move a moment before is kept.
 */
export class ProjectShiftService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly documents: ProjectDocuments,
  ) {}

  async shift(userId: string, projectId: string, input: ShiftProjectInput): Promise<{ workingDays: number; tasks: number }> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    const made = createWorkCalendar(await projectCalendarSettings(this.dataSource, projectId));
    const calendar = made.ok ? made.calendar : DEFAULT_WORK_CALENDAR;
    let answer = { workingDays: 0, tasks: 0 };
    await this.documents.edit(projectId, serverEdit(userId, PROJECT_SHIFTED_REASON), (doc) => {
      const tasks = taskIds(doc).flatMap((id) => {
        const task = readTask(doc, id);
        return task && typeof task.startDate === 'string' && typeof task.endDate === 'string'
          ? [{ id, startDate: task.startDate, endDate: task.endDate, kind: task.kind === 'milestone' ? ('milestone' as const) : ('task' as const) }]
          : [];
      });
      if (!tasks.length) throw new AppError('conflict', 'This project has no tasks to shift');
      const first = tasks.reduce((min, t) => (t.startDate < min ? t.startDate : min), tasks[0]!.startDate);
      const workingDays = workingDaysMoved(first, input.startDate, calendar);
      if (Math.abs(workingDays) > MAX_SHIFT_WORKING_DAYS) throw new AppError('bad_request', `A project can be shifted by at most ${MAX_SHIFT_WORKING_DAYS} working days at once`);
      for (const task of workingDays ? tasks : []) writeTask(doc, task.id, shiftTaskByWorkingDays(task, workingDays, calendar));
      answer = { workingDays, tasks: workingDays ? tasks.length : 0 };
    });
    return answer;
  }
}

/** About ten years of working days: a drag farther than that is a slip of the hand, or a script gone wrong. */
const MAX_SHIFT_WORKING_DAYS = 2600;
