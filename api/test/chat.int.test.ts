import { randomUUID } from 'node:crypto';
import { CHAT_PAGE_SIZE, CONVERSATION_POSTS_PER_MINUTE, type ChatMessage } from '@planline/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createTask, joinedMember, registeredClient, startTestServer, teamWithOwner, type ClientUser, type TestServer } from './harness.js';
import { collect, liveSocket, until } from './live-socket.js';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server?.stop();
});

const socketOf = (client: ApiClient) => liveSocket(server, client, sockets);


async function storedCount(teamId: string): Promise<number> {
  const rows: { n: number }[] = await server.dataSource.query(`SELECT count(*)::int AS n FROM team_chat_messages WHERE team_id = $1`, [teamId]);
  return Number(rows[0]!.n);
}

async function chatTeam() {
  const { owner, team } = await teamWithOwner(server, 'Chatters');
  const member = await joinedMember(server, owner.client, team.id);
  const project = (await owner.client.post('/api/projects', { name: 'Harbour', teamId: team.id })).body as { id: string };
  const task = await createTask(owner.client, { projectId: project.id, name: 'Paint the hull', startDate: '2026-12-07', endDate: '2026-12-11' });
  return { owner, member, team, project, task };
}

async function guestOf(owner: ClientUser, projectId: string): Promise<ClientUser> {
  const link = (await owner.client.get(`/api/projects/${projectId}/invite-link`)).body.inviteLink as string;
  const guest = await registeredClient(server);
  const joined = await guest.client.post('/api/projects/join', { token: link.split('/').pop() });
  expect(joined.status).toBe(200);
  return guest;
}

