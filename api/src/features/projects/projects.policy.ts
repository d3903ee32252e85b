import { canManageInvites } from '@planline/domain';
import { AppError } from '../../errors.js';
import type { ProjectAccess, Sql } from '../access/access.queries.js';
import { INVITE_MANAGERS_ONLY, requireProjectAccess } from '../access/access.policy.js';

/** Team members change a project's name, status, description, dates and schedule settings; guests work on its tasks only (403). */
export async function requireProjectEditor(sql: Sql, userId: string, projectId: string): Promise<ProjectAccess> {
  const access = await requireProjectAccess(sql, userId, projectId);
  if (access.access !== 'team') throw new AppError('forbidden', 'Only members of the project\'s team can change the project');
  return access;
}

/** [invite-links] The owner and admins of the project's team; members and guests get 403, others 404. */
export async function requireInviteManager(sql: Sql, userId: string, projectId: string): Promise<ProjectAccess> {
  const access = await requireProjectAccess(sql, userId, projectId);
  if (access.access !== 'team' || !access.role || !canManageInvites(access.role)) throw new AppError('forbidden', INVITE_MANAGERS_ONLY);
  return access;
}
