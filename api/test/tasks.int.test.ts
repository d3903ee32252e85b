import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, joinedMember, registeredClient, startTestServer, teamWithOwner, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function projectWithOwner() {
  const { owner, team } = await teamWithOwner(server);
  const project = (await owner.client.post('/api/projects', { name: 'Rocket', teamId: team.id })).body as { id: string };
  return { owner, team, project };
}

const task = (projectId: string, extra: Record<string, unknown> = {}) => ({
  projectId,
  name: 'Design the hull',
  startDate: '2026-11-23',
  endDate: '2026-11-27',
  ...extra,
});

describe('tasks over REST', () => {
  it('[task-create] creates with the spec defaults, normalises in-progress and appends to the end', async () => {
    const { owner, project } = await projectWithOwner();
    const first = await owner.client.post('/api/tasks', task(project.id));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      name: 'Design the hull', status: 'pending', priority: 'medium', progress: 0, color: '#3b82f6',
      assigneeId: null, assignee: null, assignedTo: null, assigneeIds: [], order: 0, dependencies: [],
      startDate: '2026-11-23', endDate: '2026-11-27',
    });
    const second = await owner.client.post('/api/tasks', task(project.id, { name: 'Build', status: 'in-progress' }));
    expect(second.body).toMatchObject({ status: 'in_progress', order: 1 });
    const list = await owner.client.get(`/api/projects/${project.id}/tasks`);
    expect(list.body.map((t: { name: string }) => t.name)).toEqual(['Design the hull', 'Build']);
    const history = await owner.client.get(`/api/tasks/${first.body.id}/history`);
    expect(history.body).toMatchObject([{ fieldName: 'created', newValue: 'Design the hull', changedByUser: { firstName: 'Ada' } }]);
    // [time-travel] The whole task is recorded (the history reads out its name), so the plan at any instant can be rebuilt.
    const stored = await server.dataSource.query(`SELECT new_value FROM task_change_history WHERE task_id = $1`, [first.body.id]);
    expect(JSON.parse(stored[0].new_value)).toMatchObject({ name: 'Design the hull', startDate: '2026-11-23', endDate: '2026-11-27', order: 0, kind: 'task' });
  });

  it.each([
    [{ name: '' }, 'Task name is required'],
    [{ name: undefined }, 'Task name is required'],
    [{ startDate: undefined }, 'Start date is required'],
    [{ endDate: '' }, 'End date is required'],
    [{ endDate: '2026-11-01' }, 'End date cannot be before start date'],
    [{ startDate: '2026-02-30' }, 'That date does not exist'],
    [{ startDate: '23/11/2026' }, 'Dates must be written yyyy-MM-dd'],
    [{ progress: 150 }, 'Progress must be a whole number from 0 to 100'],
    [{ progress: 12.5 }, 'Progress must be a whole number from 0 to 100'],
    [{ color: 'blue' }, 'Colour must be written like #3b82f6'],
    [{ name: 'x'.repeat(256) }, 'Task name must be at most 255 characters'],
    // [task-name-one-line] three spreadsheet rows pasted into one name
    [{ name: 'Design\tAna\t3d\nBuild\tBen\t5d' }, 'Task name must be one line: remove tabs, line breaks and other control characters'],
    [{ status: 'done' }, 'Status must be one of pending, in_progress, completed or blocked'],
    [{ priority: 'urgent' }, 'Priority must be one of low, medium, high or critical'],
    [{ assigneeId: 'someone' }, 'Assignee is not valid'],
  ])('[task-validation] %o → 400 %s', async (override, message) => {
    const { owner, project } = await projectWithOwner();
    const res = await owner.client.post('/api/tasks', task(project.id, override));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await owner.client.get(`/api/projects/${project.id}/tasks`)).body).toEqual([]);
  });

  it('[task-assignee] only members of the project can be assigned', async () => {
    const { owner, project } = await projectWithOwner();
    const stranger = await registeredClient(server);
    const res = await owner.client.post('/api/tasks', task(project.id, { assigneeId: stranger.user.id }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Tasks can only be assigned to members of the project');
    const ok = await owner.client.post('/api/tasks', task(project.id, { assigneeId: owner.user.id }));
    expect(ok.body).toMatchObject({ assigneeId: owner.user.id, assignedTo: 'Ada Lovelace', assigneeIds: [owner.user.id] });
  });

  it('[task-history] an update records who changed which field from what to what, and why', async () => {
    const { owner, team, project } = await projectWithOwner();
    const member = await joinedMember(server, owner.client, team.id);
    await member.client.put('/api/auth/user', { firstName: 'Bea', lastName: 'Builder', email: member.account.email });
    const created = (await owner.client.post('/api/tasks', task(project.id))).body;
    const res = await member.client.request('PATCH', `/api/tasks/${created.id}`, {
      progress: 40, endDate: '2026-11-30', changeReason: '  supplier was late ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ progress: 40, endDate: '2026-11-30' });
    const history = (await owner.client.get(`/api/tasks/${created.id}/history`)).body;
    expect(history.slice(0, 2)).toMatchObject([
      { fieldName: 'progress', oldValue: '0', newValue: '40', changeReason: 'supplier was late', changedByUser: { firstName: 'Bea', email: member.account.email } },
      { fieldName: 'endDate', oldValue: '2026-11-27', newValue: '2026-11-30', changeReason: 'supplier was late' },
    ]);
    // A blank reason is not stored; an unchanged value records nothing.
    await owner.client.request('PATCH', `/api/tasks/${created.id}`, { status: 'completed', changeReason: '   ' });
    await owner.client.request('PATCH', `/api/tasks/${created.id}`, { progress: 40 });
    const after = (await owner.client.get(`/api/tasks/${created.id}/history`)).body;
    expect(after).toHaveLength(history.length + 1);
    expect(after[0]).toMatchObject({ fieldName: 'status', oldValue: 'pending', newValue: 'completed', changeReason: null });
  });

  it('[task-update-validation] end before the stored start is refused and nothing changes', async () => {
    const { owner, project } = await projectWithOwner();
    const created = (await owner.client.post('/api/tasks', task(project.id))).body;
    const res = await owner.client.request('PATCH', `/api/tasks/${created.id}`, { endDate: '2026-11-20' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('End date cannot be before start date');
    expect((await owner.client.request('PATCH', `/api/tasks/${created.id}`, {})).status).toBe(400);
    expect((await owner.client.request('PATCH', `/api/tasks/${created.id}`, { changeReason: 'just because' })).status).toBe(400);
    expect((await owner.client.get(`/api/tasks/${created.id}/history`)).body).toHaveLength(1);
  });

  it('[task-delete] deletes the task, recording it whole in its history (time travel); a second delete is a 404', async () => {
    const { owner, project } = await projectWithOwner();
    const created = (await owner.client.post('/api/tasks', task(project.id))).body;
    expect((await owner.client.request('DELETE', `/api/tasks/${created.id}`)).status).toBe(204);
    expect((await owner.client.get(`/api/projects/${project.id}/tasks`)).body).toEqual([]);
    expect((await owner.client.request('DELETE', `/api/tasks/${created.id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/tasks/${created.id}/history`)).status).toBe(404);
    const rows = await server.dataSource.query(`SELECT field_name, old_value FROM task_change_history WHERE task_id = $1 ORDER BY seq`, [created.id]);
    expect(rows.map((r: { field_name: string }) => r.field_name)).toEqual(['created', 'deleted']);
    expect(JSON.parse(rows[1].old_value)).toMatchObject({ name: created.name, createdAt: created.createdAt, updatedAt: created.updatedAt });
  });

  it('[task-authz] outsiders and removed members cannot read or change tasks; guests of the project can', async () => {
    const { owner, team, project } = await projectWithOwner();
    const created = (await owner.client.post('/api/tasks', task(project.id))).body;
    const outsider = await registeredClient(server);
    const removed = await joinedMember(server, owner.client, team.id);
    await owner.client.request('DELETE', `/api/teams/${team.id}/members/${removed.user.id}`);
    for (const who of [outsider.client, removed.client]) {
      expect((await who.get(`/api/projects/${project.id}/tasks`)).status).toBe(404);
      expect((await who.get(`/api/tasks/${created.id}/history`)).status).toBe(404);
      expect((await who.request('PATCH', `/api/tasks/${created.id}`, { name: 'Mine' })).status).toBe(404);
      expect((await who.request('DELETE', `/api/tasks/${created.id}`)).status).toBe(404);
      expect((await who.post('/api/tasks', task(project.id))).status).toBe(404);
    }
    expect((await new ApiClient(server.url).get(`/api/projects/${project.id}/tasks`)).status).toBe(401);
    const token = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink.split('/').pop();
    const guest = await registeredClient(server);
    await guest.client.post('/api/projects/join', { token });
    expect((await guest.client.request('PATCH', `/api/tasks/${created.id}`, { progress: 10 })).status).toBe(200);
    expect((await owner.client.post('/api/tasks', task(project.id, { assigneeId: guest.user.id }))).status).toBe(201);
  });
});

describe('dependencies', () => {
  it('[dependencies] adds and removes; a cycle is a 400 that names it; other projects are refused', async () => {
    const { owner, team, project } = await projectWithOwner();
    const a = (await owner.client.post('/api/tasks', task(project.id, { name: 'A' }))).body;
    const b = (await owner.client.post('/api/tasks', task(project.id, { name: 'B' }))).body;
    const c = (await owner.client.post('/api/tasks', task(project.id, { name: 'C' }))).body;
    expect((await owner.client.post(`/api/tasks/${b.id}/dependencies`, { dependsOnTaskId: a.id })).body.dependencies).toEqual([a.id]);
    expect((await owner.client.post(`/api/tasks/${c.id}/dependencies`, { dependsOnTaskId: b.id })).status).toBe(201);
    const cycle = await owner.client.post(`/api/tasks/${a.id}/dependencies`, { dependsOnTaskId: c.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.message).toBe('That dependency would make a cycle: A → C → B → A');
    expect((await owner.client.post(`/api/tasks/${a.id}/dependencies`, { dependsOnTaskId: a.id })).status).toBe(400);
    const otherProject = (await owner.client.post('/api/projects', { name: 'Other', teamId: team.id })).body;
    const elsewhere = (await owner.client.post('/api/tasks', task(otherProject.id, { name: 'Elsewhere' }))).body;
    const cross = await owner.client.post(`/api/tasks/${a.id}/dependencies`, { dependsOnTaskId: elsewhere.id });
    expect(cross.status).toBe(400);
    expect(cross.body.message).toBe('A task can only depend on another task of the same project');
    expect((await owner.client.request('DELETE', `/api/tasks/${b.id}/dependencies/${a.id}`)).body.dependencies).toEqual([]);
    expect((await owner.client.request('DELETE', `/api/tasks/${b.id}/dependencies/${a.id}`)).status).toBe(404);
    // Deleting a task takes its dependencies with it.
    await owner.client.request('DELETE', `/api/tasks/${b.id}`);
    expect((await owner.client.get(`/api/projects/${project.id}/tasks`)).body.find((t: { id: string }) => t.id === c.id).dependencies).toEqual([]);
  });
});

describe('the task list answered again', () => {
  it('[task-list-cache] unchanged rows answer 304 to the ETag; any change to tasks, dependencies or an assignee\'s name answers anew', async () => {
    const { owner, team, project } = await projectWithOwner();
    const member = await joinedMember(server, owner.client, team.id);
    const a = (await owner.client.post('/api/tasks', task(project.id, { name: 'A', assigneeId: member.user.id }))).body as { id: string };
    const b = (await owner.client.post('/api/tasks', task(project.id, { name: 'B' }))).body as { id: string };
    const path = `/api/projects/${project.id}/tasks`;
    // As a browser revalidates its cached copy (fetch itself would add Cache-Control: no-cache, asking for a full answer).
    const revalidate = (etag: string) => ({ 'if-none-match': etag, 'cache-control': 'max-age=0' });
    const read = (etag?: string) => owner.client.request('GET', path, undefined, etag ? revalidate(etag) : {});

    /** Reads with the last ETag: the list must come back whole (200, a new ETag) and pass `check`. */
    let etag = '';
    const changedSince = async (check: (tasks: any[]) => boolean) => {
      const res = await read(etag);
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).not.toBe(etag);
      expect(check(res.body)).toBe(true);
      etag = res.headers.get('etag')!;
      expect((await read(etag)).status).toBe(304);
    };

    const first = await read();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const unchanged = await read(etag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBeNull();

    await owner.client.request('PATCH', `/api/tasks/${b.id}`, { progress: 40 });
    await changedSince((tasks) => tasks.find((t) => t.id === b.id).progress === 40);
    await owner.client.post(`/api/tasks/${b.id}/dependencies`, { dependsOnTaskId: a.id });
    await changedSince((tasks) => tasks.find((t) => t.id === b.id).dependencies.includes(a.id));
    await member.client.put('/api/auth/user', { firstName: 'Renamed', lastName: 'Person', email: member.account.email });
    await changedSince((tasks) => tasks.find((t) => t.id === a.id).assignedTo === 'Renamed Person');
    await owner.client.request('DELETE', `/api/tasks/${a.id}`);
    await changedSince((tasks) => tasks.length === 1);

    // An outsider's ETag guess gets the same 404 as without one: access is checked first.
    const outsider = await registeredClient(server);
    expect((await outsider.client.request('GET', path, undefined, revalidate(etag))).status).toBe(404);
  });
});
