import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewTeams } from '../src/features/workload/capacity.queries.js';
import { joinedMember, registeredClient, setTeamPlan, startTestServer, teamWithOwner, type ClientUser } from './harness.js';

/**
 * [workload-preview] Issue 36: the teams a dragged bar's load is sent to, with their people's capacity there: the
 * project's own team (every assignee), each other team an assignee is in (those of them in it), never a Free team.
 */
const server = await startTestServer();
let owner: ClientUser;
let ana: ClientUser;
let teamId: string;
let projectId: string;
let otherTeamId: string;
let freeTeamId: string;

beforeAll(async () => {
  const made = await teamWithOwner(server, 'Shipyard');
  owner = made.owner;
  teamId = made.team.id;
  ana = await joinedMember(server, owner.client, teamId);
  projectId = (await owner.client.post('/api/projects', { name: 'Hull', teamId })).body.id;
  // Ana is also in another (Pro) team where she works 4 hours a day, and in a Free one.
  const other = await teamWithOwner(server, 'Drydock');
  otherTeamId = other.team.id;
  await setTeamPlan(server, otherTeamId, 'pro');
  const link = await other.owner.client.get(`/api/teams/${otherTeamId}/invite-link?role=member`);
  await ana.client.post('/api/teams/join', { token: new URL(link.body.inviteLink).searchParams.get('token') });
  expect((await other.owner.client.put(`/api/teams/${otherTeamId}/members/${ana.user.id}/capacity`, { hoursPerDay: 4 })).status).toBe(200);
  const free = await teamWithOwner(server, 'Rowboat');
  freeTeamId = free.team.id;
  await setTeamPlan(server, freeTeamId, 'free');
  const freeLink = await free.owner.client.get(`/api/teams/${freeTeamId}/invite-link?role=member`);
  await ana.client.post('/api/teams/join', { token: new URL(freeLink.body.inviteLink).searchParams.get('token') });
});
afterAll(() => server.stop());

describe('[workload-preview] previewTeams', () => {
  it('the project’s team with its members’ capacity, and the other Pro teams of the assignees with theirs; not a Free team', async () => {
    const stranger = await registeredClient(server);
    const teams = await previewTeams(server.dataSource, projectId, [ana.user.id, stranger.user.id], new Date());
    const sorted = [...teams].sort((a, b) => Number(b.ownsProject) - Number(a.ownsProject));
    expect(sorted).toEqual([
      { teamId, ownsProject: true, people: [{ userId: ana.user.id, hoursPerDay: 8, workingDays: null, daysOff: [] }] },
      { teamId: otherTeamId, ownsProject: false, people: [{ userId: ana.user.id, hoursPerDay: 4, workingDays: null, daysOff: [] }] },
    ]);
    expect(teams.map((t) => t.teamId)).not.toContain(freeTeamId);
  });

  it('a task nobody is assigned to loads its own team only (the Unassigned row); a Free project team, nobody', async () => {
    expect(await previewTeams(server.dataSource, projectId, [], new Date())).toEqual([{ teamId, ownsProject: true, people: [] }]);
    await setTeamPlan(server, teamId, 'free');
    expect((await previewTeams(server.dataSource, projectId, [ana.user.id], new Date())).map((t) => t.teamId)).toEqual([otherTeamId]);
  });
});
