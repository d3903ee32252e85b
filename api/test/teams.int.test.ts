import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  joinedMember,
  registeredClient,
  setTeamPlan,
  startTestServer,
  teamWithOwner,
  type TestServer,
} from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('creating and reading teams', () => {
  it('[team-create] gives an 8-character unambiguous code, the creator as owner and a 7-day Pro trial', async () => {
    const { client, user } = await registeredClient(server);
    const res = await client.post('/api/teams', { name: '  Launch Crew ', description: 'Ships things' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Launch Crew', ownerId: user.id, role: 'owner', subscriptionStatus: 'trial', effectivePlan: 'pro' });
    expect(res.body.teamCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    const trialDays = (new Date(res.body.trialEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(6.99);
    expect(trialDays).toBeLessThanOrEqual(7);
    const detail = await client.get(`/api/teams/${res.body.id}`);
    expect(detail.body).toMatchObject({ description: 'Ships things', memberCount: 1, guestCount: 0, projectCount: 0, limits: { maxMembers: 5, maxProjects: null } });
    expect((await client.get('/api/teams')).body.map((t: { id: string }) => t.id)).toEqual([res.body.id]);
  });

  it('[team-validation] a blank name is refused with the spec message', async () => {
    const { client } = await registeredClient(server);
    const res = await client.post('/api/teams', { name: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Team name is required');
    expect((await client.post('/api/teams', { name: 'x'.repeat(256) })).status).toBe(400);
  });

  it('[team-validation] a name of only invisible or format characters, or unpaired surrogates, is blank: 400 with the same message', async () => {
    const { client } = await registeredClient(server);
    for (const name of ['\u202e\u200b', '\u200b\u2060\ufeff', '\u00ad', '\ud800', '\udc00\u200d', ' \u00a0\u3000 ']) {
      const res = await client.post('/api/teams', { name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.message).toBe('Team name is required');
    }
    expect((await client.get('/api/teams')).body).toEqual([]);
    const kept = await client.post('/api/teams', { name: '\u202eRocket\ud800' });
    expect(kept.status).toBe(201);
    expect(kept.body.name).toBe('\u202eRocket\ufffd');
  });

  it('[team-members] lists members with their nested user, owner first', async () => {
    const { owner, team } = await teamWithOwner(server);
    const member = await joinedMember(server, owner.client, team.id);
    const res = await member.client.get(`/api/teams/${team.id}/members`);
    expect(res.status).toBe(200);
    expect(res.body.map((m: { role: string }) => m.role)).toEqual(['owner', 'member']);
    expect(res.body[1].user).toEqual({
      id: member.user.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: member.account.email,
      profileImageUrl: null,
    });
  });

  it('[not-found] a malformed or unknown team id is a 404', async () => {
    const { client } = await registeredClient(server);
    expect((await client.get('/api/teams/not-a-uuid')).status).toBe(404);
    expect((await client.get('/api/teams/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('join requests', () => {
  it('[join-request] asks by code (any case), the owner sees it, approval makes a member', async () => {
    const { owner, team } = await teamWithOwner(server);
    const asker = await registeredClient(server);
    const ask = await asker.client.post('/api/teams/request-join', { teamCode: ` ${team.teamCode.toLowerCase()} ` });
    expect(ask.status).toBe(201);
    const pending = await owner.client.get(`/api/teams/${team.id}/join-requests`);
    expect(pending.body).toHaveLength(1);
    expect(pending.body[0]).toMatchObject({ id: ask.body.id, status: 'pending', user: { id: asker.user.id } });
    const approve = await owner.client.post(`/api/teams/join-requests/${ask.body.id}/respond`, { response: 'approved' });
    expect(approve.status).toBe(200);
    expect((await asker.client.get(`/api/teams/${team.id}`)).status).toBe(200);
    expect((await owner.client.get(`/api/teams/${team.id}/join-requests`)).body).toEqual([]);
    const again = await owner.client.post(`/api/teams/join-requests/${ask.body.id}/respond`, { response: 'denied' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This request was already approved');
  });

  it('[join-request] a denied request leaves the asker outside, and they may ask again', async () => {
    const { owner, team } = await teamWithOwner(server);
    const asker = await registeredClient(server);
    const ask = await asker.client.post('/api/teams/request-join', { teamCode: team.teamCode });
    expect((await owner.client.post(`/api/teams/join-requests/${ask.body.id}/respond`, { response: 'denied' })).status).toBe(200);
    expect((await asker.client.get(`/api/teams/${team.id}`)).status).toBe(404);
    expect((await asker.client.post('/api/teams/request-join', { teamCode: team.teamCode })).status).toBe(201);
  });

  it.each([
    [{ teamCode: '' }, 400, 'Please enter a team code'],
    [{}, 400, 'Please enter a team code'],
    [{ teamCode: 'ABCDEFGHJ' }, 400, 'A team code has 8 characters'],
    [{ teamCode: 'ZZZZZZZZ' }, 404, 'No team has this code. Check the code and try again.'],
  ])('[join-request-validation] %o → %i %s', async (body, status, message) => {
    const { client } = await registeredClient(server);
    const res = await client.post('/api/teams/request-join', body);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  });

  it('[join-request] a second pending request, or a request by a member, is a 409', async () => {
    const { owner, team } = await teamWithOwner(server);
    const asker = await registeredClient(server);
    await asker.client.post('/api/teams/request-join', { teamCode: team.teamCode });
    const dup = await asker.client.post('/api/teams/request-join', { teamCode: team.teamCode });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/already asked/);
    const self = await owner.client.post('/api/teams/request-join', { teamCode: team.teamCode });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('You are already a member of this team');
  });

  it('[join-request] a bad response value is a 400 that names the choices', async () => {
    const { owner, team } = await teamWithOwner(server);
    const asker = await registeredClient(server);
    const ask = await asker.client.post('/api/teams/request-join', { teamCode: team.teamCode });
    const res = await owner.client.post(`/api/teams/join-requests/${ask.body.id}/respond`, { response: 'maybe' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Response must be 'approved' or 'denied'");
  });

  it('[member-limit] approving past the Free limit is a 402 with the upgrade details; the request stays pending', async () => {
    const { owner, team } = await teamWithOwner(server);
    await setTeamPlan(server, team.id, 'free');
    const asker = await registeredClient(server);
    const ask = await asker.client.post('/api/teams/request-join', { teamCode: team.teamCode });
    const res = await owner.client.post(`/api/teams/join-requests/${ask.body.id}/respond`, { response: 'approved' });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ requiredPlan: 'pro', teamOwnerId: owner.user.id, requiresUpgrade: true });
    expect(res.body.message).toMatch(/Upgrade to Pro/);
    expect((await owner.client.get(`/api/teams/${team.id}/join-requests`)).body).toHaveLength(1);
    // Denying still works on a full team.
    expect((await owner.client.post(`/api/teams/join-requests/${ask.body.id}/respond`, { response: 'denied' })).status).toBe(200);
  });
});

describe('invite links', () => {
  it('[invite-role] the role is bound to the token: a member link never grants admin, whatever the URL says', async () => {
    const { owner, team } = await teamWithOwner(server);
    const link = await owner.client.get(`/api/teams/${team.id}/invite-link`);
    expect(link.status).toBe(200);
    expect(link.body.role).toBe('member');
    const url = new URL(link.body.inviteLink);
    expect(url.pathname).toBe(`/invite/${team.id}`);
    expect(tokenOf(link.body.inviteLink).length).toBeGreaterThanOrEqual(22); // ≥128 bits in base64url
    const joiner = await registeredClient(server);
    const info = await joiner.client.get(`/api/teams/invite-info?token=${encodeURIComponent(tokenOf(link.body.inviteLink))}&role=admin`);
    expect(info.body).toEqual({ teamId: team.id, teamName: team.name, role: 'member' });
    expect((await joiner.client.post('/api/teams/join', { token: tokenOf(link.body.inviteLink), role: 'admin' })).status).toBe(200);
    const members = await owner.client.get(`/api/teams/${team.id}/members`);
    expect(members.body.find((m: { userId: string }) => m.userId === joiner.user.id).role).toBe('member');
  });

  it('[invite-links] owner and admins hand out member and admin links; members read none (403); nobody an owner link', async () => {
    const { owner, team } = await teamWithOwner(server);
    const member = await joinedMember(server, owner.client, team.id);
    const admin = await joinedMember(server, owner.client, team.id, 'admin');
    const members = await owner.client.get(`/api/teams/${team.id}/members`);
    expect(members.body.find((m: { userId: string }) => m.userId === admin.user.id).role).toBe('admin');
    expect((await admin.client.get(`/api/teams/${team.id}/invite-link?role=admin`)).status).toBe(200);
    expect((await admin.client.get(`/api/teams/${team.id}/invite-link?role=member`)).status).toBe(200);
    for (const role of ['member', 'admin']) {
      const refused = await member.client.get(`/api/teams/${team.id}/invite-link?role=${role}`);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Only the team owner or an admin can see or change invite links');
      expect(JSON.stringify(refused.body)).not.toContain('token');
    }
    expect((await owner.client.get(`/api/teams/${team.id}/invite-link?role=owner`)).status).toBe(400);
    expect((await admin.client.get(`/api/teams/${team.id}/invite-link?role=owner`)).status).toBe(400);
  });

  it('[invite-regenerate] owner and admins regenerate: a new token for the role, the old links stop working', async () => {
    const { owner, team } = await teamWithOwner(server);
    const admin = await joinedMember(server, owner.client, team.id, 'admin');
    const member = await joinedMember(server, owner.client, team.id);
    const before = { member: tokenOf((await owner.client.get(`/api/teams/${team.id}/invite-link`)).body.inviteLink), admin: tokenOf((await owner.client.get(`/api/teams/${team.id}/invite-link?role=admin`)).body.inviteLink) };
    const refused = await member.client.post(`/api/teams/${team.id}/invite-link/regenerate`, { role: 'member' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the team owner or an admin can see or change invite links');
    const fresh = await admin.client.post(`/api/teams/${team.id}/invite-link/regenerate`, { role: 'admin' });
    expect(fresh.status).toBe(200);
    expect(fresh.body.role).toBe('admin');
    const token = tokenOf(fresh.body.inviteLink);
    expect(token).not.toBe(before.admin);
    expect(token).not.toBe(before.member);
    const joiner = await registeredClient(server);
    for (const old of [before.member, before.admin]) {
      expect((await joiner.client.post('/api/teams/join', { token: old })).status).toBe(404);
      expect((await joiner.client.get(`/api/teams/invite-info?token=${old}`)).status).toBe(404);
    }
    expect((await owner.client.post(`/api/teams/${team.id}/invite-link/regenerate`, { role: 'owner' })).status).toBe(400);
    expect((await joiner.client.post(`/api/teams/${team.id}/invite-link/regenerate`, {})).status).toBe(404);
    expect((await joiner.client.post('/api/teams/join', { token })).status).toBe(200);
    const joined = (await owner.client.get(`/api/teams/${team.id}/members`)).body.find((m: { userId: string }) => m.userId === joiner.user.id);
    expect(joined.role).toBe('admin');
  });

  it('[invite-link] is stable: asking twice gives the same link', async () => {
    const { owner, team } = await teamWithOwner(server);
    const a = await owner.client.get(`/api/teams/${team.id}/invite-link`);
    const b = await owner.client.get(`/api/teams/${team.id}/invite-link?role=member`);
    expect(a.body.inviteLink).toBe(b.body.inviteLink);
  });

  it('[invite-invalid] an unknown token gets the spec message, for info and join alike', async () => {
    const { client } = await registeredClient(server);
    const message = 'This invite link is invalid or has expired. Please ask for a new invitation.';
    const info = await new ApiClient(server.url).get('/api/teams/invite-info?token=nope');
    expect(info.status).toBe(404);
    expect(info.body.message).toBe(message);
    const join = await client.post('/api/teams/join', { token: 'nope' });
    expect(join.status).toBe(404);
    expect(join.body.message).toBe(message);
    expect((await client.post('/api/teams/join', {})).status).toBe(400);
  });

  it('[invite-join] joining twice is harmless; joining a full team is a 402 for the joiner with the owner named', async () => {
    const { owner, team } = await teamWithOwner(server);
    const link = await owner.client.get(`/api/teams/${team.id}/invite-link`);
    const token = tokenOf(link.body.inviteLink);
    const joiner = await registeredClient(server);
    expect((await joiner.client.post('/api/teams/join', { token })).body).toEqual({ teamId: team.id, alreadyMember: false });
    expect((await joiner.client.post('/api/teams/join', { token })).body).toEqual({ teamId: team.id, alreadyMember: true });
    await setTeamPlan(server, team.id, 'free');
    const late = await registeredClient(server);
    const res = await late.client.post('/api/teams/join', { token });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ requiredPlan: 'pro', teamOwnerId: owner.user.id, requiresUpgrade: true });
  });

  it('[invite-join] joining by invite answers the joiner\'s pending request', async () => {
    const { owner, team } = await teamWithOwner(server);
    const joiner = await registeredClient(server);
    await joiner.client.post('/api/teams/request-join', { teamCode: team.teamCode });
    const link = await owner.client.get(`/api/teams/${team.id}/invite-link`);
    await joiner.client.post('/api/teams/join', { token: tokenOf(link.body.inviteLink) });
    expect((await owner.client.get(`/api/teams/${team.id}/join-requests`)).body).toEqual([]);
  });
});

describe('removing members', () => {
  it('[remove-member] the owner removes a member, who then loses the team', async () => {
    const { owner, team } = await teamWithOwner(server);
    const member = await joinedMember(server, owner.client, team.id);
    expect((await owner.client.request('DELETE', `/api/teams/${team.id}/members/${member.user.id}`)).status).toBe(204);
    expect((await member.client.get(`/api/teams/${team.id}`)).status).toBe(404);
    expect((await member.client.get('/api/teams')).body).toEqual([]);
  });

  it('[remove-member] nobody removes the owner; members remove nobody; admins remove members', async () => {
    const { owner, team } = await teamWithOwner(server);
    const admin = await joinedMember(server, owner.client, team.id, 'admin');
    const member = await joinedMember(server, owner.client, team.id);
    const other = await joinedMember(server, owner.client, team.id);
    const ownerRemoval = await admin.client.request('DELETE', `/api/teams/${team.id}/members/${owner.user.id}`);
    expect(ownerRemoval.status).toBe(403);
    expect(ownerRemoval.body.message).toBe('The team owner cannot be removed');
    expect((await owner.client.request('DELETE', `/api/teams/${team.id}/members/${owner.user.id}`)).status).toBe(403);
    expect((await member.client.request('DELETE', `/api/teams/${team.id}/members/${other.user.id}`)).status).toBe(403);
    expect((await admin.client.request('DELETE', `/api/teams/${team.id}/members/${other.user.id}`)).status).toBe(204);
    expect((await admin.client.request('DELETE', `/api/teams/${team.id}/members/${other.user.id}`)).status).toBe(404);
  });

  it('[remove-member] a removed member or admin cannot come back with a link saved before; the links rotate', async () => {
    const { owner, team } = await teamWithOwner(server);
    const memberLink = (await owner.client.get(`/api/teams/${team.id}/invite-link?role=member`)).body.inviteLink;
    const adminLink = (await owner.client.get(`/api/teams/${team.id}/invite-link?role=admin`)).body.inviteLink;
    const member = await registeredClient(server);
    const admin = await registeredClient(server);
    expect((await member.client.post('/api/teams/join', { token: tokenOf(memberLink) })).status).toBe(200);
    expect((await admin.client.post('/api/teams/join', { token: tokenOf(adminLink) })).status).toBe(200);
    for (const gone of [member, admin]) {
      expect((await owner.client.request('DELETE', `/api/teams/${team.id}/members/${gone.user.id}`)).status).toBe(204);
    }
    for (const [gone, link] of [[member, memberLink], [admin, adminLink]] as const) {
      const back = await gone.client.post('/api/teams/join', { token: tokenOf(link) });
      expect(back.status).toBe(404);
      expect(back.body.message).toBe('This invite link is invalid or has expired. Please ask for a new invitation.');
      expect((await gone.client.get(`/api/teams/${team.id}`)).status).toBe(404);
    }
    const members = (await owner.client.get(`/api/teams/${team.id}/members`)).body.map((m: { userId: string }) => m.userId);
    expect(members).toEqual([owner.user.id]);
    const next = (await owner.client.get(`/api/teams/${team.id}/invite-link?role=member`)).body.inviteLink;
    expect(tokenOf(next)).not.toBe(tokenOf(memberLink));
  });

  it('[remove-member] a removed member cannot come back as a guest through a project link saved before', async () => {
    const { owner, team } = await teamWithOwner(server);
    const project = (await owner.client.post('/api/projects', { name: 'Kept Plans', teamId: team.id })).body;
    const projectLink = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink as string;
    const member = await joinedMember(server, owner.client, team.id);
    expect((await owner.client.request('DELETE', `/api/teams/${team.id}/members/${member.user.id}`)).status).toBe(204);
    const back = await member.client.post('/api/projects/join', { token: projectLink.split('/').pop() });
    expect(back.status).toBe(404);
    expect((await member.client.get(`/api/projects/${project.id}/tasks`)).status).toBe(404);
    expect((await member.client.get('/api/projects/user')).body).toEqual([]);
  });
});
