import { canManageInvites } from '@planline/domain';
import { AppError } from '../../errors.js';
import type { ProjectAccess } from '../access/access.queries.js';
import type { GridViewRow } from './grid-views.queries.js';

export const GRID_VIEW_NOT_FOUND = 'View not found';
export const SHARING_EDITORS_ONLY = "Only members of the project's team can share a view; save it as your own view instead";
export const SHARED_VIEW_MANAGERS_ONLY = 'Only the person who shared this view or a team admin can change or delete it';

/**
 * [grid-view-access] Who may see and change a saved view (issue 39): a personal view is its owner's alone (404 to
 * everyone else, who may not know it exists); a shared one is seen by everyone who opens the project and changed
 * or deleted by its owner or an owner/admin of the team (403 to the rest).
 */
export function requireVisibleView(row: GridViewRow | null, userId: string): GridViewRow {
  if (!row || (!row.shared && row.owner_id !== userId)) throw new AppError('not_found', GRID_VIEW_NOT_FOUND);
  return row;
}

export function requireViewManager(row: GridViewRow, userId: string, access: ProjectAccess): void {
  if (row.owner_id === userId && (!row.shared || access.access === 'team')) return;
  if (row.shared && access.access === 'team' && access.role && canManageInvites(access.role)) return;
  throw new AppError('forbidden', SHARED_VIEW_MANAGERS_ONLY);
}

/** Sharing is the team's (docs/security.md, the guest rule): a guest keeps views of their own. */
export function requireSharer(access: ProjectAccess): void {
  if (access.access !== 'team') throw new AppError('forbidden', SHARING_EDITORS_ONLY);
}
