import { describe, expect, it } from 'vitest';
import type { DocTask } from '@planline/document';
import { RowsAfter } from './change-judge.js';
import type { PersistedTask } from './task-validation.js';

const stored = (name: string): PersistedTask => ({
  name,
  description: null,
  startDate: '2026-11-23',
  endDate: '2026-11-24',
  status: 'pending',
  priority: 'medium',
  progress: 0,
  color: '#3b82f6',
  assigneeId: null,
  assigneeIds: [],
  allocations: {},
  custom: {},
  order: 0,
  kind: 'task',
  parentId: null,
});
const fresh = (name: string): DocTask => ({ name, startDate: '2026-12-01', endDate: '2026-12-02' });
const FS = { type: 'FS', lagDays: 0 };

describe('[change-judge] a change that replaces the tasks (an import in replace mode)', () => {
  it('deletes every stored task, keeps the links between the new ones and refuses those to a deleted task', () => {
    const n = 200;
    const old = new Map(Array.from({ length: n }, (_, i) => [`old${i}`, stored(`Old ${i}`)] as const));
    const rows = new RowsAfter({ tasks: new Map(old), dependencies: new Map() });
    const snapshots = new Map<string, DocTask | null>([...old.keys()].map((id) => [id, null]));
    for (let i = 0; i < n; i++) snapshots.set(`new${i}`, fresh(`New ${i}`));
    const edges = [
      ...Array.from({ length: n - 1 }, (_, i) => ({ taskId: `new${i + 1}`, dependsOnTaskId: `new${i}`, value: FS })),
      { taskId: 'new0', dependsOnTaskId: 'old5', value: FS },
      { taskId: 'old7', dependsOnTaskId: 'new3', value: FS },
    ];
    const judged = rows.judge({ origin: null, snapshots, edges }, new Set());
    expect(judged.deleted).toHaveLength(n);
    expect(judged.created).toHaveLength(n);
    expect(judged.addedDeps).toHaveLength(n - 1);
    expect(judged.refusedEdges.map((e) => `${e.taskId}->${e.dependsOnTaskId}`).sort()).toEqual(['new0->old5', 'old7->new3']);
    expect([...rows.ids()].sort()).toEqual([...snapshots.keys()].filter((id) => id.startsWith('new')).sort());
  });
});
