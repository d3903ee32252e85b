import { describe, expect, it } from 'vitest';
import { assigneeLabel } from './assignee-label';

const ANA = '7d0c6f5e-64a8-4c5b-9a43-2f5f0c1d8e11';
const people = new Map([[ANA, { id: ANA, firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' }]]);

describe("[allocation] the assignee chip's label", () => {
  it('shows the share beside the name when it is not the whole day', () => {
    expect(assigneeLabel({ assigneeId: ANA, allocations: { [ANA]: 50 } }, people)).toEqual({ text: 'Ana Silva · 50%', title: 'Ana Silva, 50% of a working day' });
    expect(assigneeLabel({ assigneeId: ANA, allocations: {} }, people)).toEqual({ text: 'Ana Silva', title: 'Ana Silva, full working day' });
    expect(assigneeLabel({ assigneeId: null, allocations: {} }, people).text).toBe('Unassigned');
  });
});
