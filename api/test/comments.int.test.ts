import { randomUUID } from 'node:crypto';
import { COMMENTS_PAGE_SIZE, CONVERSATION_POSTS_PER_MINUTE } from '@planline/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask, joinedMember, registeredClient, setTeamPlan, startTestServer, teamWithOwner, type ApiClient, type ClientUser, type TestServer } from './harness.js';
import { liveSocket as openLiveSocket } from './live-socket.js';

/*
 * [comments] Issue 38: task comments. Read and written like the task's project (members, guests), the author edits,
 * the author or the team's owner and admins delete, mentions only of people who see the project, bad input a 4xx
 * with nothing stored, the post limit, the past view (?at=), and the live event to the project's other browsers.
 */

let server: TestServer;
let owner: ClientUser;
let admin: ClientUser;
let member: ClientUser;
let guest: ClientUser;
let outsider: ClientUser;
let project: { id: string };
let task: { id: string };
let otherTask: { id: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const made = await teamWithOwner(server, 'Comment Team');
  owner = made.owner;
  await setTeamPlan(server, made.team.id, 'enterprise');
  project = (await owner.client.post('/api/projects', { name: 'Comment Project', teamId: made.team.id })).body;
  task = await createTask(owner.client, { projectId: project.id, name: 'Write the brief', startDate: '2026-03-02', endDate: '2026-03-06' });
  admin = await joinedMember(server, owner.client, made.team.id, 'admin');
  member = await joinedMember(server, owner.client, made.team.id);
  guest = await registeredClient(server);
  const link = (await owner.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink as string;
  expect((await guest.client.post('/api/projects/join', { token: link.split('/').pop() })).status).toBe(200);
  outsider = await registeredClient(server);
  const elsewhere = await teamWithOwner(server, 'Elsewhere Team');
  const otherProject = (await elsewhere.owner.client.post('/api/projects', { name: 'Elsewhere', teamId: elsewhere.team.id })).body;
  otherTask = await createTask(elsewhere.owner.client, { projectId: otherProject.id, name: 'Theirs', startDate: '2026-03-02', endDate: '2026-03-03' });
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server?.stop();
});

const commentsOf = (client: ApiClient, taskId: string, query = '') => client.get(`/api/tasks/${taskId}/comments${query}`);
const storedCount = async (taskId: string) =>
  Number((await server.dataSource.query(`SELECT count(*)::int AS n FROM task_comments WHERE task_id = $1`, [taskId]))[0].n);

async function newTask(name: string): Promise<{ id: string }> {
  return createTask(owner.client, { projectId: project.id, name, startDate: '2026-03-02', endDate: '2026-03-06' });
}


