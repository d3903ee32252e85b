import type { TaskReference } from '@planline/domain';
import { AppError } from '../../errors.js';
import type { Sql } from '../access/access.queries.js';
import { requireTeamRole } from '../access/access.policy.js';
import { teamMemberIds, teamTaskReferences } from './chat.queries.js';

/**
 * Who may read and write a team's chat: its members (owner, admin, member). Guests of its projects and everyone else
 * get the team routes' 404 (docs/security.md, the guest rule); a removed member is no longer a member.
 */
export async function requireChatMember(sql: Sql, userId: string, teamId: string): Promise<void> {
  await requireTeamRole(sql, userId, teamId);
}

/** Everyone a message mentions is a member of the team: a mention notifies, so nobody outside may be named. */
export async function requireMentionable(sql: Sql, teamId: string, userIds: string[]): Promise<void> {
  const members = await teamMemberIds(sql, teamId, userIds);
  const unknown = userIds.filter((id) => !members.has(id));
  if (unknown.length) {
    const message = `${unknown.length === 1 ? 'A mentioned person is' : `${unknown.length} mentioned people are`} not a member of this team (${unknown.join(', ')})`;
    throw new AppError('validation_failed', message, { issues: [{ path: 'mentionedUserIds', message }] });
  }
}

/** Every task a message references is a task of one of the team's projects. */
export async function requireTeamTasks(sql: Sql, teamId: string, taskIds: string[]): Promise<TaskReference[]> {
  const found = await teamTaskReferences(sql, teamId, taskIds);
  const known = new Set(found.map((t) => t.id));
  const unknown = taskIds.filter((id) => !known.has(id));
  if (unknown.length) {
    const message = `${unknown.length === 1 ? 'A referenced task is' : `${unknown.length} referenced tasks are`} not a task of this team's projects (${unknown.join(', ')})`;
    throw new AppError('validation_failed', message, { issues: [{ path: 'taskIds', message }] });
  }
  return found;
}
