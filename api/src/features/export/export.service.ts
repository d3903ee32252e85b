import { EXPORT_CONTENT_TYPES, exportFileName, linkSummary, type ExportOptions } from '@planline/domain';
import type { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { PROJECT_NOT_FOUND, requireProjectAccess } from '../access/access.policy.js';
import { listTasks } from '../tasks/tasks.read.js';
import type { ExportData } from './export-data.js';
import { exportProject, usersByIds } from './export.queries.js';

export type FileFormat = keyof typeof EXPORT_CONTENT_TYPES;

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
    private readonly now: () => Date = () => new Date(),
  ) {}

  async export(userId: string, projectId: string, format: FileFormat, options: ExportOptions): Promise<ExportFile> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    const data = await this.read(projectId);
    // Each writer (exceljs; pdfkit, fontkit and the fonts) is loaded on its format's first export, not at start.
    const body =
      format === 'excel'
        ? await (await import('./excel-export.js')).buildWorkbook(data, options)
        : await (await import('./pdf-export.js')).pdfStream(data, options);
    return { fileName: exportFileName(data.project.code, data.today, format), contentType: EXPORT_CONTENT_TYPES[format], body };
  }

  /** The project, its tasks in timeline order, and the names their ids stand for. */
  private async read(projectId: string): Promise<ExportData> {
    const project = await exportProject(this.dataSource, projectId);
    if (!project) throw new AppError('not_found', PROJECT_NOT_FOUND);
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
      tasks: tasks.map((t) => {
        const ids = t.assigneeId ? [t.assigneeId, ...t.assigneeIds.filter((id) => id !== t.assigneeId)] : t.assigneeIds;
        return {
          name: t.name,
          description: t.description,
          status: t.status,
          priority: t.priority,
          startDate: t.startDate,
          endDate: t.endDate,
          progress: t.progress,
          color: t.color,
          order: t.order,
          dependsOn: t.links.map((link) => linkSummary(taskName.get(link.dependsOnTaskId) ?? link.dependsOnTaskId, link)),
          assignee: t.assigneeId ? (personName.get(t.assigneeId) ?? null) : null,
          assignees: ids.map((id) => personName.get(id)).filter((n): n is string => !!n),
        };
      }),
    };
  }
}
