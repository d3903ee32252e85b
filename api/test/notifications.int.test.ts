import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notifier } from '../src/features/notifications/notifier.js';
import { eventually } from './collab-client.js';
import { createTask, joinedMember, registeredClient, startTestServer, teamWithOwner, type ApiClient, type ClientUser, type TestServer } from './harness.js';
import { liveSocket as openLiveSocket } from './live-socket.js';

/**
 * [notifications] Issue 38: the inbox. Made from the write path (one per person per edit, never to the actor, a
 * cascade as one notification naming the first and the count), watchers and their choices, join requests, restores,
 * the removal rule, paging and filters, read state, and bad input.
 */
let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server?.stop();
});

type Note = { id: string; reason: string; text: string; projectId: string | null; taskId: string | null; read: boolean; archived: boolean; actor: { id: string } | null };
const inbox = async (c: ApiClient, query = '') => (await c.get(`/api/notifications${query}`)).body as { notifications: Note[]; unread: number; next: string | null };
const settle = () => new Promise((r) => setTimeout(r, 400));
/** The person's inbox once `count` notifications of `reason` are in, after the queue has had time to add a wrong extra one. */
async function arrived(c: ApiClient, reason: string, count: number) {
  await eventually(() => inbox(c, `?reason=${reason}`), (p) => p.notifications.length >= count, 5000);
  await settle();
  return (await inbox(c, `?reason=${reason}`)).notifications;
}

async function setup() {
  const { owner, team } = await teamWithOwner(server);
  const bee = await joinedMember(server, owner.client, team.id);
  const cee = await joinedMember(server, owner.client, team.id);
  const project = (await owner.client.post('/api/projects', { name: 'Site', teamId: team.id })).body as { id: string };
  return { owner, bee, cee, team, project };
}

/** A signed-in browser's socket in this file's server, closed by afterAll. */
const liveSocket = (client: ApiClient) => openLiveSocket(server, client, sockets);

