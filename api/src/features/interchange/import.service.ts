import {
  createWorkCalendar,
  MAX_HOLIDAYS,
  MAX_TASKS_PER_PROJECT,
  taskFieldSchemas,
  type ImportField,
  type ImportFormat,
  type ImportMode,
  type ImportSummary,
} from '@planline/domain';
import type { UserEntity } from '@planline/db';
import { readTaskField, tasksMap } from '@planline/document';
import { serverEdit, type ProjectDocuments } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { collectGarbage } from '../../runtime/collect-garbage.js';
import { requireProjectAccess } from '../access/access.policy.js';
import type { BaselinesService } from '../baselines/baselines.service.js';
import { projectPeople } from '../projects/projects.queries.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { projectCalendarSettings } from '../schedule/schedule.queries.js';
import { databaseNow } from '../time-travel/time-travel.queries.js';
import { checkImport, writeImport, type CheckedImport } from './import-plan.js';
import type { TakeBytes } from './read-options.js';
import { readPlan } from './readers.js';

export const IMPORT_EDITORS_ONLY = "Only members of the project's team can import into it";
export const IMPORTED_BASELINE = 'Imported baseline';
/** Past this many tasks an import's read leaves tens of megabytes of garbage (collectGarbage). */
const COLLECT_AFTER_TASKS = 1000;

/** The history reason of every task an import writes (issue 37). */
export const importedReason = (fileName: string) => `Imported from «${fileName}»`;

export interface ImportRequest {
  format: ImportFormat;
  mode: ImportMode;
  preview: boolean;
  fileName: string;
  columns?: Partial<Record<ImportField, string>>;
  locale?: string;
}

/**
 * [import] POST /api/projects/{projectId}/import (issue 37): a file read into an ImportedPlan (readers.ts), checked
 * against the project and its people (import-plan.ts), previewed, and on confirmation committed as ONE transaction
 * of the project's document through the write path: every task's history "Imported from «file»", live in every open
 * chart as any edit is. Nothing is written while the plan has an error; the file's calendar is taken into the
 * project's settings when it replaces the tasks or the project has none; its baseline is saved as "Imported
 * baseline" once the tasks are stored.
 */
