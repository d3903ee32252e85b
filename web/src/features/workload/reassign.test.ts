import { sameAssignments, taskAssignments, type Assignment, type Task, type UpdateTaskRequest } from '@planline/domain';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { toastStore } from '../../lib/toast.store';
import { overloadsKey } from '../../lib/workload-key';
import { createReassigner, isUndoKey, movedLoad, reassignedAssignments, type ReassignApi, type RowPerson } from './reassign';
import { workloadKey, type TeamWorkload, type WorkloadPerson } from './workload-view-model';

const TEAM = crypto.randomUUID();
const ANA: RowPerson = { userId: crypto.randomUUID(), name: 'Ana Lee' };
const BEN: RowPerson = { userId: crypto.randomUUID(), name: 'Ben Ode' };
const CAL: RowPerson = { userId: crypto.randomUUID(), name: 'Cal Moss' };
const NOBODY: RowPerson = { userId: null, name: 'Unassigned' };
const TASK_ID = crypto.randomUUID();
const PROJECT_ID = crypto.randomUUID();
const range = { from: '2026-03-02', to: '2026-03-15' };
const key = workloadKey(TEAM, 'week', range);

function row(person: RowPerson, weeks: { design?: number; other?: number }[]): WorkloadPerson {
  return {
    userId: person.userId,
    name: person.name,
    overloads: [],
    buckets: weeks.map(({ design = 0, other = 0 }, i) => ({
      start: i === 0 ? '2026-03-02' : '2026-03-09',
      end: i === 0 ? '2026-03-08' : '2026-03-15',
      capacityHours: 40,
      allocatedHours: design + other,
      tasks: [
        ...(design ? [{ taskId: TASK_ID, projectId: PROJECT_ID, name: 'Design', hours: design }] : []),
        ...(other ? [{ taskId: crypto.randomUUID(), projectId: PROJECT_ID, name: 'Build', hours: other }] : []),
      ],
    })),
  };
}

const workload = (): TeamWorkload => ({
  teamId: TEAM,
  ...range,
  scale: 'week',
  people: [row(ANA, [{ design: 20, other: 30 }, { design: 8 }]), row(BEN, [{ other: 10 }, {}])],
  unassigned: row(NOBODY, [{}, {}]),
  projects: [{ id: PROJECT_ID, name: 'Apollo' }],
});

/** The server as far as a reassign sees it: one task, and PATCH's `base.assignments` check (409, nothing written). */
function fakeServer(assignments: Assignment[], primary: string | null) {
  const task = { id: TASK_ID, projectId: PROJECT_ID, name: 'Design', assigneeId: primary, assigneeIds: assignments.map((a) => a.userId), allocations: {} as Record<string, number> };
  for (const a of assignments) if (a.allocation !== 100) task.allocations[a.userId] = a.allocation;
  const patches: UpdateTaskRequest[] = [];
  let failNext: Error | null = null;
  const set = (list: readonly Assignment[]) => {
    task.assigneeIds = list.map((a) => a.userId).sort();
    task.allocations = Object.fromEntries(list.filter((a) => (a.allocation ?? 100) !== 100).map((a) => [a.userId, a.allocation]));
  };
  const api: ReassignApi = {
    getTask: async () => structuredClone(task) as unknown as Task,
    patchTask: async (_id, changes) => {
      patches.push(changes);
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      const now = taskAssignments(task.assigneeIds, task.allocations);
      if (changes.assigneeId !== undefined && changes.base?.assigneeId !== undefined && changes.base.assigneeId !== task.assigneeId) {
        throw new Error(`409: ${JSON.stringify({ message: 'A teammate changed assignee while you were editing it. Keep yours or take theirs.' })}`);
      }
      if (changes.base?.assignments && !sameAssignments(now, changes.base.assignments as Assignment[])) {
        throw new Error(`409: ${JSON.stringify({ message: "The task's assignees changed meanwhile: nothing was written." })}`);
      }
      set(changes.assignments as Assignment[]);
      const named = task.assigneeIds.includes(task.assigneeId ?? '') ? task.assigneeId : (task.assigneeIds[0] ?? null);
      task.assigneeId = changes.assigneeId !== undefined ? changes.assigneeId : named;
      return structuredClone(task) as unknown as Task;
    },
  };
  const teammateMakesPrimary = (userId: string) => (task.assigneeId = userId);
  return { task, api, patches, teammateSets: set, teammateMakesPrimary, failNextWith: (error: Error) => (failNext = error) };
}

