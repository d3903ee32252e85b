import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@planline/domain';
import { readTask, writeTask } from '@planline/document';
import { eventually, openProjectDocument } from './collab-client.js';
import { createTask, joinedMember, registeredClient, startTestServer, teamWithOwner, type ClientUser } from './harness.js';

/**
 * [assignments] Issue 36: each assignee of a task has an allocation, the share of their working day it takes (1-200 %,
 * 100 unless said). PATCH /api/tasks/{id} takes `assignments: [{ userId, allocation }]`; `assigneeIds` keeps working
 * (100 % each). Stored in the document and in task_assignments, recorded in the history.
 */
const server = await startTestServer();
let owner: ClientUser;
let ana: ClientUser;
let ben: ClientUser;
let projectId: string;
let taskId: string;

beforeAll(async () => {
  const made = await teamWithOwner(server);
  owner = made.owner;
  ana = await joinedMember(server, owner.client, made.team.id);
  ben = await joinedMember(server, owner.client, made.team.id);
  projectId = ((await owner.client.post('/api/projects', { name: 'Schooner', teamId: made.team.id })).body as { id: string }).id;
  taskId = (await createTask(owner.client, { projectId, name: 'Hull', startDate: '2026-12-07', endDate: '2026-12-11' })).id;
});
afterAll(async () => {
  await server.stop();
});

const patch = (body: unknown) => owner.client.request('PATCH', `/api/tasks/${taskId}`, body);
const rows = async () =>
  (await server.dataSource.query(`SELECT user_id, allocation FROM task_assignments WHERE task_id = $1 ORDER BY user_id`, [taskId])).map(
    (r: { user_id: string; allocation: number }) => [r.user_id, Number(r.allocation)],
  );
const sorted = (...ids: string[]) => [...ids].sort();

