import {
  addDays,
  addMonths,
  baselineDriftDays,
  checkMspdiExport,
  createWorkCalendar,
  effectivePlan,
  EXPORT_CONTENT_TYPES,
  exportFileName,
  linkSummary,
  taskAssignments,
  treeOrder,
  withinTwoYears,
  type ExportOptions,
} from '@planline/domain';
import type { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { PROJECT_NOT_FOUND, requireProjectAccess, requireWithinLimit } from '../access/access.policy.js';
import { BASELINE_NOT_FOUND } from '../baselines/baselines.policy.js';
import { baselineSummary, baselineTasks } from '../baselines/baselines.queries.js';
import { projectCalendarSettings } from '../schedule/schedule.queries.js';
import { listTasks } from '../tasks/tasks.read.js';
import { findTeam } from '../teams/teams.queries.js';
import type { WorkloadService } from '../workload/workload.service.js';
import type { ExportBaseline, ExportBaselineTask, ExportData, ExportWorkload } from './export-data.js';
import { exportProject, usersByIds } from './export.queries.js';
import { activeFields } from '../custom-fields/custom-fields.queries.js';

/** The formats of POST /api/export/{format}/{projectId} (MS Project XML has its own GET route). */
export type FileFormat = Exclude<keyof typeof EXPORT_CONTENT_TYPES, 'mspdi'>;

export interface ExportFile {
  fileName: string;
  contentType: string;
  /** The workbook whole; the PDF as a stream, written page by page as it is read. */
  body: Buffer | Readable;
}

/** [export] A project as an Excel workbook or a PDF, for its members and guests (404 for anyone else). */
export class ExportService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly workload: WorkloadService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async export(userId: string, projectId: string, format: FileFormat, options: ExportOptions): Promise<ExportFile> {
    const access = await requireProjectAccess(this.dataSource, userId, projectId);
    const data = await this.read(projectId, options.baselineId ?? null);
    if (format === 'excel' && options.includeWorkload) {
      // The team's people and their hours are the team's: a guest of one project sees none of them (docs/security.md).
      if (access.access === 'guest') throw new AppError('forbidden', 'The workload sheet is for members of the team');
      data.workload = await this.readWorkload(userId, access.teamId, data);
    }
    // Each writer (exceljs; pdfkit, fontkit and the fonts) is loaded on its format's first export, not at start.
    const body =
      format === 'excel'
        ? await (await import('./excel-export.js')).buildWorkbook(data, options)
        : await (await import('./pdf-export.js')).pdfStream(data, options);
    return { fileName: exportFileName(data.project.code, data.today, format), contentType: EXPORT_CONTENT_TYPES[format], body };
  }

  /**
   * [export-mspdi] The project as MS Project XML, for its members and guests (404 for anyone else), with the chosen
   * baseline as baseline 0. Pro's ("all export formats"): a Free team gets the 402 with the upgrade.
   */
  async exportMspdi(userId: string, projectId: string, baselineId: string | null): Promise<ExportFile> {
    const access = await requireProjectAccess(this.dataSource, userId, projectId);
    const team = await findTeam(this.dataSource, access.teamId);
    requireWithinLimit(checkMspdiExport(effectivePlan(team, this.now())), team);
    const data = await this.read(projectId, baselineId);
    const calendar = createWorkCalendar(await projectCalendarSettings(this.dataSource, projectId));
    if (!calendar.ok) throw new Error(`Project ${projectId} has an invalid calendar: ${calendar.reason}`);
    const { writeMspdi } = await import('../interchange/mspdi-write.js');
    const body = Buffer.from(writeMspdi({ data, calendar: calendar.calendar, people: data.people ?? [] }), 'utf8');
    return { fileName: exportFileName(data.project.code, data.today, 'mspdi'), contentType: EXPORT_CONTENT_TYPES.mspdi, body };
  }

  /**
   * The project, its tasks in timeline order (subtasks under their summary), the names their ids stand for, and
   * the chosen baseline's dates.
   */
  private async read(projectId: string, baselineId: string | null): Promise<ExportData> {
    const project = await exportProject(this.dataSource, projectId);
    if (!project) throw new AppError('not_found', PROJECT_NOT_FOUND);
    const baseline = baselineId ? await this.readBaseline(projectId, baselineId) : null;
    const tasks = await listTasks(this.dataSource, projectId);
    const userIds = [...new Set(tasks.flatMap((t) => [...t.assigneeIds, ...(t.assigneeId ? [t.assigneeId] : [])]))];
    const users = await usersByIds(this.dataSource, userIds);
    const personName = new Map(users.map((u) => [u.id, `${u.first_name} ${u.last_name}`.trim() || u.email]));
    const taskName = new Map(tasks.map((t) => [t.id, t.name]));
    return {
      project: {
        name: project.name,
        code: project.project_code,
        status: project.status,
        description: project.description,
        startDate: project.start_date,
        endDate: project.end_date,
      },
      today: this.now().toISOString().slice(0, 10),
      people: users.map((u) => ({ id: u.id, name: personName.get(u.id)!, email: u.email })),
      customFields: (await activeFields(this.dataSource, projectId)).map(({ id, name, type, options }) => ({ id, name, type, options })),
      ...(baseline ? { baseline: baseline.about } : {}),
      tasks: treeOrder(tasks).map(({ task: t, depth, subtasks }) => {
        const ids = t.assigneeId ? [t.assigneeId, ...t.assigneeIds.filter((id) => id !== t.assigneeId)] : t.assigneeIds;
        return {
          id: t.id,
          name: t.name,
          description: t.description,
          status: t.status,
          priority: t.priority,
          startDate: t.startDate,
          endDate: t.endDate,
          progress: t.progress,
          color: t.color,
          order: t.order,
          kind: t.kind,
          parent: t.parentId ? (taskName.get(t.parentId) ?? null) : null,
          depth,
          summary: subtasks > 0,
          dependsOn: t.links.map((link) => linkSummary(taskName.get(link.dependsOnTaskId) ?? link.dependsOnTaskId, link)),
          links: t.links.map(({ dependsOnTaskId, type, lagDays }) => ({ dependsOnId: dependsOnTaskId, type, lagDays })),
          assignee: t.assigneeId ? (personName.get(t.assigneeId) ?? null) : null,
          assignees: ids.map((id) => personName.get(id)).filter((n): n is string => !!n),
          assignments: taskAssignments(ids, t.allocations ?? {}).sort((a, b) => ids.indexOf(a.userId) - ids.indexOf(b.userId)),
          ...(baseline ? { baseline: baseline.dates(t.id, t.endDate) } : {}),
          custom: t.custom,
        };
      }),
    };
  }

  /**
   * [export-workload] The team's workload by week over the project's tasks' dates (at most two years from the first),
   * as the workload view shows it to this person: Pro's, a 402 on the Free plan.
   */
  private async readWorkload(userId: string, teamId: string, data: ExportData): Promise<ExportWorkload | null> {
    const dated = data.tasks.filter((t) => !t.summary);
    if (!dated.length) return { weeks: [], people: [] };
    const from = dated.reduce((min, t) => (t.startDate < min ? t.startDate : min), dated[0]!.startDate);
    const last = dated.reduce((max, t) => (t.endDate > max ? t.endDate : max), dated[0]!.endDate);
    const to = withinTwoYears(from, last) ? last : addDays(addMonths(from, 24), -1);
    const result = await this.workload.workloadFor(userId, teamId, { from, to, scale: 'week' });
    return {
      weeks: result.unassigned.buckets.map((b) => ({ start: b.start, end: b.end })),
      people: [...result.people, result.unassigned].map((p) => ({
        name: p.name,
        cells: p.buckets.map((b) => ({ allocatedHours: b.allocatedHours, capacityHours: b.capacityHours })),
      })),
    };
  }

  /**
   * [export-baseline] One of this project's baselines (404 for another project's, as in the baselines routes), and
   * each task's dates in it with the drift of its end in the project's working days.
   */
  private async readBaseline(
    projectId: string,
    baselineId: string,
  ): Promise<{ about: ExportBaseline; dates: (taskId: string, endDate: string) => ExportBaselineTask | null }> {
    const row = await baselineSummary(this.dataSource, projectId, baselineId);
    if (!row) throw new AppError('not_found', BASELINE_NOT_FOUND);
    const saved = new Map((await baselineTasks(this.dataSource, baselineId)).map((t) => [t.task_id, t]));
    const calendar = createWorkCalendar(await projectCalendarSettings(this.dataSource, projectId));
    if (!calendar.ok) throw new Error(`Project ${projectId} has an invalid calendar: ${calendar.reason}`);
    return {
      about: { name: row.name, savedOn: new Date(row.created_at).toISOString().slice(0, 10) },
      dates: (taskId, endDate) => {
        const task = saved.get(taskId);
        if (!task) return null;
        return { startDate: task.start_date, endDate: task.end_date, driftDays: baselineDriftDays(endDate, task.end_date, calendar.calendar) };
      },
    };
  }
}