function setup(assignments: Assignment[], primary: string | null = assignments[0]?.userId ?? null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(key, workload());
  const server = fakeServer(assignments, primary);
  const reassigner = createReassigner(queryClient, TEAM, server.api);
  const cells = (person: RowPerson) => {
    const data = queryClient.getQueryData<TeamWorkload>(key)!;
    return [...data.people, data.unassigned].find((p) => p.userId === person.userId)!.buckets.map((b) => b.allocatedHours);
  };
  return { queryClient, server, reassigner, cells };
}

const lastToast = () => toastStore.getState().toasts[0];

beforeEach(() => toastStore.setState({ toasts: [] }));

describe('[workload-reassign] the assignments after a reassign', () => {
  it('gives the person’s place to the target at the same allocation, keeping the others', () => {
    const current = [{ userId: ANA.userId!, allocation: 40 }, { userId: CAL.userId!, allocation: 100 }];
    expect(reassignedAssignments(current, ANA, BEN, 'Design')).toEqual([{ userId: CAL.userId, allocation: 100 }, { userId: BEN.userId, allocation: 40 }]);
    expect(reassignedAssignments(current, ANA, NOBODY, 'Design')).toEqual([{ userId: CAL.userId, allocation: 100 }]);
    expect(reassignedAssignments([], NOBODY, BEN, 'Design')).toEqual([{ userId: BEN.userId, allocation: 100 }]);
  });

  it('refuses, saying why, when the target is assigned already or the task no longer has the person', () => {
    const current = [{ userId: ANA.userId!, allocation: 40 }, { userId: BEN.userId!, allocation: 100 }];
    expect(reassignedAssignments(current, ANA, BEN, 'Design')).toBe('Ben Ode is already assigned to «Design»: nothing was changed.');
    expect(reassignedAssignments(current, CAL, NOBODY, 'Design')).toBe('Cal Moss is no longer assigned to «Design»: nothing was changed.');
    expect(reassignedAssignments(current, NOBODY, CAL, 'Design')).toBe('«Design» has been assigned meanwhile: nothing was changed.');
  });

  it('moves the task’s hours from one row to the other, bucket by bucket, and nothing else', () => {
    const moved = movedLoad(workload(), TASK_ID, ANA.userId, BEN.userId);
    expect(moved.people[0]!.buckets.map((b) => b.allocatedHours)).toEqual([30, 0]);
    expect(moved.people[1]!.buckets.map((b) => b.allocatedHours)).toEqual([30, 8]);
    expect(moved.people[1]!.buckets[1]!.tasks.map((t) => t.name)).toEqual(['Design']);
    expect(moved.people[0]!.buckets[0]!.tasks.map((t) => t.name)).toEqual(['Build']);
    expect(moved.unassigned.buckets.map((b) => b.allocatedHours)).toEqual([0, 0]);
    // To Unassigned, and from it back.
    const unassigned = movedLoad(workload(), TASK_ID, ANA.userId, null);
    expect(unassigned.unassigned.buckets.map((b) => b.allocatedHours)).toEqual([20, 8]);
    expect(movedLoad(unassigned, TASK_ID, null, ANA.userId).people[0]!.buckets.map((b) => b.allocatedHours)).toEqual([50, 8]);
  });
});

