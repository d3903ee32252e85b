import { randomUUID } from 'node:crypto';
import {
  BUILT_IN_TEMPLATES,
  builtInTemplate,
  createdFromTemplateReason,
  createWorkCalendar,
  DEFAULT_TEMPLATE_CATEGORY,
  DEFAULT_WORK_CALENDAR,
  layoutTemplate,
  MAX_TEMPLATE_DURATION_DAYS,
  MAX_TEMPLATE_TASKS,
  templateFromPlan,
  templateProblem,
  type CreateFromTemplateInput,
  type Project,
  type SaveAsTemplateInput,
  type TemplateGallery,
  type TemplateSummary,
  type TemplateTask,
  type WorkCalendar,
} from '@planline/domain';
import { addDependency, writeTask } from '@planline/document';
import { serverEdit, type ProjectDocuments } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { requireProjectEditor } from '../projects/projects.policy.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { projectCalendarSettings } from '../schedule/schedule.queries.js';
import {
  builtInUsage,
  countUse,
  deleteProject,
  deleteTemplate,
  insertTemplate,
  planForTemplate,
  templateTasks,
  visibleTemplate,
  visibleTemplates,
  type TemplateFigures,
  type TemplateRow,
} from './templates.queries.js';

export const TEMPLATE_NOT_FOUND = 'Template not found';
export const BUILT_IN_NOT_DELETABLE = 'Built-in templates cannot be deleted';
export const ONLY_CREATOR_DELETES = 'Only the person who saved this template can delete it';

/** A template ready to lay out: where it comes from, and its tasks. */
interface LoadedTemplate {
  id: string;
  name: string;
  builtIn: boolean;
  tasks: TemplateTask[];
}

/** Tasks, phases and milestones of a template, and its length when laid out on the default calendar. */
function figuresOf(tasks: readonly TemplateTask[], calendar: WorkCalendar = DEFAULT_WORK_CALENDAR): TemplateFigures {
  const laid = layoutTemplate(tasks, '2026-01-05', calendar);
  const days = laid.ok && laid.tasks.length
    ? calendar.workingDaysBetween(
        laid.tasks.reduce((min, t) => (t.startDate < min ? t.startDate : min), laid.tasks[0]!.startDate),
        laid.tasks.reduce((max, t) => (t.endDate > max ? t.endDate : max), laid.tasks[0]!.endDate),
      )
    : 0;
  const phases = new Set(tasks.flatMap((t) => (t.parentKey ? [t.parentKey] : [])));
  return {
    taskCount: tasks.filter((t) => !phases.has(t.key) && t.kind !== 'milestone').length,
    phaseCount: tasks.filter((t) => phases.has(t.key) || t.kind === 'phase').length,
    milestoneCount: tasks.filter((t) => t.kind === 'milestone' && !phases.has(t.key)).length,
    durationDays: days,
  };
}

const BUILT_IN_FIGURES = new Map(BUILT_IN_TEMPLATES.map((t) => [t.id, figuresOf(t.tasks)]));

function presentSaved(row: TemplateRow, userId: string): TemplateSummary {
  const figures = row.figures ?? { taskCount: 0, phaseCount: 0, milestoneCount: 0, durationDays: 0 };
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category || DEFAULT_TEMPLATE_CATEGORY,
    isPublic: row.isPublic,
    builtIn: false,
    teamId: row.teamId,
    teamName: row.teamName,
    mine: row.createdBy === userId,
    usageCount: row.usageCount,
    ...figures,
  };
}

/**
 * [templates] Project templates (issue 37): the gallery (the person's teams' templates, public ones of any team, and
 * the four built-ins), "Save as template" from a project, a new project from a template, and deleting one's own.
 * A project made from a template is created under the plan's project limit exactly as POST /api/projects creates
 * one, then filled with one edit of its document through the write path (each task's history: "Created from
 * template «name»"; one undo step for the person), and the template's usage counted.
 */