describe('[notifications] from the write path', () => {
  it('a cascade of 40 moves makes one notification per assignee naming the first and the count, never one to the actor', async () => {
    const { owner, bee, cee, project } = await setup();
    const sitemap = await createTask(owner.client, { projectId: project.id, name: 'Sitemap', startDate: '2026-11-23', endDate: '2026-11-27', assigneeIds: [owner.user.id] });
    const followers: { id: string }[] = [];
    for (let i = 0; i < 40; i++) {
      const assignees = i === 0 ? [bee.user.id, cee.user.id] : [bee.user.id];
      followers.push(await createTask(owner.client, { projectId: project.id, name: i === 0 ? 'Wireframes' : `Page ${i}`, startDate: '2026-11-30', endDate: '2026-12-04', assigneeIds: assignees }));
    }
    // Being assigned: one notification per person (the creates came in a burst), never "assigned" for the owner.
    const assigned = await arrived(bee.client, 'assigned', 1);
    expect(assigned.length).toBeLessThanOrEqual(40);
    expect(assigned[0]!.text).toMatch(/^Ada Lovelace assigned you to «.+»/);
    for (const f of followers) expect((await owner.client.post(`/api/tasks/${f.id}/dependencies`, { dependsOnTaskId: sitemap.id })).status).toBe(201);
    await settle();
    const before = (await inbox(bee.client, '?reason=task_changed')).notifications.length;

    // Sitemap a week later: 40 tasks move by the cascade.
    expect((await owner.client.request('PATCH', `/api/tasks/${sitemap.id}`, { startDate: '2026-11-30', endDate: '2026-12-04' })).status).toBe(200);
    const changed = await arrived(bee.client, 'task_changed', before + 1);
    expect(changed.length).toBe(before + 1);
    expect(changed[0]).toMatchObject({ reason: 'task_changed', projectId: project.id, actor: { id: owner.user.id } });
    expect(changed[0]!.text).toMatch(/^«(Wireframes|Page \d+)» moved \+\d+d because «Sitemap» moved, and 39 more — Ada Lovelace$/);
    const forCee = await arrived(cee.client, 'task_changed', 1);
    expect(forCee).toHaveLength(1);
    expect(forCee[0]!.text).toMatch(/^«Wireframes» moved \+\d+d because «Sitemap» moved — Ada Lovelace$/);
    expect(forCee[0]!.taskId).toBe(followers[0]!.id);
    // The actor is told nothing of their own edits.
    expect((await inbox(owner.client)).notifications).toHaveLength(0);
  });

  it('a watcher hears of a change live, one who stopped watching (even an assignee) does not; a deletion tells the assignees', async () => {
    const { owner, bee, cee, project } = await setup();
    const task = await createTask(owner.client, { projectId: project.id, name: 'Copy', startDate: '2026-11-23', endDate: '2026-11-27', assigneeIds: [bee.user.id] });
    await arrived(bee.client, 'assigned', 1);
    expect((await cee.client.get(`/api/tasks/${task.id}/watch`)).body).toEqual({ watching: false });
    expect((await bee.client.get(`/api/tasks/${task.id}/watch`)).body).toEqual({ watching: true });
    expect((await owner.client.get(`/api/tasks/${task.id}/watch`)).body).toEqual({ watching: true });
    expect((await cee.client.post(`/api/tasks/${task.id}/watch`)).body).toEqual({ watching: true });
    expect((await bee.client.request('DELETE', `/api/tasks/${task.id}/watch`)).body).toEqual({ watching: false });
    expect((await bee.client.get(`/api/tasks/${task.id}/watch`)).body).toEqual({ watching: false });

    const socket = await liveSocket(cee.client);
    const live = new Promise<{ notification: Note; unread: number }>((resolve) => socket.once('notification:created', resolve));
    expect((await owner.client.request('PATCH', `/api/tasks/${task.id}`, { endDate: '2026-11-30' })).status).toBe(200);
    const event = await live;
    expect(event.notification.text).toBe('«Copy» resized +3d — Ada Lovelace');
    expect(event.unread).toBe(1);
    await settle();
    expect(await inbox(bee.client, '?reason=task_changed')).toMatchObject({ notifications: [] });

    // A deleted task's watcher rows go with it: its assignees are told.
    expect((await owner.client.request('DELETE', `/api/tasks/${task.id}`)).status).toBe(204);
    const deleted = await arrived(bee.client, 'task_changed', 1);
    expect(deleted[0]).toMatchObject({ text: '«Copy» deleted — Ada Lovelace', taskId: null });
  });

  it('a restore tells every member but its author; removed members are not told and their old notifications no longer open the project', async () => {
    const { owner, bee, cee, team, project } = await setup();
    const task = await createTask(owner.client, { projectId: project.id, name: 'Launch', startDate: '2026-11-23', endDate: '2026-11-27', assigneeIds: [bee.user.id, cee.user.id] });
    await arrived(cee.client, 'assigned', 1);
    const at = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    expect((await owner.client.request('PATCH', `/api/tasks/${task.id}`, { startDate: '2026-11-24', endDate: '2026-11-30' })).status).toBe(200);
    await arrived(cee.client, 'task_changed', 1);

    expect((await owner.client.request('DELETE', `/api/teams/${team.id}/members/${cee.user.id}`)).status).toBe(204);
    const restored = await owner.client.post(`/api/projects/${project.id}/restore`, { at });
    expect(restored.status).toBe(200);
    const forBee = await arrived(bee.client, 'project_restored', 1);
    expect(forBee).toHaveLength(1);
    expect(forBee[0]!.text).toMatch(/^«Site» was restored to .+ — Ada Lovelace$/);
    // The restore moved Launch back: a restore is one notification, not a task change too.
    expect((await inbox(bee.client, '?reason=task_changed')).notifications).toHaveLength(1);
    expect((await inbox(owner.client)).notifications).toHaveLength(0);

    await settle();
    const old = await inbox(cee.client);
    expect(old.notifications.map((n) => n.reason).sort()).toEqual(['assigned', 'task_changed']);
    for (const n of old.notifications) {
      expect(n).toMatchObject({ projectId: null, taskId: null });
      expect(n.text).not.toContain('Launch');
    }
  });
});

