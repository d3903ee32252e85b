import { AppError } from '../../errors.js';
import type { Sql } from '../access/access.queries.js';
import { requireProjectAccess } from '../access/access.policy.js';
import { taskProjectId } from './tasks.read.js';

export const TASK_NOT_FOUND = 'Task not found';

/** The project of a task the user may work on (its project's members and guests), or 404: outsiders learn nothing. */
export async function requireTaskAccess(sql: Sql, userId: string, taskId: string): Promise<string> {
  const projectId = await taskProjectId(sql, taskId);
  if (!projectId) throw new AppError('not_found', TASK_NOT_FOUND);
  await requireProjectAccess(sql, userId, projectId).catch(() => {
    throw new AppError('not_found', TASK_NOT_FOUND);
  });
  return projectId;
}
