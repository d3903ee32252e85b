import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, joinedMember, registeredClient, setTeamPlan, startTestServer, teamWithOwner, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('projects', () => {
  it('[project-create] creates an active project with a code like ABC-1234 that teammates see', async () => {
    const { owner, team } = await teamWithOwner(server);
    const member = await joinedMember(server, owner.client, team.id);
    const res = await member.client.post('/api/projects', { name: 'Apollo Build Campaign', description: 'Q1', teamId: team.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Apollo Build Campaign', status: 'active', teamId: team.id, access: 'team', startDate: null });
    expect(res.body.projectCode).toMatch(/^ABC-\d{4}$/);
    expect((await owner.client.get(`/api/teams/${team.id}/projects`)).body.map((p: { id: string }) => p.id)).toEqual([res.body.id]);
    expect((await owner.client.get('/api/projects/user')).body.map((p: { id: string }) => p.id)).toEqual([res.body.id]);
  });

  it.each([
    [{ name: '' }, 'Project name is required'],
    [{ name: 'x'.repeat(256) }, 'Project name must be at most 255 characters'],
    [{ teamId: undefined }, 'Team is required'],
    [{ status: 'archived' }, undefined],
  ])('[project-validation] %o → 400 %s', async (override, message) => {
    const { owner, team } = await teamWithOwner(server);
    const res = await owner.client.post('/api/projects', { name: 'Valid', teamId: team.id, ...override });
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toBe(message);
  });

  it('[project-limit] a Free team gets a 402 on its 4th project, with the owner named', async () => {
    const { owner, team } = await teamWithOwner(server);
    await setTeamPlan(server, team.id, 'free');
    for (let i = 1; i <= 3; i++) expect((await owner.client.post('/api/projects', { name: `P${i}`, teamId: team.id })).status).toBe(201);
    const res = await owner.client.post('/api/projects', { name: 'P4', teamId: team.id });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ requiredPlan: 'pro', teamOwnerId: owner.user.id, requiresUpgrade: true });
  });

  it('[downgrade] after a downgrade existing projects stay; only new ones are refused', async () => {
    const { owner, team } = await teamWithOwner(server);
    for (let i = 1; i <= 5; i++) await owner.client.post('/api/projects', { name: `P${i}`, teamId: team.id });
    await setTeamPlan(server, team.id, 'free');
    expect((await owner.client.get(`/api/teams/${team.id}/projects`)).body).toHaveLength(5);
    expect((await owner.client.post('/api/projects', { name: 'P6', teamId: team.id })).status).toBe(402);
  });

  it('[trial-expiry] a team past its trial without a paid plan behaves as Free', async () => {
    const { owner, team } = await teamWithOwner(server);
    await server.dataSource.query(`UPDATE teams SET trial_ends_at = now() - interval '1 minute' WHERE id = $1`, [team.id]);
    expect((await owner.client.get(`/api/teams/${team.id}`)).body).toMatchObject({ effectivePlan: 'free', limits: { maxProjects: 3, maxMembers: 1 } });
  });

  it('[project-update] renames, changes status and dates; end before start is a 400', async () => {
    const { owner, team } = await teamWithOwner(server);
    const p = (await owner.client.post('/api/projects', { name: 'Old', teamId: team.id })).body;
    const res = await owner.client.request('PATCH', `/api/projects/${p.id}`, { name: 'New', status: 'on-hold', startDate: '2026-01-05', endDate: '2026-02-27' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'New', status: 'on-hold', startDate: '2026-01-05', endDate: '2026-02-27', projectCode: p.projectCode });
    const bad = await owner.client.request('PATCH', `/api/projects/${p.id}`, { endDate: '2026-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('End date cannot be before start date');
    expect((await owner.client.request('PATCH', `/api/projects/${p.id}`, { startDate: '2026-02-30' })).body.message).toBe('That date does not exist');
    expect((await owner.client.request('PATCH', `/api/projects/${p.id}`, {})).status).toBe(400);
    expect((await owner.client.request('PATCH', `/api/projects/${p.id}`, { name: '   ' })).body.message).toBe('Project name is required');
  });
});

describe('project names', () => {
  it('[project-validation] a name of only invisible or format characters, or unpaired surrogates, is blank on create and rename', async () => {
    const { owner, team } = await teamWithOwner(server);
    const project = (await owner.client.post('/api/projects', { name: 'Visible', teamId: team.id })).body;
    for (const name of ['\u202e\u200b', '\u2066\u2069', '\ud800\u200b', '\udfff']) {
      const created = await owner.client.post('/api/projects', { name, teamId: team.id });
      expect(created.status, JSON.stringify(name)).toBe(400);
      expect(created.body.message).toBe('Project name is required');
      const renamed = await owner.client.request('PATCH', `/api/projects/${project.id}`, { name });
      expect(renamed.status, JSON.stringify(name)).toBe(400);
      expect(renamed.body.message).toBe('Project name is required');
    }
    expect((await owner.client.get(`/api/teams/${team.id}/projects`)).body.map((p: { name: string }) => p.name)).toEqual(['Visible']);
  });
});

describe('project invites and guests', () => {
  it('[project-invite] the link ends in /project-invite/{token}; info shows name and code; a guest sees only that project', async () => {
    const { owner, team } = await teamWithOwner(server);
    const shared = (await owner.client.post('/api/projects', { name: 'Shared Work', teamId: team.id })).body;
    await owner.client.post('/api/projects', { name: 'Private Work', teamId: team.id });
    const link = await owner.client.get(`/api/projects/${shared.id}/invite-link`);
    expect(link.status).toBe(200);
    const token = link.body.inviteLink.match(/\/project-invite\/([A-Za-z0-9_-]{22,})$/)?.[1];
    expect(token).toBeDefined();
    const info = await new ApiClient(server.url).get(`/api/projects/invite-info?token=${token}`);
    expect(info.body).toEqual({ projectName: 'Shared Work', projectCode: shared.projectCode });
    const guest = await registeredClient(server);
    const join = await guest.client.post('/api/projects/join', { token });
    expect(join.body).toEqual({ projectId: shared.id, teamId: team.id, alreadyMember: false });
    const mine = await guest.client.get('/api/projects/user');
    expect(mine.body.map((p: { id: string; access: string }) => [p.id, p.access])).toEqual([[shared.id, 'guest']]);
    expect((await guest.client.get(`/api/teams/${team.id}/projects`)).status).toBe(404);
    expect((await guest.client.get(`/api/teams/${team.id}`)).status).toBe(404);
    expect((await guest.client.request('PATCH', `/api/projects/${shared.id}`, { name: 'Mine now' })).status).toBe(403);
    // [member-count] The guest takes a place of the limit but is not a listed member, so the count says them apart.
    const detail = (await owner.client.get(`/api/teams/${team.id}`)).body;
    const listed = (await owner.client.get(`/api/teams/${team.id}/members`)).body;
    expect(listed.map((m: { userId: string }) => m.userId)).toEqual([owner.user.id]);
    expect(detail).toMatchObject({ memberCount: 1, guestCount: 1 });
  });

  it('[project-invite] an invalid token gets the spec message', async () => {
    const res = await new ApiClient(server.url).get('/api/projects/invite-info?token=nope');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(
      'This project invitation link is invalid or has expired. Please request a new invitation from the project owner.',
    );
  });

  it('[member-limit] guests count toward the team limit: a Free team refuses a guest with 402', async () => {
    const { owner, team } = await teamWithOwner(server);
    const p = (await owner.client.post('/api/projects', { name: 'Solo', teamId: team.id })).body;
    await setTeamPlan(server, team.id, 'free');
    const token = (await owner.client.get(`/api/projects/${p.id}/invite-link`)).body.inviteLink.split('/').pop();
    const guest = await registeredClient(server);
    const res = await guest.client.post('/api/projects/join', { token });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ requiredPlan: 'pro', teamOwnerId: owner.user.id });
  });
});