describe('[notifications] comments and the chat (the Notifier the comments and chat call)', () => {
  it('mentions outrank watching, watchers hear of comments, an edit tells only the newly mentioned, the chat tells team members; never the actor or an outsider', async () => {
    const { owner, bee, cee, team, project } = await setup();
    const outsider = await registeredClient(server);
    const created: string[][] = [];
    const notifier = new Notifier(server.dataSource, server.realtime.bus, server.logger, { onCreated: (ids) => created.push(ids) });
    const task = await createTask(owner.client, { projectId: project.id, name: 'Spec', startDate: '2026-11-23', endDate: '2026-11-27', assigneeIds: [bee.user.id] });
    await arrived(bee.client, 'assigned', 1);
    const comment = async (mentioned: string[]) => {
      const id = randomUUID();
      await server.dataSource.transaction(async (m) => {
        await m.query(`INSERT INTO task_comments (id, task_id, project_id, user_id, body, mentioned_user_ids) VALUES ($1, $2, $3, $4, 'Look at this', $5::uuid[])`, [
          id,
          task.id,
          project.id,
          owner.user.id,
          mentioned,
        ]);
        await notifier.watchOnComment(m, task.id, [owner.user.id, ...mentioned]);
      });
      return id;
    };
    const first = await comment([cee.user.id, outsider.user.id]);
    await notifier.commentPosted({ commentId: first, taskId: task.id, projectId: project.id, actorId: owner.user.id, mentionedUserIds: [cee.user.id, outsider.user.id], body: 'Look at this', edit: false });
    expect((await inbox(cee.client, '?reason=mention')).notifications).toMatchObject([{ text: 'Ada Lovelace mentioned you on «Spec»', excerpt: 'Look at this', taskId: task.id, commentId: first }]);
    expect((await inbox(bee.client, '?reason=comment')).notifications).toMatchObject([{ text: 'Ada Lovelace commented on «Spec»' }]);
    expect((await inbox(cee.client, '?reason=comment')).notifications).toHaveLength(0);
    expect((await inbox(owner.client)).notifications).toHaveLength(0);
    expect((await inbox(outsider.client)).notifications).toHaveLength(0);
    expect(created[0]).toHaveLength(2);
    // Mentioned, cee now watches the task.
    expect((await cee.client.get(`/api/tasks/${task.id}/watch`)).body).toEqual({ watching: true });

    // An edit that mentions bee tells bee only; cee (already mentioned, watching) hears nothing new.
    await notifier.commentPosted({ commentId: first, taskId: task.id, projectId: project.id, actorId: owner.user.id, mentionedUserIds: [bee.user.id], body: 'Look at this, Bea', edit: true });
    expect((await inbox(bee.client, '?reason=mention')).notifications).toHaveLength(1);
    expect((await inbox(cee.client)).notifications.filter((n) => n.reason !== 'assigned')).toHaveLength(1);

    // Bee stops watching: the next comment tells cee (a watcher now) but not bee.
    await bee.client.request('DELETE', `/api/tasks/${task.id}/watch`);
    const second = await comment([]);
    await notifier.commentPosted({ commentId: second, taskId: task.id, projectId: project.id, actorId: owner.user.id, mentionedUserIds: [], body: 'Again', edit: false });
    expect((await inbox(bee.client, '?reason=comment')).notifications).toHaveLength(1);
    expect((await inbox(cee.client, '?reason=comment')).notifications).toHaveLength(1);

    const messageId = randomUUID();
    await server.dataSource.query(`INSERT INTO team_chat_messages (id, team_id, user_id, message) VALUES ($1, $2, $3, 'Standup?')`, [messageId, team.id, owner.user.id]);
    await notifier.chatMentioned({ teamId: team.id, messageId, actorId: owner.user.id, mentionedUserIds: [bee.user.id, owner.user.id, outsider.user.id], message: 'Standup?' });
    expect((await inbox(bee.client, '?reason=mention')).notifications[0]).toMatchObject({ text: 'Ada Lovelace mentioned you in the team chat', excerpt: 'Standup?', teamId: team.id, projectId: null });
    expect((await inbox(outsider.client)).notifications).toHaveLength(0);
    expect((await inbox(owner.client)).notifications).toHaveLength(0);

    // Removed from the team, bee keeps the notification but no longer reads the chat's words nor opens it.
    expect((await owner.client.request('DELETE', `/api/teams/${team.id}/members/${bee.user.id}`)).status).toBe(204);
    const [gone] = (await inbox(bee.client, '?reason=mention')).notifications as (Note & { excerpt: string | null; teamId: string | null })[];
    expect(gone).toMatchObject({ excerpt: null, teamId: null, projectId: null });
    expect(gone!.text).not.toContain('Standup');
    const patched = await bee.client.request('PATCH', `/api/notifications/${gone!.id}`, { read: true });
    expect(patched.body).toMatchObject({ excerpt: null, teamId: null, read: true });
    // Cee, still a member, is unaffected by bee's removal.
    await notifier.chatMentioned({ teamId: team.id, messageId, actorId: owner.user.id, mentionedUserIds: [cee.user.id], message: 'Standup?' });
    expect((await inbox(cee.client, '?reason=mention')).notifications[0]).toMatchObject({ excerpt: 'Standup?', teamId: team.id });
  });
});

