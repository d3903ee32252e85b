import { describe, expect, it } from 'vitest';
import {
  cellFigure,
  cellLabel,
  columnTitle,
  hasNoWork,
  isPreviewCell,
  isWorkloadKey,
  loadLevel,
  localToday,
  rangeFor,
  rowTasks,
  shiftAnchor,
  withPreviews,
  workloadKey,
  type TeamWorkload,
  type WorkloadPerson,
} from './workload-view-model';

const TEAM = '6f1c2a3e-1111-4aaa-8bbb-000000000001';
const P1 = '6f1c2a3e-1111-4aaa-8bbb-0000000000a1';

describe('workload ranges', () => {
  it('[workload-view] days and weeks start on the anchor week’s Monday, months on the first; next and previous move a page', () => {
    // 2026-03-04 is a Wednesday.
    expect(rangeFor('day', '2026-03-04')).toEqual({ from: '2026-03-02', to: '2026-03-15' });
    expect(rangeFor('week', '2026-03-04')).toEqual({ from: '2026-03-02', to: '2026-04-26' });
    expect(rangeFor('month', '2026-03-04')).toEqual({ from: '2026-03-01', to: '2026-08-31' });
    expect(rangeFor('day', shiftAnchor('day', '2026-03-04', 1))).toEqual({ from: '2026-03-16', to: '2026-03-29' });
    expect(rangeFor('week', shiftAnchor('week', '2026-03-04', -1))).toEqual({ from: '2026-01-05', to: '2026-03-01' });
    // Across a year's end, and from the 31st of a month (no overflow into the month after).
    expect(rangeFor('month', shiftAnchor('month', '2026-10-31', 1))).toEqual({ from: '2027-04-01', to: '2027-09-30' });
    expect(rangeFor('month', shiftAnchor('month', '2026-03-31', -1))).toEqual({ from: '2025-09-01', to: '2026-02-28' });
  });

  it('today is the viewer’s calendar day, not UTC’s', () => {
    expect(localToday(new Date(2026, 0, 31, 23, 30))).toBe('2026-01-31');
    expect(localToday(new Date(2026, 11, 1, 0, 5))).toBe('2026-12-01');
  });

  it('column headings name the day, the week’s Monday or the month', () => {
    expect(columnTitle('day', '2026-03-02')).toBe('Mon 2 Mar');
    expect(columnTitle('week', '2026-03-02')).toBe('Week of 2 Mar');
    expect(columnTitle('month', '2026-03-01')).toBe('Mar 2026');
  });
});

describe('workload cells', () => {
  it('[workload-view] a cell reads allocated / capacity and is under, full or over', () => {
    expect(cellFigure({ allocatedHours: 10, capacityHours: 8 })).toBe('10h / 8h');
    expect(cellFigure({ allocatedHours: 2.25, capacityHours: 40 })).toBe('2.3h / 40h');
    expect(loadLevel(10, 8)).toBe('over');
    expect(loadLevel(8, 8)).toBe('full');
    // A sum of shares that lands a hair off the capacity is still full, not over.
    expect(loadLevel(0.1 + 0.2 + 7.7, 8)).toBe('full');
    expect(loadLevel(4, 8)).toBe('under');
    expect(loadLevel(0, 8)).toBe('idle');
    // Hours on a day with no capacity (a day off) are over.
    expect(loadLevel(2, 0)).toBe('over');
    expect(loadLevel(0, 0)).toBe('idle');
  });

  it('[workload-view] over is said in words, not colour alone', () => {
    expect(cellLabel('Ana', 'Week of 2 Mar', { allocatedHours: 10, capacityHours: 8 })).toBe('Ana, Week of 2 Mar: 10 hours of 8, over capacity');
    expect(cellLabel('Ana', 'Mon 2 Mar', { allocatedHours: 8, capacityHours: 8 })).toBe('Ana, Mon 2 Mar: 8 hours of 8, at capacity');
    expect(cellLabel('Unassigned', 'Mar 2026', { allocatedHours: 0, capacityHours: 0 })).toBe('Unassigned, Mar 2026: 0 hours of 0, no work');
  });
});

const bucket = (start: string, allocatedHours: number, tasks: WorkloadPerson['buckets'][number]['tasks']) => ({
  start,
  end: start,
  capacityHours: 8,
  allocatedHours,
  tasks,
});

