import { createWorkCalendar, criticalPath, type ProjectSchedule } from '@planline/domain';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { requireProjectAccess } from '../access/access.policy.js';
import { projectCalendarSettings, scheduleLinks, scheduleTasks } from './schedule.queries.js';

export class ScheduleService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * [critical-path] The engine's critical path and total slack over the persisted tasks and links, in the
   * project's working calendar. Readable by everyone who can open the project, guests included.
   */
  async schedule(userId: string, projectId: string): Promise<ProjectSchedule> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    // One snapshot: tasks and links read in the same transaction, so a link never names a task the read missed.
    const { settings, tasks, links } = await this.dataSource.transaction('REPEATABLE READ', async (m) => ({
      settings: await projectCalendarSettings(m, projectId),
      tasks: await scheduleTasks(m, projectId),
      links: await scheduleLinks(m, projectId),
    }));
    const calendar = createWorkCalendar(settings);
    if (!calendar.ok) throw new Error(`Project ${projectId} has an invalid calendar: ${calendar.reason}`);
    const result = criticalPath(tasks, links, calendar.calendar);
    // The write path refuses cycles; a stored one is a bug in it, but the answer can still say what is wrong.
    if (!result.ok) throw new AppError('conflict', 'The task links form a cycle, so the schedule cannot be computed', { cycle: result.cycle });
    return {
      criticalTaskIds: result.criticalTaskIds,
      slackDays: Object.fromEntries(result.tasks.map((t) => [t.taskId, t.totalSlack])),
      projectStart: result.projectStart,
      projectEnd: result.projectFinish,
    };
  }
}