describe('[notifications] join requests', () => {
  it('the owner and admins hear of a request, the person who asked of the answer', async () => {
    const { owner, team } = await teamWithOwner(server);
    const admin = await joinedMember(server, owner.client, team.id, 'admin');
    const asker = await registeredClient(server, { firstName: 'Ana', lastName: 'Silva' });
    const ask = await asker.client.post('/api/teams/request-join', { teamCode: team.teamCode });
    for (const manager of [owner, admin]) {
      const [note] = await arrived(manager.client, 'join_request', 1);
      expect(note).toMatchObject({ text: 'Ana Silva asked to join «Rocket Team»', actor: { id: asker.user.id } });
    }
    await owner.client.post(`/api/teams/join-requests/${ask.body.id}/respond`, { response: 'denied' });
    const [answer] = await arrived(asker.client, 'join_answered', 1);
    expect(answer!.text).toBe('Your request to join «Rocket Team» was denied — Ada Lovelace');
    expect((await inbox(asker.client, '?reason=join_request')).notifications).toHaveLength(0);
  });
});

describe('[notifications] the inbox', () => {
  async function seeded(user: ClientUser, projectId: string, count: number) {
    for (let i = 0; i < count; i++) {
      await server.dataSource.query(
        `INSERT INTO notifications (id, user_id, reason, project_id, text, created_at) VALUES ($1, $2, $3, $4, $5, now() - make_interval(secs => $6))`,
        [randomUUID(), user.user.id, i % 3 ? 'comment' : 'mention', i % 2 ? projectId : null, `n${i}`, i],
      );
    }
  }

  it('pages newest first with a cursor, filters by reason, project and unread, and keeps read state per person', async () => {
    const { owner, bee, project } = await setup();
    await seeded(bee, project.id, 120);
    const seen: string[] = [];
    let page = await inbox(bee.client);
    expect(page.unread).toBe(120);
    while (true) {
      seen.push(...page.notifications.map((n) => n.text));
      if (!page.next) break;
      page = await inbox(bee.client, `?before=${page.next}`);
    }
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `n${i}`));
    expect((await inbox(bee.client, '?reason=mention')).notifications.every((n) => n.reason === 'mention')).toBe(true);
    expect((await inbox(bee.client, `?projectId=${project.id}`)).notifications.every((n) => n.projectId === project.id)).toBe(true);

    const first = (await inbox(bee.client)).notifications[0]!;
    // Someone else's notification: 404, unchanged.
    expect((await owner.client.request('PATCH', `/api/notifications/${first.id}`, { read: true })).status).toBe(404);
    const read = await bee.client.request('PATCH', `/api/notifications/${first.id}`, { read: true });
    expect(read.body).toMatchObject({ id: first.id, read: true, archived: false });
    expect((await inbox(bee.client)).unread).toBe(119);
    expect((await inbox(bee.client, '?unread=true')).notifications.map((n) => n.id)).not.toContain(first.id);
    expect((await bee.client.request('PATCH', `/api/notifications/${first.id}`, { read: false, archived: true })).body).toMatchObject({ read: false, archived: true });
    expect((await inbox(bee.client)).notifications.map((n) => n.id)).not.toContain(first.id);
    expect((await inbox(bee.client, '?archived=true')).notifications.map((n) => n.id)).toEqual([first.id]);
    expect((await inbox(bee.client)).unread).toBe(119);

    expect((await bee.client.post('/api/notifications/read-all')).body).toEqual({ unread: 0 });
    expect((await inbox(bee.client, '?unread=true')).notifications).toHaveLength(0);
  });

  it('bad input is a 4xx that says what to fix', async () => {
    const { bee } = await setup();
    expect((await bee.client.get('/api/notifications?reason=gossip')).status).toBe(400);
    expect((await bee.client.get('/api/notifications?unread=maybe')).status).toBe(400);
    const cursor = await bee.client.get('/api/notifications?before=not-a-cursor');
    expect(cursor.status).toBe(400);
    expect(cursor.body.message).toMatch(/cursor/);
    // The shape of a cursor around something that is not an id (36 dashes, or letters past f): 400, not a 500.
    for (const id of ['-'.repeat(36), 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz']) {
      const forged = await bee.client.get(`/api/notifications?before=${Buffer.from(`1764000000000000.${id}`).toString('base64url')}`);
      expect(forged.status).toBe(400);
      expect(forged.body.message).toMatch(/cursor/);
    }
    expect((await bee.client.request('PATCH', `/api/notifications/${randomUUID()}`, {})).status).toBe(400);
    expect((await bee.client.request('PATCH', `/api/notifications/${randomUUID()}`, { read: 'yes' })).status).toBe(400);
    expect((await bee.client.request('PATCH', `/api/notifications/${randomUUID()}`, { read: true })).status).toBe(404);
    expect((await bee.client.request('PATCH', '/api/notifications/nope', { read: true })).status).toBe(404);
    expect((await bee.client.post(`/api/tasks/${randomUUID()}/watch`)).status).toBe(404);
    const outsider = await registeredClient(server);
    expect((await outsider.client.get('/api/notifications')).body).toMatchObject({ notifications: [], unread: 0 });
  });
});