export class TemplatesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projects: ProjectsService,
    private readonly documents: ProjectDocuments,
  ) {}

  async gallery(userId: string): Promise<TemplateGallery> {
    const [saved, usage] = await Promise.all([visibleTemplates(this.dataSource, userId), builtInUsage(this.dataSource)]);
    const builtIns: TemplateSummary[] = BUILT_IN_TEMPLATES.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      category: t.category,
      isPublic: true,
      builtIn: true,
      teamId: null,
      teamName: null,
      mine: false,
      usageCount: usage.get(t.id) ?? 0,
      ...BUILT_IN_FIGURES.get(t.id)!,
    }));
    const byCategory = new Map<string, TemplateSummary[]>();
    for (const t of [...builtIns, ...saved.map((row) => presentSaved(row, userId))]) byCategory.set(t.category, [...(byCategory.get(t.category) ?? []), t]);
    return {
      categories: [...byCategory.keys()]
        .sort((a, b) => a.localeCompare(b, 'en'))
        .map((category) => ({ category, templates: byCategory.get(category)! })),
    };
  }

  /** POST /api/projects/{projectId}/save-as-template: team members only (a guest works on the plan, not on the team's templates). */
  async saveAsTemplate(userId: string, projectId: string, input: SaveAsTemplateInput): Promise<TemplateSummary> {
    const access = await requireProjectEditor(this.dataSource, userId, projectId);
    const { tasks: planTasks, links } = await planForTemplate(this.dataSource, projectId);
    if (!planTasks.length) throw new AppError('validation_failed', 'This project has no tasks yet: add some before saving it as a template');
    if (planTasks.length > MAX_TEMPLATE_TASKS) {
      throw new AppError(
        'validation_failed',
        `A template holds at most ${MAX_TEMPLATE_TASKS.toLocaleString('en-US')} tasks; this project has ${planTasks.length.toLocaleString('en-US')}. Save a smaller project as a template.`,
      );
    }
    const calendar = createWorkCalendar(await projectCalendarSettings(this.dataSource, projectId));
    if (!calendar.ok) throw new Error(`Project ${projectId} has an invalid calendar: ${calendar.reason}`);
    const tasks = templateFromPlan(planTasks, links, calendar.calendar);
    // Refused here, not stored: a template task past the schema's length would fail every later use of it.
    const tooLong = tasks.find((t) => t.durationDays !== null && t.durationDays > MAX_TEMPLATE_DURATION_DAYS);
    if (tooLong) {
      throw new AppError(
        'validation_failed',
        `«${tooLong.name}» lasts ${tooLong.durationDays!.toLocaleString('en-US')} working days; a template task lasts at most ${MAX_TEMPLATE_DURATION_DAYS}. Shorten it or split it into phases, then save the template again.`,
      );
    }
    const figures = figuresOf(tasks);
    const id = await this.dataSource.transaction((m) =>
      insertTemplate(m, {
        name: input.name,
        description: input.description || null,
        category: input.category,
        isPublic: input.isPublic,
        teamId: access.teamId,
        createdBy: userId,
        figures,
        tasks,
      }),
    );
    const row = await visibleTemplate(this.dataSource, userId, id);
    return presentSaved(row!, userId);
  }

  /**
   * POST /api/templates/{templateId}/projects: a new project of `teamId` (its members, within its plan's project
   * limit) with the template's tasks laid out from `startDate` on the project's working calendar.
   */
  async createProject(userId: string, templateId: string, input: CreateFromTemplateInput): Promise<Project> {
    const template = await this.load(userId, templateId);
    const problem = templateProblem(template.tasks);
    if (problem) throw new AppError('conflict', `The template «${template.name}» cannot be used: ${problem}`);
    if (!layoutTemplate(template.tasks, input.startDate, DEFAULT_WORK_CALENDAR).ok) {
      throw new AppError('conflict', `The template «${template.name}» cannot be used: its links form a cycle`);
    }
    const project = await this.projects.create(userId, { teamId: input.teamId, name: input.name, status: 'active' }, input.startDate);
    try {
      await this.fill(userId, project.id, template, input.startDate);
    } catch (err) {
      // Nothing half-made: a project that could not be filled goes (its document holds no edit of ours).
      await deleteProject(this.dataSource, project.id);
      throw err;
    }
    await countUse(this.dataSource, template);
    return project;
  }

  /** DELETE /api/templates/{templateId}: its creator only; built-ins never. Others who see it get 403, the rest 404. */
  async remove(userId: string, templateId: string): Promise<void> {
    if (builtInTemplate(templateId)) throw new AppError('forbidden', BUILT_IN_NOT_DELETABLE);
    const row = await visibleTemplate(this.dataSource, userId, templateId);
    if (!row) throw new AppError('not_found', TEMPLATE_NOT_FOUND);
    if (row.createdBy !== userId) throw new AppError('forbidden', ONLY_CREATOR_DELETES);
    await deleteTemplate(this.dataSource, templateId);
  }

  private async load(userId: string, templateId: string): Promise<LoadedTemplate> {
    const builtIn = builtInTemplate(templateId);
    if (builtIn) return { id: builtIn.id, name: builtIn.name, builtIn: true, tasks: builtIn.tasks };
    const row = await visibleTemplate(this.dataSource, userId, templateId);
    if (!row) throw new AppError('not_found', TEMPLATE_NOT_FOUND);
    return { id: row.id, name: row.name, builtIn: false, tasks: await templateTasks(this.dataSource, templateId) };
  }

  /** One edit of the new project's document: every task, its phase and its links, laid out on the project's calendar. */
  private async fill(userId: string, projectId: string, template: LoadedTemplate, startDate: string): Promise<void> {
    const calendar = createWorkCalendar(await projectCalendarSettings(this.dataSource, projectId));
    if (!calendar.ok) throw new Error(`Project ${projectId} has an invalid calendar: ${calendar.reason}`);
    const laid = layoutTemplate(template.tasks, startDate, calendar.calendar);
    if (!laid.ok) throw new AppError('conflict', `The template «${template.name}» cannot be used: its links form a cycle`);
    const ids = new Map(template.tasks.map((t) => [t.key, randomUUID()]));
    const byKey = new Map(template.tasks.map((t) => [t.key, t]));
    await this.documents.edit(projectId, serverEdit(userId, createdFromTemplateReason(template.name)), (doc) => {
      laid.tasks.forEach((placed, order) => {
        const task = byKey.get(placed.key)!;
        writeTask(doc, ids.get(placed.key)!, {
          name: task.name,
          description: task.description,
          startDate: placed.startDate,
          endDate: placed.endDate,
          priority: task.priority,
          kind: placed.kind,
          parentId: placed.parentKey ? ids.get(placed.parentKey)! : null,
          order,
        });
      });
      for (const task of template.tasks) {
        for (const link of task.links) addDependency(doc, ids.get(task.key)!, ids.get(link.dependsOn)!, { type: link.type, lagDays: link.lagDays });
      }
    });
  }
}