describe('[assignments] allocation per assignee', () => {
  it('[assignments] assignments set who and how much: the answer, the rows, the document and the history agree', async () => {
    const res = await patch({ assignments: [{ userId: ana.user.id, allocation: 50 }, { userId: ben.user.id }] });
    expect(res.status).toBe(200);
    expect(res.body.assigneeIds).toEqual(sorted(ana.user.id, ben.user.id));
    expect(res.body.allocations).toEqual({ [ana.user.id]: 50 });
    expect(sorted(ana.user.id, ben.user.id)).toContain(res.body.assigneeId);
    expect(await rows()).toEqual(sorted(ana.user.id, ben.user.id).map((id) => [id, id === ana.user.id ? 50 : 100]));
    const history: { field_name: string; old_value: string | null; new_value: string | null }[] = await server.dataSource.query(
      `SELECT field_name, old_value, new_value FROM task_change_history WHERE task_id = $1 AND field_name = 'allocations'`,
      [taskId],
    );
    expect(history).toEqual([{ field_name: 'allocations', old_value: null, new_value: JSON.stringify({ [ana.user.id]: 50 }) }]);
    const viewer = openProjectDocument(server.url, ben.client.cookieHeader, projectId);
    try {
      await viewer.synced;
      await eventually(() => readTask(viewer.doc, taskId)?.allocations, (a) => JSON.stringify(a) === JSON.stringify({ [ana.user.id]: 50 }), 5000);
    } finally {
      viewer.close();
    }
  });

  it('[assignments] assigneeIds alone keeps working, meaning 100 % each; a new primary assignee leaves the others’ shares', async () => {
    expect((await patch({ assignments: [{ userId: ana.user.id, allocation: 50 }, { userId: owner.user.id }], assigneeId: owner.user.id })).status).toBe(200);
    // Ben takes the owner's place as the primary assignee; Ana keeps her half.
    const primary = await patch({ assigneeId: ben.user.id });
    expect(primary.status).toBe(200);
    expect(primary.body.assigneeIds).toEqual(sorted(ana.user.id, ben.user.id));
    expect(primary.body.allocations).toEqual({ [ana.user.id]: 50 });
    const res = await patch({ assigneeIds: [ana.user.id, owner.user.id] });
    expect(res.status).toBe(200);
    expect(res.body.allocations).toEqual({});
    const dropped = await patch({ assigneeIds: [owner.user.id] });
    expect(dropped.body.allocations).toEqual({});
    expect(await rows()).toEqual([[owner.user.id, 100]]);
    // Back to 100 % is no entry at all.
    await patch({ assignments: [{ userId: owner.user.id, allocation: 150 }] });
    expect((await patch({ allocations: { [owner.user.id]: 100 } })).body.allocations).toEqual({});
  });

  it.each([
    [{ assignments: [{ userId: 'ANA', allocation: 50 }] }, 'Assignee is not valid'],
    [{ assignments: [{ userId: '00000000-0000-4000-8000-000000000001', allocation: 0 }] }, 'Allocation must be a whole percent from 1 to 200'],
    [{ assignments: [{ userId: '00000000-0000-4000-8000-000000000001', allocation: 201 }] }, 'Allocation must be a whole percent from 1 to 200'],
    [{ assignments: [{ userId: '00000000-0000-4000-8000-000000000001', allocation: 1.5 }] }, 'Allocation must be a whole percent from 1 to 200'],
    [{ assignments: [{ userId: '00000000-0000-4000-8000-000000000001', allocation: 'x' }] }, 'Allocation must be a whole percent from 1 to 200'],
    [{ assignments: [{ userId: '00000000-0000-4000-8000-000000000001' }, { userId: '00000000-0000-4000-8000-000000000001' }] }, 'Each person can be assigned to a task once'],
    [{ assignments: [], assigneeIds: [] }, 'Send either assignments or assigneeIds and allocations, not both; a primary assignee must be one of the assignments'],
    [
      { assignments: [{ userId: '00000000-0000-4000-8000-000000000001' }], assigneeId: '00000000-0000-4000-8000-000000000002' },
      'Send either assignments or assigneeIds and allocations, not both; a primary assignee must be one of the assignments',
    ],
  ])('[assignments] bad input %j: 400 with a message, nothing stored', async (body, message) => {
    const before = await rows();
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await rows()).toEqual(before);
  });

  it('[assignments] a new task’s primary assignee is the first listed, whichever id sorts first, in either form', async () => {
    const [low, high] = sorted(ana.user.id, ben.user.id) as [string, string];
    const dates = { projectId, startDate: '2026-12-07', endDate: '2026-12-08' };
    for (const [listed, name] of [[[high, low], 'High first'], [[low, high], 'Low first']] as const) {
      const byIds = await createTask<Task>(owner.client, { ...dates, name, assigneeIds: [...listed] });
      expect([byIds.assigneeId, byIds.assigneeIds]).toEqual([listed[0], [low, high]]);
      const byAssignments = await createTask<Task>(owner.client, { ...dates, name, assignments: listed.map((userId) => ({ userId, allocation: 50 })) });
      expect([byAssignments.assigneeId, byAssignments.assigneeIds]).toEqual([listed[0], [low, high]]);
    }
  });

  it('[assignments] someone who is not of the project’s team, or an allocation for someone not assigned: 400, nothing stored', async () => {
    const before = await rows();
    const stranger = await registeredClient(server);
    const outsider = await patch({ assignments: [{ userId: stranger.user.id, allocation: 50 }] });
    expect(outsider.status).toBe(400);
    expect(outsider.body.message).toMatch(/members of the project/);
    const notAssigned = await patch({ allocations: { [ben.user.id]: 50 } });
    expect(notAssigned.status).toBe(400);
    expect(notAssigned.body.message).toBe('An allocation can only be given to someone assigned to the task');
    expect(await rows()).toEqual(before);
  });

  it('[assignments] through the document, an allocation for someone not assigned is taken out by the server', async () => {
    await patch({ assignments: [{ userId: ana.user.id, allocation: 40 }] });
    const editor = openProjectDocument(server.url, ana.client.cookieHeader, projectId);
    try {
      await editor.synced;
      editor.doc.transact(() => writeTask(editor.doc, taskId, { allocations: { [ana.user.id]: 60, [ben.user.id]: 150 } }));
      await eventually(() => readTask(editor.doc, taskId)?.allocations, (a) => JSON.stringify(a) === JSON.stringify({ [ana.user.id]: 60 }), 5000);
      await eventually(rows, (r) => JSON.stringify(r) === JSON.stringify([[ana.user.id, 60]]), 5000);
    } finally {
      editor.close();
    }
  });
});

