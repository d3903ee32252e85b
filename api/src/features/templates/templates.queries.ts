import { randomUUID } from 'node:crypto';
import { templateTaskSchema, type PlanLinkForTemplate, type PlanTaskForTemplate, type TaskPriority, type TemplateTask } from '@planline/domain';
import type { EntityManager } from 'typeorm';
import type { Sql } from '../access/access.queries.js';
import { scheduleLinks } from '../schedule/schedule.queries.js';

/** The templates' SQL: saved templates and their tasks, what a person may see, and the usage counts. */

/** What a template row keeps besides its tasks, so the gallery needs no task rows (template_data). */
export interface TemplateFigures {
  taskCount: number;
  phaseCount: number;
  milestoneCount: number;
  durationDays: number;
}

export interface TemplateRow {
  id: string;
  name: string;
  description: string | null;
  category: string | null;
  isPublic: boolean;
  builtIn: boolean;
  teamId: string | null;
  teamName: string | null;
  createdBy: string | null;
  usageCount: number;
  figures: TemplateFigures | null;
}

interface RawTemplateRow {
  id: string;
  name: string;
  description: string | null;
  category: string | null;
  is_public: boolean;
  built_in: boolean;
  team_id: string | null;
  team_name: string | null;
  created_by: string | null;
  usage_count: number;
  template_data: unknown;
}

const SELECT_TEMPLATE = `
  SELECT pt.id, pt.name, pt.description, pt.category, pt.is_public, pt.built_in, pt.team_id, t.name AS team_name,
         pt.created_by, pt.usage_count, pt.template_data
    FROM project_templates pt LEFT JOIN teams t ON t.id = pt.team_id`;

function figuresOf(data: unknown): TemplateFigures | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Partial<Record<keyof TemplateFigures, unknown>>;
  const n = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : 0);
  return { taskCount: n(d.taskCount), phaseCount: n(d.phaseCount), milestoneCount: n(d.milestoneCount), durationDays: n(d.durationDays) };
}

const toRow = (r: RawTemplateRow): TemplateRow => ({
  id: r.id,
  name: r.name,
  description: r.description,
  category: r.category,
  isPublic: r.is_public,
  builtIn: r.built_in,
  teamId: r.team_id,
  teamName: r.team_name,
  createdBy: r.created_by,
  usageCount: Number(r.usage_count),
  figures: figuresOf(r.template_data),
});

/** The most public templates of other teams the gallery lists, the most used first. */
const PUBLIC_TEMPLATES_LISTED = 200;

/** Saved templates a person sees: their teams' (public or not) and public ones of any team. */
export async function visibleTemplates(sql: Sql, userId: string): Promise<TemplateRow[]> {
  const own: RawTemplateRow[] = await sql.query(
    `${SELECT_TEMPLATE}
      WHERE NOT pt.built_in AND pt.team_id IN (SELECT team_id FROM team_members WHERE user_id = $1)
      ORDER BY pt.created_at DESC, pt.id`,
    [userId],
  );
  const others: RawTemplateRow[] = await sql.query(
    `${SELECT_TEMPLATE}
      WHERE NOT pt.built_in AND pt.is_public
        AND (pt.team_id IS NULL OR pt.team_id NOT IN (SELECT team_id FROM team_members WHERE user_id = $1))
      ORDER BY pt.usage_count DESC, pt.created_at DESC, pt.id
      LIMIT ${PUBLIC_TEMPLATES_LISTED}`,
    [userId],
  );
  // Another team's name is not told to outsiders: a public template shows what it is, not whose it is.
  return [...own.map(toRow), ...others.map((r) => ({ ...toRow(r), teamName: null }))];
}