function next<T = any>(socket: Socket, event: string, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** A signed-in browser's socket in this file's server, closed by afterAll. */
const liveSocket = (client: ApiClient) => openLiveSocket(server, client, sockets);

describe('task comments', () => {
  it('[comments-post] members and guests post and read; the thread is oldest first, with author, mentions and counts', async () => {
    const t = await newTask('Thread');
    const first = await member.client.post(`/api/tasks/${t.id}/comments`, { body: 'Hi @Ada, **see** this', mentionedUserIds: [guest.user.id.toUpperCase()] });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ taskId: t.id, projectId: project.id, author: { id: member.user.id }, body: 'Hi @Ada, **see** this', mentionedUserIds: [guest.user.id], editedAt: null, deletedAt: null });
    const second = await guest.client.post(`/api/tasks/${t.id}/comments`, { body: 'Guests comment too' });
    expect(second.status).toBe(201);

    const page = await commentsOf(owner.client, t.id);
    expect(page.status).toBe(200);
    expect(page.body.comments.map((c: { id: string }) => c.id)).toEqual([first.body.id, second.body.id]);
    expect(page.body.next).toBeNull();
    expect((await guest.client.get(`/api/projects/${project.id}/comment-counts`)).body).toMatchObject({ [t.id]: 2 });
  });

  it('[comments-access] outsiders and another project: 404, nothing stored', async () => {
    for (const [client, taskId] of [
      [outsider.client, task.id],
      [member.client, otherTask.id],
    ] as const) {
      expect((await commentsOf(client, taskId)).status).toBe(404);
      const res = await client.post(`/api/tasks/${taskId}/comments`, { body: 'Not mine to say' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Task not found');
    }
    expect(await storedCount(otherTask.id)).toBe(0);
    expect((await outsider.client.get(`/api/projects/${project.id}/comment-counts`)).status).toBe(404);

    // A deleted task's thread is gone with it.
    const t = await newTask('Soon gone');
    await owner.client.post(`/api/tasks/${t.id}/comments`, { body: 'Before it went' });
    expect((await owner.client.request('DELETE', `/api/tasks/${t.id}`)).status).toBe(204);
    expect((await commentsOf(owner.client, t.id)).status).toBe(404);
    expect((await owner.client.post(`/api/tasks/${t.id}/comments`, { body: 'After it went' })).status).toBe(404);
  });

  it('[comments-paging] pages of COMMENTS_PAGE_SIZE, oldest first, through the next cursor; a made-up cursor is a 400', async () => {
    const t = await newTask('Long thread');
    const base = Date.parse('2026-01-01T00:00:00Z');
    const ids: string[] = [];
    for (let i = 0; i < COMMENTS_PAGE_SIZE + 5; i += 1) {
      const id = randomUUID();
      ids.push(id);
      await server.dataSource.query(`INSERT INTO task_comments (id, task_id, project_id, user_id, body, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
        id,
        t.id,
        project.id,
        owner.user.id,
        `Comment ${i}`,
        new Date(base + i * 1000),
      ]);
    }
    const first = await commentsOf(member.client, t.id);
    expect(first.body.comments).toHaveLength(COMMENTS_PAGE_SIZE);
    expect(first.body.comments[0].body).toBe('Comment 0');
    expect(first.body.next).toEqual(expect.any(String));
    const second = await commentsOf(member.client, t.id, `?after=${encodeURIComponent(first.body.next)}`);
    expect(second.status).toBe(200);
    expect([...first.body.comments, ...second.body.comments].map((c: { id: string }) => c.id)).toEqual(ids);
    expect(second.body.next).toBeNull();

    for (const cursor of ['nonsense', Buffer.from(randomUUID()).toString('base64url')]) {
      const bad = await commentsOf(member.client, t.id, `?after=${cursor}`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/cursor/);
    }
  });

  it('[comments-edit-delete] the author edits ("edited"); the author or the owner and admins delete ("comment deleted"); others 403', async () => {
    const t = await newTask('Edits');
    const posted = (await member.client.post(`/api/tasks/${t.id}/comments`, { body: 'First take' })).body;

    for (const other of [owner, admin, guest]) {
      const res = await other.client.request('PATCH', `/api/comments/${posted.id}`, { body: 'Not yours' });
      expect(res.status).toBe(403);
    }
    expect((await outsider.client.request('PATCH', `/api/comments/${posted.id}`, { body: 'Not yours' })).status).toBe(404);
    const edited = await member.client.request('PATCH', `/api/comments/${posted.id}`, { body: 'Second take' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: 'Second take', editedAt: expect.any(String), deletedAt: null });

    // Guests and plain members may not delete someone else's; outsiders do not learn it exists.
    const byGuest = (await guest.client.post(`/api/tasks/${t.id}/comments`, { body: 'Guest words' })).body;
    expect((await member.client.request('DELETE', `/api/comments/${byGuest.id}`)).status).toBe(403);
    expect((await guest.client.request('DELETE', `/api/comments/${posted.id}`)).status).toBe(403);
    expect((await outsider.client.request('DELETE', `/api/comments/${posted.id}`)).status).toBe(404);
    expect((await guest.client.request('DELETE', `/api/comments/${byGuest.id}`)).status).toBe(204);
    expect((await admin.client.request('DELETE', `/api/comments/${posted.id}`)).status).toBe(204);

    const thread = (await commentsOf(member.client, t.id)).body.comments;
    expect(thread).toHaveLength(2);
    for (const c of thread) expect(c).toMatchObject({ body: '', mentionedUserIds: [], deletedAt: expect.any(String) });
    const [row] = await server.dataSource.query(`SELECT body FROM task_comments WHERE id = $1`, [posted.id]);
    expect(row.body).toBe('');
    // A deleted comment is not edited back, and is not counted.
    expect((await member.client.request('PATCH', `/api/comments/${posted.id}`, { body: 'Back again' })).status).toBe(409);
    expect((await member.client.get(`/api/projects/${project.id}/comment-counts`)).body[t.id]).toBeUndefined();
  });

  it('[comments-delete-excerpt] a deleted comment\'s words leave the notifications that quoted them (inbox, later digest)', async () => {
    const t = await newTask('Deleted words');
    const posted = (await member.client.post(`/api/tasks/${t.id}/comments`, { body: 'The door code is 4417', mentionedUserIds: [admin.user.id] })).body;
    const mentionOf = async () => {
      const rows: { excerpt: string | null }[] = await server.dataSource.query(`SELECT excerpt FROM notifications WHERE comment_id = $1`, [posted.id]);
      return rows;
    };
    // The admin's mention and the task creator's (the owner's) comment notice both quote it.
    for (let i = 0; i < 50 && (await mentionOf()).length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await mentionOf()).map((r) => r.excerpt)).toEqual(['The door code is 4417', 'The door code is 4417']);
    expect((await member.client.request('DELETE', `/api/comments/${posted.id}`)).status).toBe(204);
    expect((await mentionOf()).map((r) => r.excerpt)).toEqual([null, null]);
    const inbox = (await admin.client.get('/api/notifications?reason=mention')).body.notifications as { commentId: string; excerpt: string | null }[];
    expect(inbox.find((n) => n.commentId === posted.id)).toMatchObject({ excerpt: null });
  });

  it('[comments-mentions] a mention of an unknown id or of someone who cannot see the project is a 400, nothing stored', async () => {
    const t = await newTask('Mentions');
    const unknown = await member.client.post(`/api/tasks/${t.id}/comments`, { body: 'Hey @Ghost', mentionedUserIds: [randomUUID()] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/not one of this project's people/);
    // Nobody's id and an outsider's get the same answer: a mention does not tell whether an id is a person's.
    const oneOutsider = await member.client.post(`/api/tasks/${t.id}/comments`, { body: 'Hey @Out', mentionedUserIds: [outsider.user.id] });
    expect([oneOutsider.status, oneOutsider.body.message]).toEqual([400, unknown.body.message]);
    const outside = await member.client.post(`/api/tasks/${t.id}/comments`, { body: 'Hey @Out', mentionedUserIds: [guest.user.id, outsider.user.id] });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toMatch(/not one of this project's people/);
    expect(outside.body.issues[0].path).toBe('mentionedUserIds');
    expect(await storedCount(t.id)).toBe(0);

    // An edit that adds someone who cannot see the project is refused too, and changes nothing.
    const posted = (await member.client.post(`/api/tasks/${t.id}/comments`, { body: 'Plain' })).body;
    expect((await member.client.request('PATCH', `/api/comments/${posted.id}`, { body: 'Hey @Out', mentionedUserIds: [outsider.user.id] })).status).toBe(400);
    expect((await commentsOf(member.client, t.id)).body.comments[0]).toMatchObject({ body: 'Plain', editedAt: null });
  });

  it('[comments-bad-input] blank, too long, NUL, wrong types, bad ids: a 400 with a message; HTML is kept as written text', async () => {
    const t = await newTask('Bad input');
    const cases: [unknown, RegExp][] = [
      [{ body: '' }, /cannot be empty/],
      [{ body: ' \n\t ' }, /cannot be empty/],
      [{ body: 'x'.repeat(10_001) }, /at most 10,000/],
      [{ body: 'nul \u0000 here' }, /./],
      [{ body: 42 }, /./],
      [{}, /./],
      [{ body: 'ok', mentionedUserIds: ['not-a-uuid'] }, /mentionedUserIds/],
      [{ body: 'ok', mentionedUserIds: 'everyone' }, /mentionedUserIds/],
    ];
    for (const [body, message] of cases) {
      const res = await member.client.post(`/api/tasks/${t.id}/comments`, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await storedCount(t.id)).toBe(0);
    const longest = await member.client.post(`/api/tasks/${t.id}/comments`, { body: 'y'.repeat(10_000) });
    expect(longest.status).toBe(201);

    const html = '<script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3))';
    const stored = await member.client.post(`/api/tasks/${t.id}/comments`, { body: html });
    expect(stored.status).toBe(201);
    expect(stored.body.body).toBe(html);
    expect((await commentsOf(member.client, t.id, '?at=not-a-date')).status).toBe(400);
  });

  it('[comments-throttle] concurrent posts of one person: 30 a minute stored, the rest 429 with Retry-After', async () => {
    const t = await newTask('Flood');
    const poster = await joinedMember(server, owner.client, (await server.dataSource.query(`SELECT team_id FROM projects WHERE id = $1`, [project.id]))[0].team_id);
    const answers = await Promise.all(
      Array.from({ length: CONVERSATION_POSTS_PER_MINUTE + 6 }, (_, i) => poster.client.post(`/api/tasks/${t.id}/comments`, { body: `Flood ${i}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(CONVERSATION_POSTS_PER_MINUTE);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(6);
    expect(refused[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused[0]!.body.message).toMatch(/wait/);
    expect(await storedCount(t.id)).toBe(CONVERSATION_POSTS_PER_MINUTE);
  });

  it('[comments-at] ?at= shows the comments that existed then: created by then and not yet deleted', async () => {
    const t = await newTask('Past');
    const at = (iso: string) => `?at=${encodeURIComponent(iso)}`;
    const insert = async (body: string, createdAt: string, deletedAt: string | null) => {
      const id = randomUUID();
      await server.dataSource.query(
        `INSERT INTO task_comments (id, task_id, project_id, user_id, body, created_at, deleted_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, t.id, project.id, owner.user.id, deletedAt ? '' : body, createdAt, deletedAt],
      );
      return id;
    };
    const early = await insert('early', '2026-02-01T10:00:00Z', null);
    const goneLater = await insert('gone later', '2026-02-01T11:00:00Z', '2026-02-03T00:00:00Z');
    await insert('gone soon', '2026-02-01T11:30:00Z', '2026-02-01T12:00:00Z');
    const late = await insert('late', '2026-02-05T10:00:00Z', null);

    const ids = async (query: string) => (await commentsOf(guest.client, t.id, query)).body.comments.map((c: { id: string }) => c.id);
    expect(await ids(at('2026-02-01T09:00:00Z'))).toEqual([]);
    expect(await ids(at('2026-02-02T00:00:00+01:00'))).toEqual([early, goneLater]);
    expect(await ids(at('2026-02-06T00:00:00Z'))).toEqual([early, late]);
    // Now: every comment, the deleted ones as "comment deleted".
    expect(await ids('')).toHaveLength(4);
  });

  it('[comments-live] a second member and a guest receive created, updated and deleted on their sockets', async () => {
    const t = await newTask('Live');
    const [memberSocket, guestSocket] = await Promise.all([liveSocket(member.client), liveSocket(guest.client)]);
    const outsiderSocket = await liveSocket(outsider.client);
    let outsiderHeard = 0;
    outsiderSocket.on('comment:created', () => (outsiderHeard += 1));

    const created = Promise.all([next(memberSocket, 'comment:created'), next(guestSocket, 'comment:created')]);
    const posted = (await owner.client.post(`/api/tasks/${t.id}/comments`, { body: 'Live now', mentionedUserIds: [member.user.id] })).body;
    for (const event of await created) expect(event).toEqual({ projectId: project.id, taskId: t.id, comment: posted });

    const updated = next(memberSocket, 'comment:updated');
    await owner.client.request('PATCH', `/api/comments/${posted.id}`, { body: 'Live, edited' });
    expect((await updated).comment).toMatchObject({ id: posted.id, body: 'Live, edited', editedAt: expect.any(String) });

    const deleted = next(guestSocket, 'comment:deleted');
    await owner.client.request('DELETE', `/api/comments/${posted.id}`);
    expect((await deleted).comment).toMatchObject({ id: posted.id, body: '', deletedAt: expect.any(String) });
    expect(outsiderHeard).toBe(0);
  });
});
