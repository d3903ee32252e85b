import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinedMember, registeredClient, setTeamPlan, startTestServer, teamWithOwner, type TestServer } from './harness.js';

// Check-then-act rules hold under concurrent requests (issue 3: limits, approvals, invite use).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const count = async (sql: string, params: unknown[]) => Number((await server.dataSource.query(sql, params))[0].n);

describe('races', () => {
  it('[race-approval] 50 parallel approvals of one request give exactly one membership', async () => {
    const { owner, team } = await teamWithOwner(server);
    const admin = await joinedMember(server, owner.client, team.id, 'admin');
    const asker = await registeredClient(server);
    const ask = await asker.client.post('/api/teams/request-join', { teamCode: team.teamCode });
    const responders = [owner.client, admin.client];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        responders[i % 2]!.post(`/api/teams/join-requests/${ask.body.id}/respond`, { response: 'approved' }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await count(`SELECT count(*) AS n FROM team_members WHERE team_id = $1 AND user_id = $2`, [team.id, asker.user.id])).toBe(1);
  });

  it('[race-approve-deny] approvals and denials racing end in one answer, consistent with the membership', async () => {
    const { owner, team } = await teamWithOwner(server);
    const asker = await registeredClient(server);
    const ask = await asker.client.post('/api/teams/request-join', { teamCode: team.teamCode });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        owner.client.post(`/api/teams/join-requests/${ask.body.id}/respond`, { response: i % 2 ? 'denied' : 'approved' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const [{ status }] = await server.dataSource.query(`SELECT status FROM team_join_requests WHERE id = $1`, [ask.body.id]);
    const members = await count(`SELECT count(*) AS n FROM team_members WHERE team_id = $1 AND user_id = $2`, [team.id, asker.user.id]);
    expect(members).toBe(status === 'approved' ? 1 : 0);
  });

  it('[race-project-limit] 50 parallel project creations on a Free team give exactly 3 projects', async () => {
    const { owner, team } = await teamWithOwner(server);
    await setTeamPlan(server, team.id, 'free');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => owner.client.post('/api/projects', { name: `Parallel ${i}`, teamId: team.id })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 402)).toHaveLength(47);
    expect(await count(`SELECT count(*) AS n FROM projects WHERE team_id = $1`, [team.id])).toBe(3);
  });

  it('[race-member-limit] 50 parallel joins into a Pro team of 4 give exactly 5 members', async () => {
    const { owner, team } = await teamWithOwner(server);
    await setTeamPlan(server, team.id, 'pro');
    for (let i = 0; i < 3; i++) await joinedMember(server, owner.client, team.id);
    const link = await owner.client.get(`/api/teams/${team.id}/invite-link`);
    const token = new URL(link.body.inviteLink).searchParams.get('token')!;
    const joiners = await Promise.all(Array.from({ length: 50 }, () => registeredClient(server)));
    const results = await Promise.all(joiners.map((j) => j.client.post('/api/teams/join', { token })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 402)).toHaveLength(49);
    expect(await count(`SELECT count(*) AS n FROM team_members WHERE team_id = $1`, [team.id])).toBe(5);
  });

  it('[race-member-limit] parallel guest joins and approvals share one limit', async () => {
    const { owner, team } = await teamWithOwner(server);
    await setTeamPlan(server, team.id, 'pro');
    const project = (await owner.client.post('/api/projects', { name: 'Shared', teamId: team.id })).body;
    const projectToken = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink.split('/').pop();
    const guests = await Promise.all(Array.from({ length: 10 }, () => registeredClient(server)));
    const askers = await Promise.all(Array.from({ length: 10 }, () => registeredClient(server)));
    const asks = await Promise.all(askers.map((a) => a.client.post('/api/teams/request-join', { teamCode: team.teamCode })));
    await Promise.all([
      ...guests.map((g) => g.client.post('/api/projects/join', { token: projectToken })),
      ...asks.map((a) => owner.client.post(`/api/teams/join-requests/${a.body.id}/respond`, { response: 'approved' })),
    ]);
    expect((await owner.client.get(`/api/teams/${team.id}`)).body.memberCount).toBe(5);
  });
});