/** One saved template, if the person may see it (their team's or public); null otherwise. */
export async function visibleTemplate(sql: Sql, userId: string, templateId: string): Promise<TemplateRow | null> {
  const rows: RawTemplateRow[] = await sql.query(
    `${SELECT_TEMPLATE}
      WHERE pt.id = $1 AND NOT pt.built_in
        AND (pt.is_public OR pt.team_id IN (SELECT team_id FROM team_members WHERE user_id = $2))`,
    [templateId, userId],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** How many projects were made from each built-in template (absent: none yet). */
export async function builtInUsage(sql: Sql): Promise<Map<string, number>> {
  const rows: { id: string; usage_count: number }[] = await sql.query(`SELECT id, usage_count FROM project_templates WHERE built_in`);
  return new Map(rows.map((r) => [r.id, Number(r.usage_count)]));
}

export async function templateTasks(sql: Sql, templateId: string): Promise<TemplateTask[]> {
  const rows: {
    key: string | null;
    name: string;
    description: string | null;
    kind: string;
    parent_key: string | null;
    estimated_duration: number | null;
    priority: TaskPriority;
    links: unknown;
    depends_on: string[];
    order: number;
  }[] = await sql.query(
    `SELECT key, name, description, kind, parent_key, estimated_duration, priority, links, depends_on, "order"
       FROM template_tasks WHERE template_id = $1 ORDER BY "order", id`,
    [templateId],
  );
  // Rows written before keys existed (none are made by this feature) are named by their order.
  return rows.map((r, i) =>
    templateTaskSchema.parse({
      key: r.key ?? `row${i + 1}`,
      name: r.name,
      description: r.description,
      kind: r.kind,
      parentKey: r.parent_key,
      durationDays: r.kind === 'phase' ? null : r.kind === 'milestone' ? 0 : Math.max(1, r.estimated_duration ?? 1),
      priority: r.priority,
      links: Array.isArray(r.links) && r.links.length ? r.links : r.depends_on.map((dependsOn) => ({ dependsOn, type: 'FS', lagDays: 0 })),
    }),
  );
}

export interface NewTemplate {
  name: string;
  description: string | null;
  category: string;
  isPublic: boolean;
  teamId: string;
  createdBy: string;
  figures: TemplateFigures;
  tasks: readonly TemplateTask[];
}

/** Inserts a template and its tasks (inside the caller's transaction); answers its id. */
export async function insertTemplate(m: EntityManager, template: NewTemplate): Promise<string> {
  const id = randomUUID();
  await m.query(
    `INSERT INTO project_templates (id, name, description, category, is_public, team_id, created_by, template_data)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, template.name, template.description, template.category, template.isPublic, template.teamId, template.createdBy, JSON.stringify(template.figures)],
  );
  const names = new Map(template.tasks.map((t) => [t.key, t.name]));
  // Some hundred rows a statement keeps each under the drivers' parameter limits.
  const PER_STATEMENT = 200;
  for (let from = 0; from < template.tasks.length; from += PER_STATEMENT) {
    const slice = template.tasks.slice(from, from + PER_STATEMENT);
    const params: unknown[] = [];
    const values = slice.map((t, i) => {
      params.push(
        randomUUID(),
        id,
        t.key,
        t.name,
        t.description,
        t.kind,
        t.parentKey,
        t.parentKey ? (names.get(t.parentKey) ?? null) : null,
        t.durationDays,
        t.priority,
        t.links.map((l) => l.dependsOn),
        JSON.stringify(t.links),
        from + i,
      );
      const b = i * 13;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8}, $${b + 9}, $${b + 10}, $${b + 11}::text[], $${b + 12}::jsonb, $${b + 13})`;
    });
    await m.query(
      `INSERT INTO template_tasks (id, template_id, key, name, description, kind, parent_key, phase, estimated_duration, priority, depends_on, links, "order")
       VALUES ${values.join(', ')}`,
      params,
    );
  }
  return id;
}

/** One more project made from a template; a built-in's counting row is made on its first use. Atomic either way. */
export async function countUse(sql: Sql, template: { id: string; name: string; builtIn: boolean }): Promise<void> {
  if (template.builtIn) {
    await sql.query(
      `INSERT INTO project_templates (id, name, built_in, usage_count) VALUES ($1, $2, true, 1)
       ON CONFLICT (id) DO UPDATE SET usage_count = project_templates.usage_count + 1`,
      [template.id, template.name],
    );
  } else {
    await sql.query(`UPDATE project_templates SET usage_count = usage_count + 1 WHERE id = $1`, [template.id]);
  }
}

export async function deleteTemplate(sql: Sql, templateId: string): Promise<void> {
  await sql.query(`DELETE FROM project_templates WHERE id = $1`, [templateId]);
}

/** A project's tasks and links as "Save as template" reads them. */
export async function planForTemplate(sql: Sql, projectId: string): Promise<{ tasks: PlanTaskForTemplate[]; links: PlanLinkForTemplate[] }> {
  const tasks: {
    id: string;
    name: string;
    description: string | null;
    start_date: string;
    end_date: string;
    kind: 'task' | 'milestone';
    parent_id: string | null;
    priority: TaskPriority;
    order: number;
  }[] = await sql.query(
    `SELECT id, name, description, start_date::text AS start_date, end_date::text AS end_date, kind, parent_id, priority, "order"
       FROM tasks WHERE project_id = $1`,
    [projectId],
  );
  return {
    tasks: tasks.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      startDate: r.start_date,
      endDate: r.end_date,
      kind: r.kind,
      parentId: r.parent_id,
      priority: r.priority,
      order: Number(r.order),
    })),
    links: await scheduleLinks(sql, projectId),
  };
}

/** A project that could not be filled from its template goes, with anything that hangs on it. */
export async function deleteProject(sql: Sql, projectId: string): Promise<void> {
  await sql.query(`DELETE FROM projects WHERE id = $1`, [projectId]);
}
