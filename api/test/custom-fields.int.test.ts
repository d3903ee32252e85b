import { MAX_CUSTOM_FIELDS_PER_PROJECT, SOCKET_IO_PATH, type CustomField } from '@planline/domain';
import { isDeepStrictEqual } from 'node:util';
import { readTask, writeTask } from '@planline/document';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openProjectDocument } from './collab-client.js';
import { createTask, joinedMember, registeredClient, startTestServer, teamWithOwner, type ApiClient, type TestServer } from './harness.js';

/**
 * [custom-fields] Issue 39: a project's own fields (text, number, date, choice, checkbox). Definitions through
 * /api/projects/{id}/fields (the team's), values as the task field `custom` through PATCH /api/tasks and the
 * document alike, judged against the definitions; a removal takes the values out in one server edit and a restore
 * brings them back.
 */
let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server?.stop();
});

async function projectWithPeople() {
  const { owner, team } = await teamWithOwner(server);
  const project = (await owner.client.post('/api/projects', { name: 'Yard', teamId: team.id })).body as { id: string };
  const member = await joinedMember(server, owner.client, team.id);
  const link = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink as string;
  const guest = await registeredClient(server);
  expect((await guest.client.post('/api/projects/join', { token: link.split('/').pop() })).status).toBe(200);
  const outsider = await registeredClient(server);
  const task = await createTask(owner.client, { projectId: project.id, name: 'Keel', startDate: '2026-12-07', endDate: '2026-12-11' });
  return { owner, member, guest, outsider, projectId: project.id, taskId: task.id };
}