describe('a row’s tasks', () => {
  const ana: WorkloadPerson = {
    userId: '6f1c2a3e-1111-4aaa-8bbb-000000000002',
    name: 'Ana',
    overloads: [],
    buckets: [
      bucket('2026-03-02', 12, [
        { taskId: 't1', projectId: P1, name: 'Design', hours: 8 },
        { taskId: null, projectId: null, name: 'Other project', hours: 2 },
        { taskId: null, projectId: null, name: 'Other project', hours: 2 },
      ]),
      bucket('2026-03-03', 5, [
        { taskId: 't1', projectId: P1, name: 'Design', hours: 4 },
        { taskId: 't2', projectId: P1, name: 'Build', hours: 1 },
      ]),
    ],
  };

  it('[workload-view] one line per task with hours per column; other projects are one line with no link or name', () => {
    const lines = rowTasks(ana, [{ id: P1, name: 'Apollo' }]);
    expect(lines).toEqual([
      { key: 't1', taskId: 't1', projectId: P1, name: 'Design', projectName: 'Apollo', hours: [8, 4], total: 12 },
      { key: 'other-project', taskId: null, projectId: null, name: 'Other project', projectName: null, hours: [4, 0], total: 4 },
      { key: 't2', taskId: 't2', projectId: P1, name: 'Build', projectName: 'Apollo', hours: [0, 1], total: 1 },
    ]);
  });

  it('empty means no one has hours, whatever their capacity', () => {
    const idle = { ...ana, buckets: ana.buckets.map((b) => ({ ...b, allocatedHours: 0, tasks: [] })) };
    const workload: TeamWorkload = { teamId: TEAM, from: '2026-03-02', to: '2026-03-03', scale: 'day', people: [idle], unassigned: { ...idle, userId: null, name: 'Unassigned' }, projects: [] };
    expect(hasNoWork(workload)).toBe(true);
    expect(hasNoWork({ ...workload, unassigned: { ...ana, userId: null } })).toBe(false);
  });
});

describe('workload query keys', () => {
  it('name the team, range and scale, and are told apart by team', () => {
    const key = workloadKey(TEAM, 'week', { from: '2026-03-02', to: '2026-04-26' });
    expect(key).toEqual([`/api/teams/${TEAM}/workload?from=2026-03-02&to=2026-04-26&scale=week`]);
    expect(isWorkloadKey(key)).toBe(true);
    expect(isWorkloadKey(key, TEAM)).toBe(true);
    expect(isWorkloadKey(key, '6f1c2a3e-1111-4aaa-8bbb-000000000009')).toBe(false);
    expect(isWorkloadKey([`/api/teams/${TEAM}/members`])).toBe(false);
    expect(isWorkloadKey(['/api/teams', TEAM, 'workload'])).toBe(false);
  });
});

describe('[workload-preview] a teammate’s drag over the cells', () => {
  const ANA = '6f1c2a3e-1111-4aaa-8bbb-000000000002';
  const week = (start: string, end: string, allocatedHours: number) => ({ start, end, capacityHours: 40, allocatedHours, tasks: [] });
  const ana: WorkloadPerson = { userId: ANA, name: 'Ana', overloads: [], buckets: [week('2026-03-02', '2026-03-08', 24), week('2026-03-09', '2026-03-15', 0)] };
  const workload: TeamWorkload = {
    teamId: TEAM,
    from: '2026-03-02',
    to: '2026-03-15',
    scale: 'week',
    people: [ana],
    unassigned: { userId: null, name: 'Unassigned', overloads: [], buckets: [week('2026-03-02', '2026-03-08', 0), week('2026-03-09', '2026-03-15', 0)] },
    projects: [],
  };
  // Ana's three days (Mon-Wed) dragged a week on: 24 hours leave the first week for the second.
  const drag = {
    people: [{ userId: ANA, runs: [{ from: '2026-03-02', to: '2026-03-04', hours: -8 }, { from: '2026-03-09', to: '2026-03-11', hours: 8 }] }],
    endedAt: null,
  };

  it('adds each run’s hours for its days in each bucket, and says which cells a drag changes', () => {
    const shown = withPreviews(workload, [drag], 1000);
    expect(shown.people[0]!.buckets.map((b) => [b.allocatedHours, b.previewHours])).toEqual([[0, -24], [24, 24]]);
    expect(isPreviewCell(shown.people[0]!.buckets[1]!)).toBe(true);
    expect(cellLabel('Ana', 'Week of 9 Mar', shown.people[0]!.buckets[1]!)).toBe('Ana, Week of 9 Mar: 24 hours of 40, under capacity, while a teammate moves a task');
    // Other rows are the stored ones.
    expect(shown.unassigned).toBe(workload.unassigned);
    // Runs cut by a bucket's edge count only their days inside it.
    const across = withPreviews(workload, [{ people: [{ userId: null, runs: [{ from: '2026-03-06', to: '2026-03-10', hours: 8 }] }], endedAt: null }], 0);
    expect(across.unassigned.buckets.map((b) => b.allocatedHours)).toEqual([24, 16]);
  });

  it('an ended drag stays until a read made after its end (which has the drop), never counted twice', () => {
    const ended = { ...drag, endedAt: 2000 };
    expect(withPreviews(workload, [ended], 1000).people[0]!.buckets[1]!.allocatedHours).toBe(24);
    expect(withPreviews(workload, [ended], 2500)).toBe(workload);
    expect(withPreviews(workload, [], 0)).toBe(workload);
  });
});
