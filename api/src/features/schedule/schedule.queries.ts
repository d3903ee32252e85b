import type { ScheduleLink, ScheduleTask, WorkCalendarSettings } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';

/** The schedule's SQL: the persisted tasks and links of one project and its calendar, as the engine reads them. */

export async function projectCalendarSettings(sql: Sql, projectId: string): Promise<WorkCalendarSettings> {
  // ::text[] so both drivers return 'yyyy-MM-dd' strings (node-postgres would parse date[] into local-time Dates).
  const rows: { working_weekdays: number[]; holidays: string[] }[] = await sql.query(
    `SELECT working_weekdays, holidays::text[] AS holidays FROM projects WHERE id = $1`,
    [projectId],
  );
  return { workingWeekdays: rows[0]!.working_weekdays, holidays: rows[0]!.holidays };
}

export async function scheduleTasks(sql: Sql, projectId: string): Promise<ScheduleTask[]> {
  const rows: { id: string; name: string; start_date: string; end_date: string; progress: number; kind: ScheduleTask['kind']; parent_id: string | null }[] =
    await sql.query(
      `SELECT id, name, start_date::text AS start_date, end_date::text AS end_date, progress, kind, parent_id FROM tasks WHERE project_id = $1`,
      [projectId],
    );
  return rows.map((r) => ({ id: r.id, name: r.name, startDate: r.start_date, endDate: r.end_date, progress: r.progress, kind: r.kind, parentId: r.parent_id }));
}

export async function scheduleLinks(sql: Sql, projectId: string): Promise<ScheduleLink[]> {
  const rows: { task_id: string; depends_on_task_id: string; type: ScheduleLink['type']; lag_days: number }[] = await sql.query(
    `SELECT d.task_id, d.depends_on_task_id, d.type, d.lag_days
       FROM task_dependencies d JOIN tasks t ON t.id = d.task_id
      WHERE t.project_id = $1`,
    [projectId],
  );
  return rows.map((r) => ({ taskId: r.task_id, dependsOnTaskId: r.depends_on_task_id, type: r.type, lagDays: r.lag_days }));
}