describe('project invite links and guests: owners and admins manage them', () => {
  const tokenOf = (link: string) => link.split('/').pop()!;
  async function projectWithGuest() {
    const { owner, team } = await teamWithOwner(server);
    const admin = await joinedMember(server, owner.client, team.id, 'admin');
    const member = await joinedMember(server, owner.client, team.id);
    const project = (await owner.client.post('/api/projects', { name: 'Guest House', teamId: team.id })).body;
    const link = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink as string;
    const guest = await registeredClient(server, { firstName: 'Gwen' });
    expect((await guest.client.post('/api/projects/join', { token: tokenOf(link) })).status).toBe(200);
    return { owner, team, admin, member, project, link, guest };
  }

  it('[invite-links] a plain member reads no project link (403 with a message); owner and admins do', async () => {
    const { admin, member, project } = await projectWithGuest();
    const refused = await member.client.get(`/api/projects/${project.id}/invite-link`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the team owner or an admin can see or change invite links');
    expect((await admin.client.get(`/api/projects/${project.id}/invite-link`)).status).toBe(200);
  });

  it('[project-guests] owner and admins list the guests; members and guests get 403, outsiders 404', async () => {
    const { owner, admin, member, project, guest } = await projectWithGuest();
    for (const manager of [owner, admin]) {
      const list = await manager.client.get(`/api/projects/${project.id}/guests`);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([{ id: guest.user.id, firstName: 'Gwen', lastName: 'Lovelace', email: guest.account.email, profileImageUrl: null }]);
    }
    expect((await member.client.get(`/api/projects/${project.id}/guests`)).status).toBe(403);
    expect((await guest.client.get(`/api/projects/${project.id}/guests`)).status).toBe(403);
    expect((await (await registeredClient(server)).client.get(`/api/projects/${project.id}/guests`)).status).toBe(404);
  });

  it('[project-guests] removing a guest ends their access and their saved link; team members are not guests', async () => {
    const { owner, admin, member, project, link, guest } = await projectWithGuest();
    expect((await member.client.request('DELETE', `/api/projects/${project.id}/guests/${guest.user.id}`)).status).toBe(403);
    const notGuest = await admin.client.request('DELETE', `/api/projects/${project.id}/guests/${member.user.id}`);
    expect(notGuest.status).toBe(404);
    expect(notGuest.body.message).toBe('That person is not a guest of this project');
    expect((await admin.client.request('DELETE', `/api/projects/${project.id}/guests/${guest.user.id}`)).status).toBe(204);
    expect((await guest.client.get(`/api/projects/${project.id}/tasks`)).status).toBe(404);
    expect((await guest.client.get('/api/projects/user')).body).toEqual([]);
    const back = await guest.client.post('/api/projects/join', { token: tokenOf(link) });
    expect(back.status).toBe(404);
    expect((await owner.client.get(`/api/projects/${project.id}/guests`)).body).toEqual([]);
    expect((await owner.client.request('DELETE', `/api/projects/${project.id}/guests/${guest.user.id}`)).status).toBe(404);
    expect((await owner.client.request('DELETE', `/api/projects/${project.id}/guests/not-a-uuid`)).status).toBe(404);
    const fresh = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink;
    expect(fresh).not.toBe(link);
  });

  it('[invite-regenerate] owner and admins regenerate the project link; the old one stops working', async () => {
    const { owner, admin, member, project, link } = await projectWithGuest();
    expect((await member.client.post(`/api/projects/${project.id}/invite-link/regenerate`)).status).toBe(403);
    const fresh = await admin.client.post(`/api/projects/${project.id}/invite-link/regenerate`);
    expect(fresh.status).toBe(200);
    expect(fresh.body.inviteLink).not.toBe(link);
    expect((await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink).toBe(fresh.body.inviteLink);
    const late = await registeredClient(server);
    expect((await late.client.get(`/api/projects/invite-info?token=${tokenOf(link)}`)).status).toBe(404);
    expect((await late.client.post('/api/projects/join', { token: tokenOf(link) })).status).toBe(404);
    expect((await late.client.post('/api/projects/join', { token: tokenOf(fresh.body.inviteLink) })).status).toBe(200);
  });
});

describe('project people', () => {
  it('[project-people] members of the team and guests, readable by guests too; outsiders get 404', async () => {
    const { owner, team } = await teamWithOwner(server);
    const member = await joinedMember(server, owner.client, team.id);
    const p = (await owner.client.post('/api/projects', { name: 'Shared', teamId: team.id })).body;
    const token = (await owner.client.get(`/api/projects/${p.id}/invite-link`)).body.inviteLink.split('/').pop();
    const guest = await registeredClient(server, { firstName: 'Gus' });
    await guest.client.post('/api/projects/join', { token });
    const asGuest = await guest.client.get(`/api/projects/${p.id}/people`);
    expect(asGuest.status).toBe(200);
    expect(asGuest.body.map((u: { id: string }) => u.id).sort()).toEqual([owner.user.id, member.user.id, guest.user.id].sort());
    expect(asGuest.body[0]).toEqual({ id: expect.any(String), firstName: expect.any(String), lastName: 'Lovelace', email: expect.any(String), profileImageUrl: null });
    expect((await (await registeredClient(server)).client.get(`/api/projects/${p.id}/people`)).status).toBe(404);
  });
});
