import { randomUUID } from 'node:crypto';
import { defaultDashboardLayout, rooms, withPositions, type DashboardConfig, type SaveDashboardInput } from '@planline/domain';
import type { RealtimeBus } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { requireProjectAccess } from '../access/access.policy.js';
import { findLayout, saveLayout } from './dashboard.queries.js';

/** Each user's dashboard layout, per project (or one for no project), saved whole. */
export class DashboardService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: RealtimeBus,
  ) {}

  async get(userId: string, projectId: string | null): Promise<DashboardConfig> {
    if (projectId) await requireProjectAccess(this.dataSource, userId, projectId);
    const row = await findLayout(this.dataSource, userId, projectId);
    if (!row) return { projectId, layout: defaultDashboardLayout(), isDefault: true, updatedAt: null };
    return { projectId, layout: row.layout, isDefault: false, updatedAt: row.updated_at.toISOString() };
  }

  async save(userId: string, input: SaveDashboardInput): Promise<DashboardConfig> {
    const projectId = input.projectId ?? null;
    if (projectId) await requireProjectAccess(this.dataSource, userId, projectId);
    // Positions follow the order (PRODUCT-SPEC §2): whatever the client sent is recomputed.
    const layout = withPositions(input.layout.map(({ position: _ignored, ...widget }) => widget));
    const updatedAt = await saveLayout(this.dataSource, randomUUID(), userId, projectId, layout);
    this.bus.emit(rooms.user(userId), 'dashboard:updated', { projectId, layout });
    return { projectId, layout, isDefault: false, updatedAt: updatedAt.toISOString() };
  }
}
