import { effectivePlan, WEBHOOKS_NEED_PRO } from '@planline/domain';
import { AppError } from '../../errors.js';
import { requireTeamRole, requireWithinLimit } from '../access/access.policy.js';
import type { Db } from '../access/access.queries.js';
import { findTeam } from '../teams/teams.queries.js';

export const WEBHOOK_NOT_FOUND = 'No such webhook: it may have been deleted already';
export const WEBHOOK_MANAGERS_ONLY = 'Only the team owner or an admin can see or change webhooks';

/**
 * [webhook-access] A team's webhooks are its owner's and admins' (members 403, outsiders 404), and Pro's: a Free team
 * gets the 402 every plan limit gives. `plan: false` skips the plan (deleting stays possible after a downgrade).
 */
export async function requireWebhookManager(db: Db, actorId: string, teamId: string, now: Date, plan = true): Promise<void> {
  const role = await requireTeamRole(db, actorId, teamId);
  if (role !== 'owner' && role !== 'admin') throw new AppError('forbidden', WEBHOOK_MANAGERS_ONLY);
  if (!plan) return;
  const team = await findTeam(db, teamId);
  requireWithinLimit(effectivePlan(team, now) === 'free' ? { ok: false, requiredPlan: 'pro', message: WEBHOOKS_NEED_PRO } : { ok: true }, team);
}
