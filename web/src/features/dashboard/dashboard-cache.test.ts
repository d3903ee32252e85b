import { defaultDashboardLayout, type DashboardConfig } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { makeTask } from '../../../test/factories';
import { removeTask, upsertTask, withSavedLayout } from './dashboard-cache';

describe('task cache', () => {
  const a = makeTask({ order: 1 });
  const b = makeTask({ order: 2 });

  it('[dashboard-live] adds a new task in the server order', () => {
    const first = makeTask({ order: 0 });
    expect(upsertTask([a, b], first)).toEqual([first, a, b]);
    const last = makeTask({ order: 9 });
    expect(upsertTask([a, b], last)).toEqual([a, b, last]);
  });

  it('[dashboard-live] replaces an updated task, moving it when its order changed', () => {
    const renamed = { ...a, name: 'Renamed', updatedAt: '2025-01-02T00:00:00.000Z' };
    expect(upsertTask([a, b], renamed)).toEqual([renamed, b]);
    const moved = { ...a, order: 5, updatedAt: '2025-01-02T00:00:00.000Z' };
    expect(upsertTask([a, b], moved)).toEqual([b, moved]);
  });

  it('ignores an event older than the cached task', () => {
    const fresh = { ...a, name: 'Fresh', updatedAt: '2025-01-03T00:00:00.000Z' };
    const stale = { ...a, name: 'Stale', updatedAt: '2025-01-02T00:00:00.000Z' };
    expect(upsertTask([fresh, b], stale)).toEqual([fresh, b]);
  });

  it('[dashboard-live] removes a deleted task; an unknown id changes nothing', () => {
    expect(removeTask([a, b], a.id)).toEqual([b]);
    expect(removeTask([a, b], 'nope')).toEqual([a, b]);
  });
});

describe('dashboard config cache', () => {
  it('[dashboard-live] a layout saved elsewhere replaces the default', () => {
    const config: DashboardConfig = { projectId: null, layout: defaultDashboardLayout(), isDefault: true, updatedAt: null };
    const layout = defaultDashboardLayout().slice(0, 1);
    expect(withSavedLayout(config, layout)).toEqual({ projectId: null, layout, isDefault: false, updatedAt: null });
    expect(config.layout).toHaveLength(3);
  });
});