describe('[workload-reassign] reassigning from the view (the menu and a drop make the same request)', () => {
  it('moves the cells at once, PATCHes the assignments from what it read, and shows "Moved «task» from Ana to Ben" with Undo', async () => {
    const { server, reassigner, cells } = setup([{ userId: ANA.userId!, allocation: 50 }, { userId: CAL.userId!, allocation: 100 }]);
    const pending = reassigner.reassign({ taskId: TASK_ID, taskName: 'Design', from: ANA, to: BEN });
    // Optimistic: before the server answers.
    expect(cells(ANA)).toEqual([30, 0]);
    expect(cells(BEN)).toEqual([30, 8]);
    const done = await pending;
    expect(done).not.toBeNull();
    expect(server.patches[0]).toMatchObject({
      assignments: [{ userId: CAL.userId, allocation: 100 }, { userId: BEN.userId, allocation: 50 }],
      base: { assignments: taskAssignments([ANA.userId!, CAL.userId!], { [ANA.userId!]: 50 }) },
      assigneeId: BEN.userId,
      changeReason: 'Moved from Ana Lee to Ben Ode in the workload view',
    });
    expect(taskAssignments(server.task.assigneeIds, server.task.allocations)).toEqual(taskAssignments([BEN.userId!, CAL.userId!], { [BEN.userId!]: 50 }));
    expect(lastToast()).toMatchObject({ title: 'Moved «Design» from Ana Lee to Ben Ode', action: { label: 'Undo' } });
    expect(reassigner.last()).toBe(done);
  });

  it('the toast’s Undo (and Ctrl+Z: one undo step) puts back exactly what was there, primary assignee included', async () => {
    const { server, reassigner, cells } = setup([{ userId: ANA.userId!, allocation: 50 }, { userId: CAL.userId!, allocation: 100 }], ANA.userId);
    await reassigner.reassign({ taskId: TASK_ID, taskName: 'Design', from: ANA, to: BEN });
    lastToast()!.action!.onSelect();
    await expect.poll(() => server.patches.length).toBe(2);
    await expect.poll(() => lastToast()?.title).toBe('Moved «Design» back to Ana Lee');
    expect(server.patches[1]).toMatchObject({ assignments: taskAssignments([ANA.userId!, CAL.userId!], { [ANA.userId!]: 50 }), assigneeId: ANA.userId });
    expect(server.task).toMatchObject({ assigneeId: ANA.userId, assigneeIds: [ANA.userId, CAL.userId].sort(), allocations: { [ANA.userId!]: 50 } });
    expect(cells(ANA)).toEqual([50, 8]);
    // One step: nothing more to undo.
    expect(reassigner.last()).toBeNull();
    expect(await reassigner.undo()).toBe(false);
    expect(server.patches).toHaveLength(2);

    // Ctrl+Z (⌘Z) is the same undo; Shift+Ctrl+Z and a plain Z are not.
    expect(isUndoKey({ key: 'z', ctrlKey: true, metaKey: false, altKey: false, shiftKey: false })).toBe(true);
    expect(isUndoKey({ key: 'Z', ctrlKey: false, metaKey: true, altKey: false, shiftKey: false })).toBe(true);
    expect(isUndoKey({ key: 'z', ctrlKey: true, metaKey: false, altKey: false, shiftKey: true })).toBe(false);
    expect(isUndoKey({ key: 'z', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false })).toBe(false);
    await reassigner.reassign({ taskId: TASK_ID, taskName: 'Design', from: ANA, to: BEN });
    expect(await reassigner.undo()).toBe(true);
    expect(server.task.assigneeIds).toEqual([ANA.userId, CAL.userId].sort());
  });

  it('refuses the undo when the task changed after the reassign: a clear message, nothing overwritten, cells as they were', async () => {
    const { server, reassigner, cells } = setup([{ userId: ANA.userId!, allocation: 50 }]);
    await reassigner.reassign({ taskId: TASK_ID, taskName: 'Design', from: ANA, to: BEN });
    // A teammate gives Ben 70 % meanwhile.
    server.teammateSets([{ userId: BEN.userId!, allocation: 70 }]);
    const before = cells(BEN);
    expect(await reassigner.undo()).toBe(false);
    expect(lastToast()).toMatchObject({ title: '«Design» was changed after you moved it: undo left it as it is.', variant: 'destructive' });
    expect(server.task).toMatchObject({ assigneeIds: [BEN.userId], allocations: { [BEN.userId!]: 70 } });
    expect(cells(BEN)).toEqual(before);
  });

  it('refuses the undo when a teammate changed only the primary assignee since: the primary is part of what it checks', async () => {
    const { server, reassigner } = setup([{ userId: ANA.userId!, allocation: 100 }, { userId: CAL.userId!, allocation: 100 }], ANA.userId);
    await reassigner.reassign({ taskId: TASK_ID, taskName: 'Design', from: ANA, to: BEN });
    expect(server.patches[0]).toMatchObject({ assigneeId: BEN.userId, base: { assigneeId: ANA.userId } });
    // Same people and shares; Cal is now the primary.
    server.teammateMakesPrimary(CAL.userId!);
    expect(await reassigner.undo()).toBe(false);
    expect(server.patches[1]).toMatchObject({ assigneeId: ANA.userId, base: { assigneeId: BEN.userId } });
    expect(lastToast()).toMatchObject({ title: '«Design» was changed after you moved it: undo left it as it is.', variant: 'destructive' });
    expect(server.task).toMatchObject({ assigneeId: CAL.userId, assigneeIds: [BEN.userId, CAL.userId].sort() });
  });

  it('refuses a drop on someone assigned already, and rolls the cells back with the server’s message on an error', async () => {
    const { server, reassigner, cells } = setup([{ userId: ANA.userId!, allocation: 100 }, { userId: BEN.userId!, allocation: 100 }]);
    expect(await reassigner.reassign({ taskId: TASK_ID, taskName: 'Design', from: ANA, to: BEN })).toBeNull();
    expect(lastToast()).toMatchObject({ title: 'Ben Ode is already assigned to «Design»: nothing was changed.', variant: 'destructive' });
    expect(server.patches).toHaveLength(0);
    expect(cells(ANA)).toEqual([50, 8]);
    expect(cells(BEN)).toEqual([10, 0]);

    server.failNextWith(new Error(`400: ${JSON.stringify({ message: 'Tasks can only be assigned to members of the project' })}`));
    expect(await reassigner.reassign({ taskId: TASK_ID, taskName: 'Design', from: ANA, to: CAL })).toBeNull();
    expect(lastToast()).toMatchObject({ title: 'Tasks can only be assigned to members of the project', variant: 'destructive' });
    expect(cells(ANA)).toEqual([50, 8]);
    expect(reassigner.last()).toBeNull();
  });

  it('refuses at once, without asking the server, a drop on a row that already shows the task', async () => {
    const { queryClient, server, reassigner, cells } = setup([{ userId: ANA.userId!, allocation: 100 }, { userId: BEN.userId!, allocation: 100 }]);
    const both = workload();
    both.people[1] = row(BEN, [{ design: 20, other: 10 }, {}]);
    queryClient.setQueryData(key, both);
    let reads = 0;
    const getTask = server.api.getTask;
    server.api.getTask = (id) => {
      reads += 1;
      return getTask(id);
    };
    expect(await reassigner.reassign({ taskId: TASK_ID, taskName: 'Design', from: ANA, to: BEN })).toBeNull();
    expect(lastToast()).toMatchObject({ title: 'Ben Ode is already assigned to «Design»: nothing was changed.', variant: 'destructive' });
    expect(reads).toBe(0);
    expect(server.patches).toHaveLength(0);
    expect(cells(BEN)).toEqual([30, 0]);
  });

  it('moves only the view’s reads: the chart’s over-allocation read of the team (another shape) is left as it is', async () => {
    const { queryClient, server, reassigner, cells } = setup([{ userId: ANA.userId!, allocation: 100 }]);
    // The chart's read over the same month range the view could show: people and overloads only, no `unassigned`.
    const chartKey = overloadsKey(TEAM, { from: '2026-03-01', to: '2026-08-31' });
    const chart = { people: [{ name: ANA.name, overloads: [{ from: '2026-03-02', to: '2026-03-04', peakPercent: 150, taskIds: [TASK_ID] }] }] };
    queryClient.setQueryData(chartKey, chart);
    const done = await reassigner.reassign({ taskId: TASK_ID, taskName: 'Design', from: ANA, to: BEN });
    expect(done).not.toBeNull();
    expect(server.patches).toHaveLength(1);
    expect(cells(BEN)).toEqual([30, 8]);
    expect(queryClient.getQueryData(chartKey)).toBe(chart);
    expect(await reassigner.undo()).toBe(true);
    expect(queryClient.getQueryData(chartKey)).toBe(chart);
  });

  it('a drop on the row it came from does nothing', async () => {
    const { server, reassigner } = setup([{ userId: ANA.userId!, allocation: 100 }]);
    expect(await reassigner.reassign({ taskId: TASK_ID, taskName: 'Design', from: ANA, to: ANA })).toBeNull();
    expect(server.patches).toHaveLength(0);
    expect(toastStore.getState().toasts).toEqual([]);
  });
});
