import { randomUUID } from 'node:crypto';
import { defaultDashboardLayout, rooms, withPositions, type DashboardConfig, type SaveDashboardInput, type Widget } from '@planline/domain';
import type { RealtimeBus } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { requireProjectAccess } from '../access/access.js';

/** Each user's dashboard layout, per project (or one for no project), saved whole. */
export class DashboardService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: RealtimeBus,
  ) {}

  async get(userId: string, projectId: string | null): Promise<DashboardConfig> {
    if (projectId) await requireProjectAccess(this.dataSource, userId, projectId);
    const rows: { layout: Widget[]; updated_at: Date }[] = await this.dataSource.query(
      `SELECT layout, updated_at FROM dashboard_configs WHERE user_id = $1 AND project_id IS NOT DISTINCT FROM $2`,
      [userId, projectId],
    );
    const row = rows[0];
    if (!row) return { projectId, layout: defaultDashboardLayout(), isDefault: true, updatedAt: null };
    return { projectId, layout: row.layout, isDefault: false, updatedAt: row.updated_at.toISOString() };
  }

  async save(userId: string, input: SaveDashboardInput): Promise<DashboardConfig> {
    const projectId = input.projectId ?? null;
    if (projectId) await requireProjectAccess(this.dataSource, userId, projectId);
    // Positions follow the order (PRODUCT-SPEC §2): whatever the client sent is recomputed.
    const layout = withPositions(input.layout.map(({ position: _ignored, ...widget }) => widget));
    const rows: { updated_at: Date }[] = await this.dataSource.query(
      `INSERT INTO dashboard_configs (id, user_id, project_id, layout) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (user_id, project_id) DO UPDATE SET layout = EXCLUDED.layout, updated_at = now()
       RETURNING updated_at`,
      [randomUUID(), userId, projectId, JSON.stringify(layout)],
    );
    this.bus.emit(rooms.user(userId), 'dashboard:updated', { projectId, layout });
    return { projectId, layout, isDefault: false, updatedAt: rows[0]!.updated_at.toISOString() };
  }
}