const fieldsOf = (projectId: string) => `/api/projects/${projectId}/fields`;
async function addField(client: ApiClient, projectId: string, body: Record<string, unknown>): Promise<CustomField> {
  const res = await client.post(fieldsOf(projectId), body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as CustomField;
}
const historyOf = (taskId: string): Promise<{ field_name: string; old_value: string | null; new_value: string | null; change_reason: string | null }[]> =>
  server.dataSource.query(`SELECT field_name, old_value, new_value, change_reason FROM task_change_history WHERE task_id = $1 AND field_name = 'custom' ORDER BY seq`, [
    taskId,
  ]);

describe('[custom-fields] definitions', () => {
  it('[custom-fields] the team adds, renames, reorders and lists fields; names are unique whatever their case (409)', async () => {
    const { owner, member, guest, projectId } = await projectWithPeople();
    const cost = await addField(owner.client, projectId, { name: 'Cost', type: 'number' });
    const phase = await addField(member.client, projectId, { name: 'Phase', type: 'choice', options: ['Design', 'Build'] });
    expect([cost.position, phase.position]).toEqual([0, 1]);
    const dup = await owner.client.post(fieldsOf(projectId), { name: 'cost', type: 'text' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toContain('«Cost»');
    expect((await owner.client.request('PATCH', `${fieldsOf(projectId)}/${phase.id}`, { name: 'COST' })).status).toBe(409);
    const moved = await owner.client.request('PATCH', `${fieldsOf(projectId)}/${phase.id}`, { name: 'Stage', position: 0 });
    expect(moved.status).toBe(200);
    const listed = (await guest.client.get(fieldsOf(projectId))).body as CustomField[];
    expect(listed.map((f) => [f.name, f.position])).toEqual([['Stage', 0], ['Cost', 1]]);
  });

  it.each([
    [{ name: 'X', type: 'money' }, 'Field type must be one of'],
    [{ name: 'X', type: 'choice' }, 'A choice field needs at least one option'],
    [{ name: 'X', type: 'text', options: ['a'] }, 'Only a choice field has options'],
    [{ name: 'X', type: 'choice', options: ['a', 'A'] }, 'Each option can be listed once'],
  ])('[custom-fields] a field that cannot be is a 400 saying why: %j', async (body, message) => {
    const { owner, projectId } = await projectWithPeople();
    const res = await owner.client.post(fieldsOf(projectId), body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('[custom-fields] the type cannot change; options only for a choice field', async () => {
    const { owner, projectId } = await projectWithPeople();
    const cost = await addField(owner.client, projectId, { name: 'Cost', type: 'number' });
    expect((await owner.client.request('PATCH', `${fieldsOf(projectId)}/${cost.id}`, { type: 'text' })).status).toBe(400);
    const options = await owner.client.request('PATCH', `${fieldsOf(projectId)}/${cost.id}`, { options: ['a'] });
    expect(options.status).toBe(400);
    expect(options.body.message).toContain('Only a choice field has options');
  });

  it('[custom-field-access] guests read fields but may not change them (403); outsiders learn nothing (404)', async () => {
    const { owner, guest, outsider, projectId } = await projectWithPeople();
    const cost = await addField(owner.client, projectId, { name: 'Cost', type: 'number' });
    expect((await guest.client.get(fieldsOf(projectId))).status).toBe(200);
    expect((await guest.client.post(fieldsOf(projectId), { name: 'Mine', type: 'text' })).status).toBe(403);
    expect((await guest.client.request('PATCH', `${fieldsOf(projectId)}/${cost.id}`, { name: 'Price' })).status).toBe(403);
    expect((await guest.client.request('DELETE', `${fieldsOf(projectId)}/${cost.id}`)).status).toBe(403);
    expect((await outsider.client.get(fieldsOf(projectId))).status).toBe(404);
    expect((await outsider.client.post(fieldsOf(projectId), { name: 'Mine', type: 'text' })).status).toBe(404);
    expect((await outsider.client.request('DELETE', `${fieldsOf(projectId)}/${cost.id}`)).status).toBe(404);
    expect(((await owner.client.get(fieldsOf(projectId))).body as CustomField[]).map((f) => f.name)).toEqual(['Cost']);
  });

  it(`[custom-field-limit] ${MAX_CUSTOM_FIELDS_PER_PROJECT} fields a project, however many are asked for at once`, async () => {
    const { owner, projectId } = await projectWithPeople();
    const asked = await Promise.all(
      Array.from({ length: MAX_CUSTOM_FIELDS_PER_PROJECT + 5 }, (_, i) => owner.client.post(fieldsOf(projectId), { name: `F${i}`, type: 'text' })),
    );
    expect(asked.filter((r) => r.status === 201)).toHaveLength(MAX_CUSTOM_FIELDS_PER_PROJECT);
    const refused = asked.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(5).fill(409));
    expect(refused[0]!.body.message).toContain(`at most ${MAX_CUSTOM_FIELDS_PER_PROJECT} custom fields`);
    const positions = ((await owner.client.get(fieldsOf(projectId))).body as CustomField[]).map((f) => f.position);
    expect(positions).toEqual(Array.from({ length: MAX_CUSTOM_FIELDS_PER_PROJECT }, (_, i) => i));
  });
});

describe('[custom-values] values of tasks', () => {
  it('[custom-values] PATCH /api/tasks sets each type; a listed field is replaced, null clears it, others stay; history records it', async () => {
    const { owner, guest, projectId, taskId } = await projectWithPeople();
    const notes = await addField(owner.client, projectId, { name: 'Notes', type: 'text' });
    const cost = await addField(owner.client, projectId, { name: 'Cost', type: 'number' });
    const due = await addField(owner.client, projectId, { name: 'Due', type: 'date' });
    const phase = await addField(owner.client, projectId, { name: 'Phase', type: 'choice', options: ['Design', 'Build'] });
    const done = await addField(owner.client, projectId, { name: 'Signed', type: 'checkbox' });
    const all = { [notes.id]: 'Oak', [cost.id]: 1250.5, [due.id]: '2026-12-31', [phase.id]: 'Build', [done.id]: true };
    const res = await owner.client.request('PATCH', `/api/tasks/${taskId}`, { custom: all });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.custom).toEqual(all);
    // A guest edits values, as any task field.
    const cleared = await guest.client.request('PATCH', `/api/tasks/${taskId}`, { custom: { [notes.id]: null, [cost.id]: 99 } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.custom).toEqual({ ...all, [notes.id]: undefined, [cost.id]: 99 });
    const listed = (await owner.client.get(`/api/projects/${projectId}/tasks`)).body as { id: string; custom: unknown }[];
    expect(listed.find((t) => t.id === taskId)?.custom).toEqual(cleared.body.custom);
    const history = await historyOf(taskId);
    expect(history).toHaveLength(2);
    expect(JSON.parse(history[1]!.old_value!)).toEqual(all);
    const made = await owner.client.post('/api/tasks', { projectId, name: 'Mast', startDate: '2026-12-07', endDate: '2026-12-08', custom: { [cost.id]: 7 } });
    expect(made.status).toBe(201);
    expect(made.body.custom).toEqual({ [cost.id]: 7 });
  });

  it.each([
    ['number', { type: 'number' }, 'twelve', 'Cost must be a number'],
    ['number', { type: 'number' }, 1e13, 'Cost must be a number'],
    ['date', { type: 'date' }, '31/12/2026', 'Cost must be a date'],
    ['choice', { type: 'choice', options: ['A'] }, 'B', 'Cost must be one of A'],
    ['checkbox', { type: 'checkbox' }, 'yes', 'Cost is checked or not'],
    ['text', { type: 'text' }, 5, 'Cost is text'],
  ])('[custom-values] a %s field refuses %j with a 400 naming the field', async (_type, def, value, message) => {
    const { owner, projectId, taskId } = await projectWithPeople();
    const field = await addField(owner.client, projectId, { name: 'Cost', ...def });
    const res = await owner.client.request('PATCH', `/api/tasks/${taskId}`, { custom: { [field.id]: value } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('[custom-values] a value of a field the project does not have is a 400', async () => {
    const { owner, projectId, taskId } = await projectWithPeople();
    const res = await owner.client.request('PATCH', `/api/tasks/${taskId}`, { custom: { '00000000-0000-4000-8000-000000000001': 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('no custom field');
    expect((await owner.client.get(`/api/tasks/${taskId}`)).body.custom).toEqual({});
    expect(projectId).toBeTruthy();
  });

  it('[custom-values] through the document: a valid value is stored, one of the wrong type or an unknown field is put back', async () => {
    const { owner, projectId, taskId } = await projectWithPeople();
    const cost = await addField(owner.client, projectId, { name: 'Cost', type: 'number' });
    const phase = await addField(owner.client, projectId, { name: 'Phase', type: 'choice', options: ['Design'] });
    const client = openProjectDocument(server.url, owner.client.cookieHeader, projectId);
    try {
      await client.synced;
      client.doc.transact(() => writeTask(client.doc, taskId, { custom: { [cost.id]: 10, [phase.id]: 'Design' } }));
      await eventually(() => owner.client.get(`/api/tasks/${taskId}`).then((r) => r.body.custom), (c) => c?.[cost.id] === 10, 5000);
      // The wrong type for Cost, an option Phase lacks, a field that is not: each goes back, alone.
      client.doc.transact(() => writeTask(client.doc, taskId, { custom: { [cost.id]: 'ten', [phase.id]: 'Design', '00000000-0000-4000-8000-000000000001': 1 } }));
      await eventually(() => readTask(client.doc, taskId)?.custom, (c) => isDeepStrictEqual(c, { [cost.id]: 10, [phase.id]: 'Design' }), 5000);
      client.doc.transact(() => writeTask(client.doc, taskId, { custom: { [cost.id]: 10, [phase.id]: 'Build' } }));
      await eventually(() => readTask(client.doc, taskId)?.custom, (c) => (c as Record<string, unknown>)?.[phase.id] === 'Design', 5000);
      expect((await owner.client.get(`/api/tasks/${taskId}`)).body.custom).toEqual({ [cost.id]: 10, [phase.id]: 'Design' });
      const rows: { custom: unknown }[] = await server.dataSource.query(`SELECT custom FROM tasks WHERE id = $1`, [taskId]);
      expect(rows[0]!.custom).toEqual({ [cost.id]: 10, [phase.id]: 'Design' });
    } finally {
      client.close();
    }
  });

  it('[custom-values] a past plan reads the values as they were then (time travel)', async () => {
    const { owner, projectId, taskId } = await projectWithPeople();
    const cost = await addField(owner.client, projectId, { name: 'Cost', type: 'number' });
    const before = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await owner.client.request('PATCH', `/api/tasks/${taskId}`, { custom: { [cost.id]: 5 } });
    const then = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await owner.client.request('PATCH', `/api/tasks/${taskId}`, { custom: { [cost.id]: 9 } });
    const at = async (instant: string) =>
      ((await owner.client.get(`/api/projects/${projectId}/tasks?at=${encodeURIComponent(instant)}`)).body as { id: string; custom: unknown }[]).find((t) => t.id === taskId)?.custom;
    expect(await at(before)).toEqual({});
    expect(await at(then)).toEqual({ [cost.id]: 5 });
    expect(await at(new Date().toISOString())).toEqual({ [cost.id]: 9 });
  });

  it('[custom-values] removing an option clears it from the tasks that held it', async () => {
    const { owner, projectId, taskId } = await projectWithPeople();
    const phase = await addField(owner.client, projectId, { name: 'Phase', type: 'choice', options: ['Design', 'Build'] });
    const other = await createTask(owner.client, { projectId, name: 'Sails', startDate: '2026-12-07', endDate: '2026-12-08' });
    await owner.client.request('PATCH', `/api/tasks/${taskId}`, { custom: { [phase.id]: 'Build' } });
    await owner.client.request('PATCH', `/api/tasks/${other.id}`, { custom: { [phase.id]: 'Design' } });
    const res = await owner.client.request('PATCH', `${fieldsOf(projectId)}/${phase.id}`, { options: ['Design', 'Launch'] });
    expect(res.status).toBe(200);
    expect(res.body.options).toEqual(['Design', 'Launch']);
    expect((await owner.client.get(`/api/tasks/${taskId}`)).body.custom).toEqual({});
    expect((await owner.client.get(`/api/tasks/${other.id}`)).body.custom).toEqual({ [phase.id]: 'Design' });
    expect((await historyOf(taskId)).at(-1)?.change_reason).toBe('Field «Phase»: option «Build» removed');
  });
});

describe('[custom-field-restore] removal and restore', () => {
  it('[custom-field-restore] DELETE takes the values out of every task in one history step; restore brings them back; events tell the room', async () => {
    const { owner, projectId, taskId } = await projectWithPeople();
    const socket = connectSocket(server.url, { path: SOCKET_IO_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { cookie: owner.client.cookieHeader } });
    sockets.push(socket);
    await new Promise((r) => socket.once('session:ready', r));
    const events: [string, unknown][] = [];
    socket.on('customField:saved', (e) => events.push(['saved', e.field.name]));
    socket.on('customField:deleted', (e) => events.push(['deleted', e.fieldId]));

    const cost = await addField(owner.client, projectId, { name: 'Cost', type: 'number' });
    const other = await createTask(owner.client, { projectId, name: 'Sails', startDate: '2026-12-07', endDate: '2026-12-08' });
    await owner.client.request('PATCH', `/api/tasks/${taskId}`, { custom: { [cost.id]: 5 } });
    await owner.client.request('PATCH', `/api/tasks/${other.id}`, { custom: { [cost.id]: 8 } });
    expect((await owner.client.request('DELETE', `${fieldsOf(projectId)}/${cost.id}`)).status).toBe(204);
    expect((await owner.client.get(fieldsOf(projectId))).body).toEqual([]);
    expect((await owner.client.get(`/api/tasks/${taskId}`)).body.custom).toEqual({});
    expect((await owner.client.get(`/api/tasks/${other.id}`)).body.custom).toEqual({});
    const removal: { task_id: string; change_reason: string; seq: string }[] = await server.dataSource.query(
      `SELECT task_id, change_reason, seq FROM task_change_history WHERE task_id = ANY($1::uuid[]) AND change_reason = 'Field «Cost» removed'`,
      [[taskId, other.id]],
    );
    expect(removal).toHaveLength(2);
    // Its name is free at once; a value of the removed field is refused.
    expect((await owner.client.request('PATCH', `/api/tasks/${taskId}`, { custom: { [cost.id]: 1 } })).status).toBe(400);
    const restored = await owner.client.post(`${fieldsOf(projectId)}/${cost.id}/restore`, {});
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.name).toBe('Cost');
    expect((await owner.client.get(`/api/tasks/${taskId}`)).body.custom).toEqual({ [cost.id]: 5 });
    expect((await owner.client.get(`/api/tasks/${other.id}`)).body.custom).toEqual({ [cost.id]: 8 });
    expect((await owner.client.post(`${fieldsOf(projectId)}/${cost.id}/restore`, {})).status).toBe(409);
    await eventually(() => events.length, (n) => n >= 3);
    expect(events).toEqual([['saved', 'Cost'], ['deleted', cost.id], ['saved', 'Cost']]);
  });

  it('[custom-field-restore] a restore whose name was taken since is a 409 saying so; once free, it goes through', async () => {
    const { owner, projectId, taskId } = await projectWithPeople();
    const cost = await addField(owner.client, projectId, { name: 'Cost', type: 'number' });
    await owner.client.request('PATCH', `/api/tasks/${taskId}`, { custom: { [cost.id]: 5 } });
    await owner.client.request('DELETE', `${fieldsOf(projectId)}/${cost.id}`);
    const again = await addField(owner.client, projectId, { name: 'cost', type: 'text' });
    const taken = await owner.client.post(`${fieldsOf(projectId)}/${cost.id}/restore`, {});
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('«cost»');
    await owner.client.request('DELETE', `${fieldsOf(projectId)}/${again.id}`);
    expect((await owner.client.post(`${fieldsOf(projectId)}/${cost.id}/restore`, {})).status).toBe(200);
    expect((await owner.client.get(`/api/tasks/${taskId}`)).body.custom).toEqual({ [cost.id]: 5 });
  });
});
