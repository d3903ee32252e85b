import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, joinedMember, registeredClient, startTestServer, teamWithOwner, type TestServer } from './harness.js';

/**
 * Authorization matrix for the teams and projects API (issue 3): every route × every kind of caller, on
 * their own team's ids and on another team's. A 2xx where the row says otherwise is a leak.
 */
type Actor = 'anonymous' | 'outsider' | 'removed' | 'member' | 'admin' | 'owner';
const ACTORS: Actor[] = ['anonymous', 'outsider', 'removed', 'member', 'admin', 'owner'];

let server: TestServer;
let clients: Record<Actor, ApiClient>;
let ids: { team: string; project: string; otherTeam: string; otherProject: string; ownerId: string; memberId: string };
/** A pending join request per actor who may answer one, so each answer is a first answer. */
const requests: Partial<Record<Actor, string>> = {};

beforeAll(async () => {
  server = await startTestServer();
  const { owner, team } = await teamWithOwner(server, 'Matrix');
  const admin = await joinedMember(server, owner.client, team.id, 'admin');
  const member = await joinedMember(server, owner.client, team.id);
  const removed = await joinedMember(server, owner.client, team.id);
  const outsider = await registeredClient(server);
  const project = (await owner.client.post('/api/projects', { name: 'Matrix Project', teamId: team.id })).body;
  await owner.client.request('DELETE', `/api/teams/${team.id}/members/${removed.user.id}`);
  const other = await teamWithOwner(server, 'Elsewhere');
  const otherProject = (await other.owner.client.post('/api/projects', { name: 'Elsewhere Project', teamId: other.team.id })).body;
  clients = {
    anonymous: new ApiClient(server.url),
    outsider: outsider.client,
    removed: removed.client,
    member: member.client,
    admin: admin.client,
    owner: owner.client,
  };
  ids = { team: team.id, project: project.id, otherTeam: other.team.id, otherProject: otherProject.id, ownerId: owner.user.id, memberId: member.user.id };
  for (const actor of ACTORS) {
    const asker = await registeredClient(server);
    requests[actor] = (await asker.client.post('/api/teams/request-join', { teamCode: team.teamCode })).body.id;
  }
});
afterAll(async () => {
  await server?.stop();
});

interface Row {
  name: string;
  request: (actor: Actor) => [method: string, path: string, body?: unknown];
  expect: Record<Actor, number>;
}

const readTeam = { anonymous: 401, outsider: 404, removed: 404, member: 200, admin: 200, owner: 200 };
const manageTeam = { anonymous: 401, outsider: 404, removed: 404, member: 403, admin: 200, owner: 200 };