export class ImportService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly documents: ProjectDocuments,
    private readonly projects: ProjectsService,
    private readonly baselines: BaselinesService,
  ) {}

  /** The team's members import; a guest of the project (who works on its tasks only) gets 403, anyone else 404. */
  async authorize(userId: string, projectId: string): Promise<void> {
    const access = await requireProjectAccess(this.dataSource, userId, projectId);
    if (access.access !== 'team') throw new AppError('forbidden', IMPORT_EDITORS_ONLY);
  }

  async import(user: UserEntity, projectId: string, request: ImportRequest, file: TakeBytes): Promise<ImportSummary> {
    await this.authorize(user.id, projectId);
    const { checked, takeCalendar, baseline } = await this.check(projectId, request, file);
    if (request.preview) return checked.summary;
    if (!checked.built) {
      const n = checked.summary.errors.length;
      throw new AppError('unprocessable', `The file has ${n} error${n === 1 ? '' : 's'}; nothing was imported. Correct ${n === 1 ? 'it' : 'them'} and import again.`, {
        summary: checked.summary,
      });
    }
    // The read's garbage of a large file goes before the document phase allocates its own (the server's peak
    // memory, issue 37); a small one is not worth holding the event loop for a full collection.
    if (checked.built.tasks.length > COLLECT_AFTER_TASKS) collectGarbage();
    return this.commit(user, projectId, request, checked, takeCalendar, baseline);
  }

  /**
   * The file read and checked against the project. The plan read from it stays in here: the commit keeps only what
   * the check built, its baseline and whether to take its calendar (issue 37: the server's peak memory).
   */
  private async check(projectId: string, request: ImportRequest, file: TakeBytes) {
    const settings = await projectCalendarSettings(this.dataSource, projectId);
    const calendar = createWorkCalendar(settings);
    if (!calendar.ok) throw new Error(`Project ${projectId} has an invalid calendar: ${calendar.reason}`);
    const plan = await readPlan(file, request.format, {
      fileName: request.fileName,
      columns: request.columns,
      locale: request.locale,
      calendar: calendar.calendar,
    });
    const people = (await projectPeople(this.dataSource, projectId, 'all')).map((p) => ({ id: p.id, email: p.email, firstName: p.first_name, lastName: p.last_name }));
    const state = await this.documents.read(projectId, projectState);
    const checked = checkImport(plan, people, { mode: request.mode, ...state, calendar: settings, maxTasks: MAX_TASKS_PER_PROJECT });
    return { checked, takeCalendar: plan.calendar !== null && (request.mode === 'replace' || state.existingTasks === 0), baseline: plan.baseline };
  }

  private async commit(
    user: UserEntity,
    projectId: string,
    request: ImportRequest,
    checked: CheckedImport,
    takeCalendar: boolean,
    baseline: Parameters<typeof baselineDates>[0],
  ): Promise<ImportSummary> {
    const built = checked.built!;
    // Undoing the import is restoring the plan to this instant (as undoing a restore is).
    const undoAt = await databaseNow(this.dataSource);
    const warnings = [...checked.summary.warnings];
    const fileCalendar = checked.calendarDiffers && takeCalendar ? checked.calendar : null;
    const keepTasks = request.mode === 'replace';
    let calendarBefore: { workingWeekdays: number[]; holidays: string[] } | null = null;
    if (fileCalendar) {
      if (fileCalendar.holidays.length > MAX_HOLIDAYS) {
        warnings.push({ row: null, message: `The file's calendar has more than ${MAX_HOLIDAYS.toLocaleString('en-US')} holidays; the project keeps its own calendar.` });
      } else {
        // Before the tasks, so that the document schedules them on the file's working days. Tasks being replaced
        // are not moved by the file's holidays first: their history ends with the import, not a calendar change.
        const settings = await projectCalendarSettings(this.dataSource, projectId);
        calendarBefore = { workingWeekdays: settings.workingWeekdays, holidays: settings.holidays };
        await this.projects.update(user, projectId, { workingWeekdays: fileCalendar.workingWeekdays, holidays: fileCalendar.holidays }, { keepTasks });
      }
    }
    const reason = importedReason(request.fileName);
    const reasons = new Map(built.tasks.map((t) => [t.id, reason]));
    // A refused edit (a teammate filled the project since the check) leaves the project as it was: its calendar too.
    const edit = this.documents.edit(projectId, serverEdit(user.id, reason, reasons), (doc) => {
      // Checked again in the transaction: a teammate may have added tasks since the check.
      const count = (request.mode === 'replace' ? 0 : tasksMap(doc).size) + built.tasks.length;
      if (count > MAX_TASKS_PER_PROJECT) {
        throw new AppError('conflict', `A project can hold at most ${MAX_TASKS_PER_PROJECT.toLocaleString('en-US')} tasks; with this file it would hold ${count.toLocaleString('en-US')}. Nothing was imported.`);
      }
      writeImport(doc, built, request.mode);
    });
    await edit.catch(async (err: unknown) => {
      if (calendarBefore) await this.projects.update(user, projectId, calendarBefore, { keepTasks });
      throw err;
    });
    const dates = baselineDates(baseline, built.idByKey);
    let baselineId: string | null = null;
    if (dates.length) {
      try {
        baselineId = (await this.baselines.create(user.id, projectId, { name: IMPORTED_BASELINE }, dates)).id;
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        warnings.push({ row: null, message: `The file's baseline was not saved: ${err.message}` });
      }
    }
    const importedAt = await databaseNow(this.dataSource);
    const calendar = calendarBefore && fileCalendar ? { before: calendarBefore, after: { workingWeekdays: fileCalendar.workingWeekdays, holidays: fileCalendar.holidays } } : null;
    const undo = { at: undoAt.toISOString(), keepEditsAfter: importedAt.toISOString(), calendar, baselineId };
    return { ...checked.summary, warnings, undoAt: undoAt.toISOString(), importedAt: importedAt.toISOString(), undo };
  }
}

/** How many tasks the project's document holds and the last of their orders. */
function projectState(doc: import('yjs').Doc): { existingTasks: number; lastOrder: number } {
  let lastOrder = -1;
  for (const id of tasksMap(doc).keys()) {
    const order = Number(readTaskField(doc, id, 'order') ?? 0);
    if (Number.isFinite(order) && order > lastOrder) lastOrder = order;
  }
  return { existingTasks: tasksMap(doc).size, lastOrder };
}

const isDate = (value: string) => taskFieldSchemas.startDate.safeParse(value).success;

/** The file's baseline dates of the tasks stored, by their new ids (a date that does not parse is left out). */
function baselineDates(baseline: { tasks: { key: string; startDate: string; endDate: string }[] } | null, idByKey: ReadonlyMap<string, string>) {
  if (!baseline) return [];
  return baseline.tasks.flatMap((t) => {
    const taskId = idByKey.get(t.key);
    return taskId && isDate(t.startDate) && isDate(t.endDate) && t.startDate <= t.endDate ? [{ taskId, startDate: t.startDate, endDate: t.endDate }] : [];
  });
}