describe('team chat', () => {
  it('[chat-post] a member posts; the team reads it with its author, and HTML is kept as text', async () => {
    const { owner, member, team } = await chatTeam();
    const html = '<script>alert(1)</script><img src=x onerror=alert(2)> **bold**';
    const posted = await member.client.post(`/api/teams/${team.id}/chat`, { message: html });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ teamId: team.id, message: html, author: { id: member.user.id }, mentionedUserIds: [], tasks: [] });
    const page = await owner.client.get(`/api/teams/${team.id}/chat`);
    expect(page.status).toBe(200);
    expect(page.body.messages.map((m: ChatMessage) => m.message)).toEqual([html]);
    expect(page.body.next).toBeNull();
  });

  it('[chat-paging] pages newest first through an opaque cursor, without gaps or repeats', async () => {
    const { owner, team } = await chatTeam();
    const total = 2 * CHAT_PAGE_SIZE + 7;
    // Stored directly (the per-person limit would refuse this many posts); several share one instant.
    for (let i = 0; i < total; i += 1) {
      await server.dataSource.query(
        `INSERT INTO team_chat_messages (id, team_id, user_id, message, created_at) VALUES ($1, $2, $3, $4, $5)`,
        [randomUUID(), team.id, owner.user.id, `message ${i}`, new Date(Date.UTC(2026, 10, 1, 0, 0, Math.floor(i / 3)))],
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; body: { messages: ChatMessage[]; next: string | null } } = await owner.client.get(
        `/api/teams/${team.id}/chat${cursor ? `?before=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.messages.length).toBeLessThanOrEqual(CHAT_PAGE_SIZE);
      seen.push(...res.body.messages.map((m) => m.message));
      cursor = res.body.next;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    const numbers = seen.map((m) => Number(m.split(' ')[1]));
    expect(new Set(numbers).size).toBe(total);
    // Newest first: the instants never go up (ties are ordered among themselves by id).
    const instants = numbers.map((n) => Math.floor(n / 3));
    expect(instants).toEqual([...instants].sort((a, b) => b - a));

    for (const bad of ['nonsense', Buffer.from(randomUUID()).toString('base64url'), 'x'.repeat(300)]) {
      const res = await owner.client.get(`/api/teams/${team.id}/chat?before=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/cursor/);
    }
    // Another team's cursor is no cursor of this chat.
    const other = await chatTeam();
    const theirs = await other.owner.client.post(`/api/teams/${other.team.id}/chat`, { message: 'ours' });
    const foreign = Buffer.from(theirs.body.id as string).toString('base64url');
    expect((await owner.client.get(`/api/teams/${team.id}/chat?before=${foreign}`)).status).toBe(400);
  });

  it('[chat-members-only] outsiders and project guests are refused as the team routes refuse them', async () => {
    const { owner, team, project } = await chatTeam();
    const outsider = await registeredClient(server);
    const guest = await guestOf(owner, project.id);
    for (const caller of [outsider, guest]) {
      expect((await caller.client.get(`/api/teams/${team.id}/chat`)).status).toBe(404);
      expect((await caller.client.post(`/api/teams/${team.id}/chat`, { message: 'let me in' })).status).toBe(404);
      expect((await caller.client.get(`/api/teams/${team.id}/chat/presence`)).status).toBe(404);
      expect((await caller.client.get(`/api/teams/${team.id}/chat/tasks?q=hull`)).status).toBe(404);
    }
    expect((await new ApiClient(server.url).get(`/api/teams/${team.id}/chat`)).status).toBe(401);
    expect(await storedCount(team.id)).toBe(0);
  });

  it('[chat-mentions] mentions must be team members; the answer names the problem and nothing is stored', async () => {
    const { owner, member, team, project } = await chatTeam();
    const guest = await guestOf(owner, project.id);
    for (const id of [randomUUID(), guest.user.id]) {
      const res = await owner.client.post(`/api/teams/${team.id}/chat`, { message: 'hi @someone', mentionedUserIds: [member.user.id, id] });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('not a member of this team');
      expect(res.body.message).toContain(id);
    }
    expect((await owner.client.post(`/api/teams/${team.id}/chat`, { message: 'x', mentionedUserIds: ['not-an-id'] })).status).toBe(400);
    expect(await storedCount(team.id)).toBe(0);
    const ok = await owner.client.post(`/api/teams/${team.id}/chat`, { message: `hi @${member.account.firstName}`, mentionedUserIds: [member.user.id.toUpperCase(), member.user.id] });
    expect(ok.status).toBe(201);
    expect(ok.body.mentionedUserIds).toEqual([member.user.id]);
  });

  it('[chat-tasks] task references must be the team\'s tasks, and show as they are now', async () => {
    const { owner, team, project, task } = await chatTeam();
    const other = await chatTeam();
    const refused = await owner.client.post(`/api/teams/${team.id}/chat`, { message: 'see #Paint', taskIds: [other.task.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('not a task of this team');
    expect((await owner.client.post(`/api/teams/${team.id}/chat`, { message: 'see', taskIds: [randomUUID()] })).status).toBe(400);
    expect(await storedCount(team.id)).toBe(0);

    const posted = await owner.client.post(`/api/teams/${team.id}/chat`, { message: 'see #Paint the hull', taskIds: [task.id] });
    expect(posted.status).toBe(201);
    expect(posted.body.tasks).toEqual([{ id: task.id, projectId: project.id, name: 'Paint the hull' }]);
    // The # picker finds it by part of its name, and not another team's task.
    const search = await owner.client.get(`/api/teams/${team.id}/chat/tasks?q=HULL`);
    expect(search.body).toEqual([{ id: task.id, projectId: project.id, name: 'Paint the hull', projectName: 'Harbour' }]);
    expect((await owner.client.get(`/api/teams/${team.id}/chat/tasks?q=%25`)).body).toEqual([]);
    // Deleted, it is no longer offered as a chip; the message keeps its words.
    expect((await owner.client.request('DELETE', `/api/tasks/${task.id}`)).status).toBeLessThan(300);
    const page = await owner.client.get(`/api/teams/${team.id}/chat`);
    expect(page.body.messages[0]).toMatchObject({ message: 'see #Paint the hull', tasks: [] });
  });

  it('[chat-bad-input] each bad message is a clear 400 and nothing is stored', async () => {
    const { owner, team } = await chatTeam();
    const cases: [unknown, RegExp][] = [
      [{ message: '' }, /cannot be empty/],
      [{ message: ' \n\t\u00a0 ' }, /cannot be empty/],
      [{ message: 'x'.repeat(10_001) }, /at most 10,000/],
      [{ message: 'before\u0000after' }, /null character/],
      [{ message: 42 }, /Message/],
      [{}, /Message/],
      [{ message: 'ok', taskIds: 'abc' }, /taskIds/],
      [{ message: 'ok', mentionedUserIds: Array.from({ length: 51 }, () => randomUUID()) }, /at most 50/],
    ];
    for (const [body, message] of cases) {
      const res = await owner.client.post(`/api/teams/${team.id}/chat`, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await storedCount(team.id)).toBe(0);
    expect((await owner.client.post(`/api/teams/${team.id}/chat`, { message: 'x'.repeat(10_000) })).status).toBe(201);
  });

  it('[chat-429] concurrent posts past the per-minute limit: exactly the limit is stored, the rest are 429', async () => {
    const { member, team } = await chatTeam();
    const extra = 6;
    const answers = await Promise.all(
      Array.from({ length: CONVERSATION_POSTS_PER_MINUTE + extra }, (_, i) => member.client.post(`/api/teams/${team.id}/chat`, { message: `burst ${i}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(CONVERSATION_POSTS_PER_MINUTE);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(extra);
    expect(refused[0]!.body.message).toMatch(/Please wait/);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await storedCount(team.id)).toBe(CONVERSATION_POSTS_PER_MINUTE);
  });

  it('[chat-live] a message reaches the other members\' sockets, not an outsider\'s', async () => {
    const { owner, member, team } = await chatTeam();
    const outsider = await registeredClient(server);
    const memberEvents = collect<{ teamId: string; message: ChatMessage }>(await socketOf(member.client), 'chat:message');
    const outsiderEvents = collect(await socketOf(outsider.client), 'chat:message');
    const posted = await owner.client.post(`/api/teams/${team.id}/chat`, { message: 'live one' });
    await until(() => memberEvents.length === 1);
    expect(memberEvents[0]).toEqual({ teamId: team.id, message: posted.body });
    await new Promise((r) => setTimeout(r, 200));
    expect(outsiderEvents).toEqual([]);
  });

  it('[chat-presence] who is online: read on opening, told when a person\'s first socket joins and last leaves', async () => {
    const { owner, member, team } = await chatTeam();
    const ownerSocket = await socketOf(owner.client);
    const told = collect<{ teamId: string; online: string[] }>(ownerSocket, 'chat:presence');
    const first = await owner.client.get(`/api/teams/${team.id}/chat/presence`);
    expect(first.body).toEqual({ teamId: team.id, online: [owner.user.id] });

    const memberSocket = await socketOf(member.client);
    const both = [owner.user.id, member.user.id].sort();
    await until(() => told.some((t) => t.online.length === 2));
    expect(told.at(-1)).toEqual({ teamId: team.id, online: both });
    expect((await member.client.get(`/api/teams/${team.id}/chat/presence`)).body.online).toEqual(both);

    // A second tab of the same person changes nothing.
    const count = told.length;
    const secondTab = await socketOf(member.client);
    await new Promise((r) => setTimeout(r, 250));
    expect(told.length).toBe(count);
    secondTab.disconnect();
    await new Promise((r) => setTimeout(r, 250));
    expect(told.length).toBe(count);

    memberSocket.disconnect();
    await until(() => told.at(-1)!.online.length === 1);
    expect(told.at(-1)).toEqual({ teamId: team.id, online: [owner.user.id] });
  });

  it('[chat-removed-member] a removed member\'s panel stops: refused at once, no more events, gone from presence', async () => {
    const { owner, member, team } = await chatTeam();
    const ownerTold = collect<{ online: string[] }>(await socketOf(owner.client), 'chat:presence');
    const memberSocket = await socketOf(member.client);
    const memberEvents = collect<{ message: ChatMessage }>(memberSocket, 'chat:message');
    await until(() => ownerTold.some((t) => t.online.includes(member.user.id)));

    expect((await owner.client.request('DELETE', `/api/teams/${team.id}/members/${member.user.id}`)).status).toBe(204);
    const removedAt = Date.now();
    await until(() => !ownerTold.at(-1)!.online.includes(member.user.id), 1000);
    expect(Date.now() - removedAt).toBeLessThan(1000);
    expect((await member.client.get(`/api/teams/${team.id}/chat`)).status).toBe(404);
    expect((await member.client.post(`/api/teams/${team.id}/chat`, { message: 'still here?' })).status).toBe(404);

    await owner.client.post(`/api/teams/${team.id}/chat`, { message: 'after the removal' });
    await new Promise((r) => setTimeout(r, 300));
    expect(memberEvents).toEqual([]);
    expect(memberSocket.connected).toBe(true);
  });
});
