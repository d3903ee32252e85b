import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './collab-client.js';
import { createTask, joinedMember, registeredClient, setTeamPlan, startTestServer, teamWithOwner, type ClientUser } from './harness.js';

/**
 * [leveling] Issue 36: POST /api/projects/{projectId}/level { preview, userIds? }. Ana has "Hull" (Mon 7 - Fri 11 Dec
 * 2026, high priority) and "Sails" (Mon 7 - Wed 9, low priority) at 100 % each: 16 hours a day for three days.
 * "Rigging" (the owner's) follows Sails. A task others depend on stays (MS Project's standard order comes before
 * priority): Hull is delayed until Sails is done, and nothing else moves.
 */
const server = await startTestServer();
let owner: ClientUser;
let ana: ClientUser;
let teamId: string;
let projectId: string;
const ids: Record<string, string> = {};

const task = async (body: Record<string, unknown>) => (await createTask(owner.client, { projectId, ...body })).id;
const dates = async (id: string) => {
  const [row] = await server.dataSource.query(`SELECT start_date::text AS s, end_date::text AS e FROM tasks WHERE id = $1`, [id]);
  return [row.s, row.e];
};

beforeAll(async () => {
  const made = await teamWithOwner(server, 'Shipyard');
  owner = made.owner;
  teamId = made.team.id;
  ana = await joinedMember(server, owner.client, teamId);
  projectId = ((await owner.client.post('/api/projects', { name: 'Schooner', teamId })).body as { id: string }).id;
  ids.hull = await task({ name: 'Hull', startDate: '2026-12-07', endDate: '2026-12-11', assigneeIds: [ana.user.id], priority: 'high' });
  ids.sails = await task({ name: 'Sails', startDate: '2026-12-07', endDate: '2026-12-09', assigneeIds: [ana.user.id], priority: 'low' });
  ids.rigging = await task({ name: 'Rigging', startDate: '2026-12-10', endDate: '2026-12-10', assigneeIds: [owner.user.id] });
  expect((await owner.client.post(`/api/tasks/${ids.rigging}/dependencies`, { dependsOnTaskId: ids.sails })).status).toBe(201);
});
afterAll(async () => {
  await server.stop();
});

const level = (who: ClientUser, body: unknown) => who.client.post(`/api/projects/${projectId}/level`, body);

describe('[leveling] resolve over-allocation', () => {
  it('[leveling] the preview says which tasks move and why, and stores nothing', async () => {
    const res = await level(ana, { preview: true });
    expect(res.status).toBe(200);
    expect(res.body.unresolved).toEqual([]);
    // Five working days from Thursday 10: Thu, Fri, Mon, Tue, Wed 16.
    expect(res.body.moves).toEqual([
      { taskId: ids.hull, fromStart: '2026-12-07', toStart: '2026-12-10', fromEnd: '2026-12-11', toEnd: '2026-12-16', reason: 'Levelled: Ada Lovelace over-allocated 7-9 Dec' },
    ]);
    expect(await dates(ids.hull!)).toEqual(['2026-12-07', '2026-12-11']);
  });

  it('[leveling] applying makes the moves in one edit, each in the history with its reason; a second run moves nothing', async () => {
    const res = await level(owner, { preview: false });
    expect(res.status).toBe(200);
    expect(res.body.moves.map((m: { taskId: string }) => m.taskId)).toEqual([ids.hull]);
    expect(res.body.skipped).toEqual([]);
    await eventually(() => dates(ids.hull!), (d) => d[0] === '2026-12-10', 5000);
    expect(await dates(ids.hull!)).toEqual(['2026-12-10', '2026-12-16']);
    expect(await dates(ids.sails!)).toEqual(['2026-12-07', '2026-12-09']);
    expect(await dates(ids.rigging!)).toEqual(['2026-12-10', '2026-12-10']);
    const history: { task_id: string; field_name: string; change_reason: string | null; changed_by: string }[] = await server.dataSource.query(
      `SELECT task_id, field_name, change_reason, changed_by FROM task_change_history WHERE task_id = ANY($1::uuid[]) AND field_name = 'startDate' ORDER BY seq`,
      [[ids.hull, ids.sails, ids.rigging]],
    );
    expect(history).toEqual([{ task_id: ids.hull, field_name: 'startDate', change_reason: 'Levelled: Ada Lovelace over-allocated 7-9 Dec', changed_by: owner.user.id }]);
    const again = await level(owner, { preview: false });
    expect(again.body).toEqual({ moves: [], unresolved: [], skipped: [] });
  });

  it.each([
    [{}, 'preview must be true or false'],
    [{ preview: 'yes' }, 'preview must be true or false'],
    [{ preview: true, userIds: ['ana'] }, 'Person is not valid'],
  ])('[leveling] bad input %j: 400 with a message', async (body, message) => {
    const res = await level(owner, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('[leveling] someone who cannot open the project: 404; a Free team: 402', async () => {
    const stranger = await registeredClient(server);
    expect((await level(stranger, { preview: true })).status).toBe(404);
    await setTeamPlan(server, teamId, 'free');
    const res = await level(owner, { preview: true });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ requiredPlan: 'pro', requiresUpgrade: true });
  });

  it('[leveling] a plan running over two years is refused with a message (its span bounds the work), not levelled', async () => {
    await setTeamPlan(server, teamId, 'enterprise');
    const far = await task({ name: 'Decommission', startDate: '2029-01-01', endDate: '2029-01-05' });
    const res = await level(owner, { preview: true });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/plans of up to 2 years/);
    expect((await owner.client.request('DELETE', `/api/tasks/${far}`)).status).toBe(204);
    expect((await level(owner, { preview: true })).status).toBe(200);
  });
});
