import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredClient, startTestServer, type TestServer } from './harness.js';

/**
 * [form-merge] Issue 33 item 2: a project or task edit sent with the values the person started from (`base`) never
 * overwrites a teammate's change made meanwhile: 409 with the current value and who changed it, nothing written.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Ana's team and project, Ben a member of the team. */
async function anaAndBen() {
  const ana = await registeredClient(server, { firstName: 'Ana' });
  const ben = await registeredClient(server, { firstName: 'Ben' });
  const team = (await ana.client.post('/api/teams', { name: 'Shipyard' })).body as { id: string };
  const link = (await ana.client.get(`/api/teams/${team.id}/invite-link`)).body as { inviteLink: string };
  expect((await ben.client.post('/api/teams/join', { token: new URL(link.inviteLink).searchParams.get('token') })).status).toBe(200);
  const project = (await ana.client.post('/api/projects', { name: 'Hull', teamId: team.id })).body as { id: string };
  const patch = (who: typeof ana, body: object) => who.client.request('PATCH', `/api/projects/${project.id}`, body);
  const stored = async () => (await server.dataSource.query(`SELECT name, status, description FROM projects WHERE id = $1`, [project.id]))[0];
  return { ana, ben, project, patch, stored };
}

describe('[form-merge] PATCH /api/projects/{id} with a base', () => {
  it("answers 409 with Ana's name and her value when Ben renames from the name before hers, and writes nothing", async () => {
    const { ana, ben, patch, stored } = await anaAndBen();
    expect((await patch(ana, { name: 'Hull, phase 1', base: { name: 'Hull' } })).status).toBe(200);

    const res = await patch(ben, { name: 'Hull (Ben)', base: { name: 'Hull' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: 'Ana changed the name to "Hull, phase 1" while you were editing it. Keep yours or take theirs.',
      conflicts: [{ field: 'name', current: 'Hull, phase 1', changedBy: { id: ana.user.id, firstName: 'Ana' } }],
    });
    expect(await stored()).toMatchObject({ name: 'Hull, phase 1' });

    // Keeping his: Ben sends again from the value he has now seen.
    const kept = await patch(ben, { name: 'Hull (Ben)', base: { name: 'Hull, phase 1' } });
    expect(kept.status).toBe(200);
    expect(kept.body.editedBy).toEqual({ name: { id: ben.user.id, firstName: 'Ben' } });
    expect(await stored()).toMatchObject({ name: 'Hull (Ben)' });
  });

  it('checks only the fields sent: a status change from its own base passes after a teammate renamed', async () => {
    const { ana, ben, patch, stored } = await anaAndBen();
    expect((await patch(ana, { name: 'Hull, phase 1' })).status).toBe(200);
    const res = await patch(ben, { status: 'on-hold', base: { status: 'active', name: 'Hull' } });
    expect(res.status).toBe(200);
    expect(res.body.editedBy).toEqual({ name: { id: ana.user.id, firstName: 'Ana' }, status: { id: ben.user.id, firstName: 'Ben' } });
    expect(await stored()).toMatchObject({ name: 'Hull, phase 1', status: 'on-hold' });
  });

  it('lets one of two saves from the same base through, never both', async () => {
    const { ana, ben, patch, stored } = await anaAndBen();
    const answers = await Promise.all([patch(ana, { status: 'completed', base: { status: 'active' } }), patch(ben, { status: 'on-hold', base: { status: 'active' } })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.status === 200)!.body.status;
    expect((await stored()).status).toBe(won);
  });

  it('refuses a base that is not an object with a message, and a base alone as nothing to update', async () => {
    const { ana, patch } = await anaAndBen();
    expect(await patch(ana, { name: 'Hull 2', base: 'Hull' })).toMatchObject({ status: 400, body: { message: expect.stringContaining('Base must be an object') } });
    expect(await patch(ana, { base: { name: 'Hull' } })).toMatchObject({ status: 400, body: { message: expect.stringContaining('Nothing to update') } });
  });
});

describe('[form-merge] PATCH /api/tasks/{id} with a base', () => {
  it("answers 409 with Ana's name and value for a field Ben changed from before her change; other fields pass", async () => {
    const { ana, ben, project } = await anaAndBen();
    const task = (await ana.client.post('/api/tasks', { projectId: project.id, name: 'Weld frame', startDate: '2026-12-01', endDate: '2026-12-04' })).body as { id: string };
    const patch = (who: typeof ana, body: object) => who.client.request('PATCH', `/api/tasks/${task.id}`, body);
    const stored = async () => (await server.dataSource.query(`SELECT name, description, progress FROM tasks WHERE id = $1`, [task.id]))[0];
    expect((await patch(ana, { name: 'Weld the main frame' })).status).toBe(200);

    const res = await patch(ben, { name: 'Weld frame (Ben)', progress: 30, base: { name: 'Weld frame', progress: 0 } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: 'Ana changed name to "Weld the main frame" while you were editing it. Keep yours or take theirs.',
      conflicts: [{ field: 'name', current: 'Weld the main frame', changedBy: { firstName: 'Ana' } }],
    });
    expect(await stored()).toMatchObject({ name: 'Weld the main frame', progress: 0 });

    // A field nobody else changed saves from its base; the name Ana gave stays.
    expect((await patch(ben, { description: 'Check the welds twice', status: 'in_progress', base: { description: null, status: 'pending' } })).status).toBe(200);
    expect(await stored()).toMatchObject({ name: 'Weld the main frame', description: 'Check the welds twice' });
  });
});
