import type { BaselineLimitCheck } from '@planline/domain';
import type { TeamEntity } from '@planline/db';
import { AppError } from '../../errors.js';
import type { ProjectAccess, Sql } from '../access/access.queries.js';
import { requireProjectAccess, requireWithinLimit } from '../access/access.policy.js';

export const BASELINE_NOT_FOUND = 'Baseline not found';
export const BASELINE_EDITORS_ONLY = "Only members of the project's team can save or delete baselines";

/**
 * Saving and deleting baselines is the team's, like the project's schedule settings (requireProjectEditor); guests
 * read them (403 when they try more), outsiders get 404.
 */
export async function requireBaselineEditor(sql: Sql, userId: string, projectId: string): Promise<ProjectAccess> {
  const access = await requireProjectAccess(sql, userId, projectId);
  if (access.access !== 'team') throw new AppError('forbidden', BASELINE_EDITORS_ONLY);
  return access;
}

/**
 * [baseline-limit] Room for one more baseline: past the plan's limit the 402 every limit gives (access.policy);
 * at the cap every plan shares, a 409, since no upgrade would help.
 */
export function requireRoomForBaseline(check: BaselineLimitCheck, team: Pick<TeamEntity, 'ownerId'>): void {
  if (check.ok) return;
  if (check.requiredPlan === null) throw new AppError('conflict', check.message);
  requireWithinLimit(check, team);
}
