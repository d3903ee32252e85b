import { randomUUID } from 'node:crypto';
import {
  displayName,
  MAX_GRID_VIEWS_PER_PROJECT,
  MAX_PERSONAL_GRID_VIEWS,
  rooms,
  type CreateGridViewInput,
  type SavedGridView,
  type UpdateGridViewInput,
} from '@planline/domain';
import type { RealtimeBus } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { PROJECT_NOT_FOUND, requireProjectAccess } from '../access/access.policy.js';
import type { Sql } from '../access/access.queries.js';
import { lockProjectRow } from '../baselines/baselines.queries.js';
import { requireSharer, requireViewManager, requireVisibleView } from './grid-views.policy.js';
import {
  deleteGridView,
  gridViewById,
  gridViewCounts,
  gridViewNameTaken,
  insertGridView,
  updateGridView,
  visibleGridViews,
  type GridViewRow,
} from './grid-views.queries.js';

export function presentGridView(r: GridViewRow): SavedGridView {
  return {
    id: r.id,
    projectId: r.project_id,
    ownerId: r.owner_id,
    ownerName: r.owner_id ? displayName({ firstName: r.first_name ?? '', lastName: r.last_name ?? '', email: r.email ?? '' }) : null,
    name: r.name,
    shared: r.shared,
    view: r.view,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/**
 * [grid-view-limits] Room for one more view where it would live, and its name free there. Called with the
 * project's row locked, so concurrent saves are counted one after another.
 */
async function requireRoomAndName(
  sql: Sql,
  projectId: string,
  ownerId: string,
  target: { name: string; shared: boolean },
  existing: GridViewRow | null,
): Promise<void> {
  const counts = await gridViewCounts(sql, projectId, ownerId);
  if (!existing && counts.all >= MAX_GRID_VIEWS_PER_PROJECT) {
    throw new AppError('conflict', `This project already has ${MAX_GRID_VIEWS_PER_PROJECT} saved views, the most it can keep. Delete one to save another.`);
  }
  const becomesPersonal = !target.shared && (!existing || existing.shared);
  if (becomesPersonal && counts.personal >= MAX_PERSONAL_GRID_VIEWS) {
    throw new AppError('conflict', `You already have ${MAX_PERSONAL_GRID_VIEWS} views of your own in this project, the most one person can keep. Delete or share one first.`);
  }
  const where = target.shared ? ({ shared: true } as const) : ({ shared: false, ownerId } as const);
  if (await gridViewNameTaken(sql, projectId, target.name, where, existing?.id ?? null)) {
    throw new AppError(
      'conflict',
      target.shared ? `A shared view is already named "${target.name}". Choose another name.` : `You already have a view named "${target.name}". Choose another name.`,
    );
  }
}

/**
 * [grid-views] Named views of a project's task grid (issue 39): a person's own, or shared with everyone who opens
 * the project. Every change is announced (`gridView:saved` / `gridView:deleted`) to the browsers that see the view:
 * the project's room when shared, else its owner's.
 */
export class GridViewsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: RealtimeBus,
  ) {}

  async list(userId: string, projectId: string): Promise<SavedGridView[]> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    return (await visibleGridViews(this.dataSource, projectId, userId)).map(presentGridView);
  }

  async create(userId: string, projectId: string, input: CreateGridViewInput): Promise<SavedGridView> {
    const id = randomUUID();
    await this.dataSource.transaction(async (m) => {
      const access = await requireProjectAccess(m, userId, projectId);
      if (input.shared) requireSharer(access);
      if (!(await lockProjectRow(m, projectId))) throw new AppError('not_found', PROJECT_NOT_FOUND);
      await requireRoomAndName(m, projectId, userId, { name: input.name, shared: input.shared }, null);
      await insertGridView(m, { id, projectId, ownerId: userId, name: input.name, shared: input.shared, view: input.view });
    });
    const saved = presentGridView((await gridViewById(this.dataSource, projectId, id))!);
    this.announce(saved, null);
    return saved;
  }

  async update(userId: string, projectId: string, viewId: string, input: UpdateGridViewInput): Promise<SavedGridView> {
    const before = await this.dataSource.transaction(async (m) => {
      const access = await requireProjectAccess(m, userId, projectId);
      if (!(await lockProjectRow(m, projectId))) throw new AppError('not_found', PROJECT_NOT_FOUND);
      const row = requireVisibleView(await gridViewById(m, projectId, viewId), userId);
      requireViewManager(row, userId, access);
      const next = { name: input.name ?? row.name, shared: input.shared ?? row.shared, view: input.view ?? row.view };
      if (next.shared) requireSharer(access);
      if (!next.shared && !row.owner_id) {
        throw new AppError('conflict', 'The person who shared this view has left the team, so it cannot become anyone’s own view. Keep it shared or delete it.');
      }
      await requireRoomAndName(m, projectId, row.owner_id ?? userId, next, row);
      await updateGridView(m, viewId, next);
      return row;
    });
    const saved = presentGridView((await gridViewById(this.dataSource, projectId, viewId))!);
    this.announce(saved, before);
    return saved;
  }

  async remove(userId: string, projectId: string, viewId: string): Promise<void> {
    const row = await this.dataSource.transaction(async (m) => {
      const access = await requireProjectAccess(m, userId, projectId);
      const found = requireVisibleView(await gridViewById(m, projectId, viewId), userId);
      requireViewManager(found, userId, access);
      await deleteGridView(m, viewId);
      return found;
    });
    this.bus.emit(row.shared ? rooms.project(projectId) : rooms.user(row.owner_id!), 'gridView:deleted', { projectId, viewId });
  }

  /** To the project when shared, else to its owner; a view that stopped being shared leaves the others' browsers. */
  private announce(view: SavedGridView, before: GridViewRow | null): void {
    if (before?.shared && !view.shared) this.bus.emit(rooms.project(view.projectId), 'gridView:deleted', { projectId: view.projectId, viewId: view.id });
    const room = view.shared ? rooms.project(view.projectId) : rooms.user(view.ownerId!);
    this.bus.emit(room, 'gridView:saved', { projectId: view.projectId, view });
  }
}