describe('[workload-reassign] a reassign and its undo, checked against the assignments they started from', () => {
  it('[workload-reassign] GET /api/tasks/{id} answers the task with its assignments; an outsider gets 404', async () => {
    await patch({ assignments: [{ userId: ana.user.id, allocation: 40 }, { userId: owner.user.id }] });
    const res = await ben.client.get(`/api/tasks/${taskId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: taskId, name: 'Hull', assigneeIds: sorted(ana.user.id, owner.user.id), allocations: { [ana.user.id]: 40 } });
    const stranger = await registeredClient(server);
    expect((await stranger.client.get(`/api/tasks/${taskId}`)).status).toBe(404);
    expect((await ben.client.get('/api/tasks/not-a-task')).status).toBe(404);
  });

  it('[workload-reassign] assignments with a base.assignments that still holds are written; a stale one is 409 with the current ones, nothing written', async () => {
    await patch({ assignments: [{ userId: ana.user.id, allocation: 40 }] });
    // Ana → Ben keeping her 40 %, from what the view read (in another order and case: the same assignments).
    const moved = await patch({ assignments: [{ userId: ben.user.id, allocation: 40 }], base: { assignments: [{ userId: ana.user.id.toUpperCase(), allocation: 40 }] } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ assigneeIds: [ben.user.id], allocations: { [ben.user.id]: 40 } });

    // A teammate changed Ben's share meanwhile: the undo (back to Ana) is refused and the share stays.
    expect((await patch({ assignments: [{ userId: ben.user.id, allocation: 70 }] })).status).toBe(200);
    const undo = await patch({ assignments: [{ userId: ana.user.id, allocation: 40 }], base: { assignments: [{ userId: ben.user.id, allocation: 40 }] } });
    expect(undo.status).toBe(409);
    expect(undo.body).toMatchObject({
      message: "The task's assignees changed meanwhile: nothing was written.",
      conflicts: [{ field: 'assignments', current: [{ userId: ben.user.id, allocation: 70 }] }],
    });
    expect(await rows()).toEqual([[ben.user.id, 70]]);
    expect((await patch({ assignments: [], base: { assignments: 'Ben' } })).status).toBe(400);
  });

  it('[workload-reassign] an undo guarded by the primary assignee too: a teammate’s change of primary since is 409, nothing written', async () => {
    await patch({ assignments: [{ userId: ana.user.id }, { userId: owner.user.id }], assigneeId: ana.user.id });
    // The reassign: owner → Ben, Ana stays the primary.
    const after = [{ userId: ana.user.id, allocation: 100 }, { userId: ben.user.id, allocation: 100 }];
    expect((await patch({ assignments: after, base: { assignments: [{ userId: ana.user.id, allocation: 100 }, { userId: owner.user.id, allocation: 100 }] } })).status).toBe(200);
    // A teammate makes Ben the primary: the same people and shares, so base.assignments alone would not see it.
    expect((await patch({ assignments: after, assigneeId: ben.user.id })).body).toMatchObject({ assigneeId: ben.user.id });
    const undo = await patch({
      assignments: [{ userId: ana.user.id, allocation: 100 }, { userId: owner.user.id, allocation: 100 }],
      assigneeId: ana.user.id,
      base: { assignments: after, assigneeId: ana.user.id },
    });
    expect(undo.status).toBe(409);
    expect(undo.body).toMatchObject({ conflicts: [{ field: 'assigneeId', current: ben.user.id }] });
    expect((await owner.client.get(`/api/tasks/${taskId}`)).body).toMatchObject({ assigneeId: ben.user.id, assigneeIds: sorted(ana.user.id, ben.user.id) });
  });

  it('[workload-reassign] base.assignments without assignments or assigneeIds guards nothing: 400 saying so, nothing written', async () => {
    await patch({ assignments: [{ userId: ana.user.id, allocation: 40 }] });
    for (const body of [{ assigneeId: ben.user.id, base: { assignments: [{ userId: ana.user.id, allocation: 40 }] } }, { name: 'Keel', base: { assignments: [] } }]) {
      const res = await patch(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Base assignments guard a change of assignees: send them with assignments or assigneeIds' });
    }
    expect((await owner.client.get(`/api/tasks/${taskId}`)).body).toMatchObject({ name: 'Hull', assigneeId: ana.user.id });
    expect(await rows()).toEqual([[ana.user.id, 40]]);
  });
});
