import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredClient, setTeamPlan, startTestServer, type ClientUser, type TestServer } from './harness.js';
import { recordFigures, soakCount } from './reliability/soak.js';

// Check-then-act rules hold under concurrent requests (issue 3: limits, approvals, invite use). Each race runs
// RACE_REPEAT times, each time on a fresh team: once in `npm test`, 100 times in `npm run test:soak` (issue 9).
// The people taking part are registered once and reused across repetitions (a user may be in any number of
// teams), so a repetition costs its parallel requests, not fifty password hashes.
const RACE_REPEAT = soakCount('SOAK_RACE_REPEAT', 1, 100);

let server: TestServer;
let owner: ClientUser;
let admin: ClientUser;
const members: ClientUser[] = [];
const people: ClientUser[] = [];
const repetitions: Record<string, number> = {};
beforeAll(async () => {
  server = await startTestServer();
  owner = await registeredClient(server);
  admin = await registeredClient(server);
  for (let i = 0; i < 3; i++) members.push(await registeredClient(server));
  for (let i = 0; i < 50; i++) people.push(await registeredClient(server));
}, 120_000);
afterAll(async () => {
  if (Object.keys(repetitions).length) recordFigures('races', { repeat: RACE_REPEAT, repetitions });
  await server?.stop();
});

const count = async (sql: string, params: unknown[]) => Number((await server.dataSource.query(sql, params))[0].n);

async function freshTeam(plan?: 'free' | 'pro') {
  const res = await owner.client.post('/api/teams', { name: 'Race team' });
  if (res.status !== 201) throw new Error(`team create failed: ${res.status} ${JSON.stringify(res.body)}`);
  const team = res.body as { id: string; teamCode: string };
  if (plan) await setTeamPlan(server, team.id, plan);
  return team;
}

async function join(person: ClientUser, teamId: string, role: 'member' | 'admin' = 'member') {
  const link = await owner.client.get(`/api/teams/${teamId}/invite-link?role=${role}`);
  const token = new URL(link.body.inviteLink).searchParams.get('token')!;
  const res = await person.client.post('/api/teams/join', { token });
  if (res.status !== 200) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Runs one race RACE_REPEAT times, one after another, and counts the rounds. */
async function repeated(name: string, round: (n: number) => Promise<void>) {
  for (let n = 0; n < RACE_REPEAT; n++) {
    await round(n);
    repetitions[name] = n + 1;
  }
}

const timeout = 30_000 + RACE_REPEAT * 3_000;

describe('races', () => {
  it('[race-approval] 50 parallel approvals of one request give exactly one membership', { timeout }, async () => {
    await repeated('approval', async () => {
      const team = await freshTeam();
      await join(admin, team.id, 'admin');
      const asker = people[0]!;
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
  });

  it('[race-approve-deny] approvals and denials racing end in one answer, consistent with the membership', { timeout }, async () => {
    await repeated('approveDeny', async () => {
      const team = await freshTeam();
      const asker = people[1]!;
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
  });

  it('[race-project-limit] 50 parallel project creations on a Free team give exactly 3 projects', { timeout }, async () => {
    await repeated('projectLimit', async () => {
      const team = await freshTeam('free');
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => owner.client.post('/api/projects', { name: `Parallel ${i}`, teamId: team.id })),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(3);
      expect(results.filter((r) => r.status === 402)).toHaveLength(47);
      expect(await count(`SELECT count(*) AS n FROM projects WHERE team_id = $1`, [team.id])).toBe(3);
    });
  });

  it('[race-member-limit] 50 parallel joins into a Pro team of 4 give exactly 5 members', { timeout }, async () => {
    await repeated('memberLimitInvite', async () => {
      const team = await freshTeam('pro');
      for (const member of members) await join(member, team.id);
      const link = await owner.client.get(`/api/teams/${team.id}/invite-link`);
      const token = new URL(link.body.inviteLink).searchParams.get('token')!;
      const results = await Promise.all(people.map((p) => p.client.post('/api/teams/join', { token })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 402)).toHaveLength(49);
      expect(await count(`SELECT count(*) AS n FROM team_members WHERE team_id = $1`, [team.id])).toBe(5);
    });
  });

  it('[race-member-limit] parallel guest joins and approvals share one limit', { timeout }, async () => {
    await repeated('memberLimitGuestsAndApprovals', async () => {
      const team = await freshTeam('pro');
      const project = (await owner.client.post('/api/projects', { name: 'Shared', teamId: team.id })).body;
      const projectToken = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink.split('/').pop();
      const guests = people.slice(10, 20);
      const askers = people.slice(20, 30);
      const asks = await Promise.all(askers.map((a) => a.client.post('/api/teams/request-join', { teamCode: team.teamCode })));
      await Promise.all([
        ...guests.map((g) => g.client.post('/api/projects/join', { token: projectToken })),
        ...asks.map((a) => owner.client.post(`/api/teams/join-requests/${a.body.id}/respond`, { response: 'approved' })),
      ]);
      const detail = (await owner.client.get(`/api/teams/${team.id}`)).body;
      expect(detail.memberCount + detail.guestCount).toBe(5);
    });
  });
});
