import Router from '@koa/router';
import { importUndoSchema, type ImportUndoInput, type ImportUndoResult } from '@planline/domain';
import type { UserEntity } from '@planline/db';
import type { WriteBudgets } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { uuidParams } from '../../middleware/params.js';
import { validate } from '../../middleware/validate.js';
import { spendWrite } from '../../middleware/write-budget.js';
import { PROJECT_NOT_FOUND } from '../access/access.policy.js';
import type { BaselinesService } from '../baselines/baselines.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { projectCalendarSettings } from '../schedule/schedule.queries.js';
import type { TimeTravelService } from '../time-travel/time-travel.service.js';
import { sameCalendar } from './import-plan.js';
import type { ImportService } from './import.service.js';

/**
 * [import-undo] POST /api/projects/{projectId}/import/undo (issue 37): the success toast's "Undo import" with the
 * import answer's `undo`. The tasks go back as a restore to the instant before the import (a teammate's edit since
 * stays); the project's calendar goes back to the one the import found, unless someone changed it since (theirs
 * stays), without moving any task (they are restored to dates drawn on that calendar); and the "Imported baseline"
 * the import saved is removed (already gone is fine). Who may import may undo; each step checks its own rights.
 */
export class ImportUndoService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly imports: ImportService,
    private readonly timeTravel: TimeTravelService,
    private readonly projects: ProjectsService,
    private readonly baselines: BaselinesService,
  ) {}

  async undo(user: UserEntity, projectId: string, input: ImportUndoInput): Promise<ImportUndoResult> {
    await this.imports.authorize(user.id, projectId);
    // The calendar first, as the import set it before its tasks: the restored tasks are then scheduled (the restore's
    // cascade) on the calendar they were planned on, not on the file's. Put back if the restore is refused.
    const calendar = input.calendar && sameCalendar(await projectCalendarSettings(this.dataSource, projectId), input.calendar.after) ? input.calendar : null;
    if (calendar) await this.projects.update(user, projectId, calendar.before, { keepTasks: true });
    const restored = this.timeTravel.restore(user.id, projectId, { at: input.at, keepEditsAfter: input.keepEditsAfter });
    const { undoAt } = await restored.catch(async (err: unknown) => {
      if (calendar) await this.projects.update(user, projectId, calendar.after, { keepTasks: true });
      throw err;
    });
    const calendarRestored = calendar !== null;
    let baselineRemoved = false;
    if (input.baselineId) {
      try {
        await this.baselines.remove(user.id, projectId, input.baselineId);
        baselineRemoved = true;
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'not_found') throw err;
      }
    }
    return { undoAt, calendarRestored, baselineRemoved };
  }
}

export function importUndoRoutes(undos: ImportUndoService, budgets: WriteBudgets): Router {
  const router = new Router({ prefix: '/api' });
  router.post('/projects/:projectId/import/undo', requireAuth, uuidParams({ projectId: PROJECT_NOT_FOUND }), validate('body', importUndoSchema), spendWrite(budgets), async (ctx) => {
    ctx.body = await undos.undo(currentUser(ctx.state), ctx.params.projectId!, ctx.state.body as ImportUndoInput);
  });
  return router;
}
