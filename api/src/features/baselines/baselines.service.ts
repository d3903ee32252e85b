import { randomUUID } from 'node:crypto';
import { TeamEntity } from '@planline/db';
import { checkBaselineLimit, type Baseline, type BaselineSummary, type CreateBaselineInput } from '@planline/domain';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { PROJECT_NOT_FOUND, requireProjectAccess, teamPlan } from '../access/access.policy.js';
import { BASELINE_NOT_FOUND, requireBaselineEditor, requireRoomForBaseline } from './baselines.policy.js';
import { presentBaseline, presentBaselineSummary } from './baselines.presenter.js';
import {
  baselineCount,
  baselineLinks,
  baselineSummaries,
  baselineSummary,
  baselineTasks,
  deleteBaseline,
  insertBaselineSnapshot,
  lockProjectRow,
  setBaselineDates,
} from './baselines.queries.js';

/**
 * [baselines] Named snapshots of a project's stored plan (issue 19): everyone who can open the project reads them,
 * its team saves and deletes them, up to the plan's limit per project.
 */
export class BaselinesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(userId: string, projectId: string): Promise<BaselineSummary[]> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    return (await baselineSummaries(this.dataSource, projectId)).map(presentBaselineSummary);
  }

  /** One baseline with its tasks and links; 404 for a baseline of another project, as for one that never was. */
  async get(userId: string, projectId: string, baselineId: string): Promise<Baseline> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    // One snapshot: a deletion between the reads cannot leave a summary without its tasks.
    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      const row = await baselineSummary(m, projectId, baselineId);
      if (!row) throw new AppError('not_found', BASELINE_NOT_FOUND);
      return presentBaseline(row, await baselineTasks(m, baselineId), await baselineLinks(m, baselineId));
    });
  }

  /**
   * [baseline-limit] Saves the stored tasks and links as they are now. The project's row is locked first, so
   * concurrent saves of one project are counted one after another (a Free project ends with exactly one). `dates`:
   * the tasks' dates to save instead of their stored ones (an imported file's baseline).
   */
  async create(
    userId: string,
    projectId: string,
    input: CreateBaselineInput,
    dates: readonly { taskId: string; startDate: string; endDate: string }[] = [],
  ): Promise<BaselineSummary> {
    const id = randomUUID();
    await this.dataSource.transaction(async (m) => {
      await requireBaselineEditor(m, userId, projectId);
      const project = await lockProjectRow(m, projectId);
      if (!project) throw new AppError('not_found', PROJECT_NOT_FOUND);
      const team = await m.getRepository(TeamEntity).findOneByOrFail({ id: project.teamId });
      requireRoomForBaseline(checkBaselineLimit(teamPlan(team, this.now()), await baselineCount(m, projectId)), team);
      await insertBaselineSnapshot(m, { id, projectId, name: input.name, createdBy: userId });
      // An import's baseline has the file's dates, not today's plan (issue 37).
      await setBaselineDates(m, id, dates);
    });
    const row = await baselineSummary(this.dataSource, projectId, id);
    if (!row) throw new AppError('not_found', BASELINE_NOT_FOUND);
    return presentBaselineSummary(row);
  }

  async remove(userId: string, projectId: string, baselineId: string): Promise<void> {
    await requireBaselineEditor(this.dataSource, userId, projectId);
    if (!(await deleteBaseline(this.dataSource, projectId, baselineId))) throw new AppError('not_found', BASELINE_NOT_FOUND);
  }
}