const rows: Row[] = [
  { name: 'GET /api/teams/{id}', request: () => ['GET', `/api/teams/${ids.team}`], expect: readTeam },
  { name: 'GET /api/teams/{id}/members', request: () => ['GET', `/api/teams/${ids.team}/members`], expect: readTeam },
  { name: 'GET /api/teams/{id}/projects', request: () => ['GET', `/api/teams/${ids.team}/projects`], expect: readTeam },
  { name: 'GET /api/teams/{id}/invite-link?role=member', request: () => ['GET', `/api/teams/${ids.team}/invite-link?role=member`], expect: manageTeam },
  { name: 'GET /api/teams/{id}/invite-link?role=admin', request: () => ['GET', `/api/teams/${ids.team}/invite-link?role=admin`], expect: manageTeam },
  { name: 'GET /api/teams/{id}/join-requests', request: () => ['GET', `/api/teams/${ids.team}/join-requests`], expect: manageTeam },
  {
    name: 'POST /api/teams/join-requests/{id}/respond',
    request: (a) => ['POST', `/api/teams/join-requests/${requests[a]}/respond`, { response: 'denied' }],
    expect: { anonymous: 401, outsider: 404, removed: 404, member: 403, admin: 200, owner: 200 },
  },
  {
    name: 'DELETE /api/teams/{id}/members/{owner}',
    request: () => ['DELETE', `/api/teams/${ids.team}/members/${ids.ownerId}`],
    expect: { anonymous: 401, outsider: 404, removed: 404, member: 403, admin: 403, owner: 403 },
  },
  {
    name: 'POST /api/projects',
    request: (a) => ['POST', '/api/projects', { name: `By ${a}`, teamId: ids.team }],
    expect: { anonymous: 401, outsider: 404, removed: 404, member: 201, admin: 201, owner: 201 },
  },
  {
    name: 'PATCH /api/projects/{id}',
    request: () => ['PATCH', `/api/projects/${ids.project}`, { status: 'on-hold' }],
    expect: { anonymous: 401, outsider: 404, removed: 404, member: 200, admin: 200, owner: 200 },
  },
  { name: 'GET /api/projects/{id}/invite-link', request: () => ['GET', `/api/projects/${ids.project}/invite-link`], expect: manageTeam },
  { name: 'GET /api/projects/{id}/people', request: () => ['GET', `/api/projects/${ids.project}/people`], expect: readTeam },
  // Another team's ids: nobody here is in that team, whatever their role at home.
  ...(['GET /api/teams/{other}', 'GET /api/teams/{other}/members', 'GET /api/teams/{other}/projects', 'GET /api/teams/{other}/join-requests'] as const).map(
    (name): Row => ({
      name,
      request: () => ['GET', name.replace('GET ', '').replace('{other}', ids.otherTeam)],
      expect: { anonymous: 401, outsider: 404, removed: 404, member: 404, admin: 404, owner: 404 },
    }),
  ),
  {
    name: 'PATCH /api/projects/{other}',
    request: () => ['PATCH', `/api/projects/${ids.otherProject}`, { name: 'Hijacked' }],
    expect: { anonymous: 401, outsider: 404, removed: 404, member: 404, admin: 404, owner: 404 },
  },
  {
    name: 'POST /api/projects in {other}',
    request: () => ['POST', '/api/projects', { name: 'Intruder', teamId: ids.otherTeam }],
    expect: { anonymous: 401, outsider: 404, removed: 404, member: 404, admin: 404, owner: 404 },
  },
  {
    name: 'DELETE /api/teams/{other}/members/{owner}',
    request: () => ['DELETE', `/api/teams/${ids.otherTeam}/members/${ids.ownerId}`],
    expect: { anonymous: 401, outsider: 404, removed: 404, member: 404, admin: 404, owner: 404 },
  },
];

describe('authorization matrix', () => {
  for (const row of rows) {
    for (const actor of ACTORS) {
      it(`[authz] ${row.name} as ${actor} → ${row.expect[actor]}`, async () => {
        const [method, path, body] = row.request(actor);
        const res = await clients[actor].request(method, path, body);
        expect(res.status).toBe(row.expect[actor]);
        if (res.status >= 400) {
          // A refusal names nothing of what it protects.
          expect(JSON.stringify(res.body)).not.toMatch(/Matrix|Elsewhere|teamCode|inviteLink/);
        }
      });
    }
  }

  it('[authz] the other team saw no change', async () => {
    const other = await server.dataSource.query(`SELECT name FROM projects WHERE id = $1`, [ids.otherProject]);
    expect(other[0].name).toBe('Elsewhere Project');
    expect(Number((await server.dataSource.query(`SELECT count(*) AS n FROM projects WHERE team_id = $1`, [ids.otherTeam]))[0].n)).toBe(1);
  });

  it('[authz] the team listing shows each person only their own teams', async () => {
    expect((await clients.outsider.get('/api/teams')).body).toEqual([]);
    expect((await clients.removed.get('/api/teams')).body).toEqual([]);
    expect((await clients.member.get('/api/teams')).body.map((t: { id: string }) => t.id)).toEqual([ids.team]);
    expect((await clients.anonymous.get('/api/teams')).status).toBe(401);
    expect((await clients.outsider.get('/api/projects/user')).body).toEqual([]);
  });
});
