import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './collab-client.js';
import { createTask, joinedMember, registeredClient, setTeamPlan, startTestServer, teamWithOwner, type ApiClient, type ClientUser, type TestServer } from './harness.js';
import { liveSocket } from './live-socket.js';
import { startSmtp } from './smtp-capture.js';

/*
 * [conversation-flow] Issue 38 across its pieces, through the real routes of one server: a comment's mention and its
 * watchers reach the inbox, the socket and the SMTP server by each person's e-mail settings; a chat mention; a
 * cascade told once with its cause; and a person removed from the team afterwards. Each piece has its own tests;
 * these check the wiring between them (server.ts: the notifier's onCreated hook sends the instant e-mail).
 */

const PUBLIC_URL = 'http://planline.test';
const smtp = startSmtp();
let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  const port = await smtp.listen();
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL, SUPPORT_EMAIL: 'planline@planline.test' });
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server?.stop();
  await smtp.close();
});

type Note = { id: string; reason: string; text: string; excerpt: string | null; teamId: string | null; projectId: string | null; taskId: string | null; commentId: string | null };
type Inbox = { notifications: Note[]; unread: number };
const inbox = async (c: ApiClient, query = '') => (await c.get(`/api/notifications${query}`)).body as Inbox;
/** Time for a wrong extra notification or e-mail to arrive. */
const settle = () => new Promise((r) => setTimeout(r, 500));
const mailTo = (person: ClientUser) => smtp.received.filter((m) => m.to.some((to) => to.toLowerCase() === person.account.email.toLowerCase()));
function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** A (owner), B and C (members) of a team on a paid plan, its project, and a guest of that project. */
async function people() {
  const { owner: ada, team } = await teamWithOwner(server, 'Studio');
  await setTeamPlan(server, team.id, 'enterprise');
  const bea = await joinedMember(server, ada.client, team.id);
  const cid = await joinedMember(server, ada.client, team.id);
  const project = (await ada.client.post('/api/projects', { name: 'Harbour Site', teamId: team.id })).body as { id: string };
  const link = (await ada.client.get(`/api/projects/${project.id}/invite-link`)).body.inviteLink as string;
  const guest = await registeredClient(server);
  expect((await guest.client.post('/api/projects/join', { token: link.split('/').pop() })).status).toBe(200);
  return { ada, bea, cid, guest, team, project };
}

describe('[conversation-flow] comments, chat, cascades and removal, end to end through the routes', () => {
  it('a comment mentioning B tells B once (live, inbox, instant e-mail) and C the watcher once (no e-mail on digest); then the chat, a cascade, and B removed', async () => {
    const { ada, bea, cid, guest, team, project } = await people();
    // C is assigned (so watches); B is not on the task.
    const task = await createTask(ada.client, { projectId: project.id, name: 'Paint the hull', startDate: '2026-12-07', endDate: '2026-12-11', assigneeIds: [cid.user.id] });
    await eventually(() => inbox(cid.client, '?reason=assigned'), (p) => p.notifications.length === 1, 5000);
    expect(await bea.client.get('/api/me/notification-settings')).toMatchObject({ body: { mentions: 'instant', other: 'digest' } });

    const beaSocket = await liveSocket(server, bea.client, sockets);
    const beaLive = collect<{ notification: Note; unread: number }>(beaSocket, 'notification:created');
    const guestSocket = await liveSocket(server, guest.client, sockets);
    const guestChat = collect(guestSocket, 'chat:message');

    // 1. A comments on the task mentioning B.
    const posted = await ada.client.post(`/api/tasks/${task.id}/comments`, { body: 'Can you check the colours, @Bea?', mentionedUserIds: [bea.user.id] });
    expect(posted.status).toBe(201);
    await eventually(() => beaLive.length, (n) => n >= 1, 5000);
    await expect.poll(() => mailTo(bea).length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    await settle();
    expect(beaLive).toHaveLength(1);
    expect(beaLive[0]).toMatchObject({ unread: 1, notification: { reason: 'mention', taskId: task.id, projectId: project.id, commentId: posted.body.id } });
    expect(beaLive[0]!.notification.text).toMatch(/ mentioned you on «Paint the hull»$/);
    const beaInbox = await inbox(bea.client);
    expect(beaInbox.unread).toBe(1);
    expect(beaInbox.notifications).toMatchObject([{ id: beaLive[0]!.notification.id, reason: 'mention', excerpt: 'Can you check the colours, @Bea?' }]);
    const cidInbox = await inbox(cid.client);
    expect(cidInbox.notifications.map((n) => n.reason).sort()).toEqual(['assigned', 'comment']);
    expect(cidInbox.notifications.find((n) => n.reason === 'comment')!.text).toMatch(/ commented on «Paint the hull»$/);
    expect((await inbox(ada.client)).notifications).toHaveLength(0);
    expect((await inbox(guest.client)).notifications).toHaveLength(0);

    const mails = mailTo(bea);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/mentioned you on «Paint the hull»$/);
    expect(mails[0]!.body).toContain('Can you check the colours, @Bea?');
    expect(mails[0]!.headers.get('list-unsubscribe')).toMatch(new RegExp(`^<${PUBLIC_URL}/api/notifications/unsubscribe\\?token=.+>$`));
    // C takes everything but mentions daily (the default): nothing at once, for the comment or the assignment.
    expect(mailTo(cid)).toHaveLength(0);
    expect(mailTo(ada)).toHaveLength(0);

    // 2. The team chat: A mentions B; the project's guest is not in the chat at all.
    const chat = await ada.client.post(`/api/teams/${team.id}/chat`, { message: 'Standup at ten, @Bea', mentionedUserIds: [bea.user.id] });
    expect(chat.status).toBe(201);
    await eventually(() => inbox(bea.client, '?reason=mention'), (p) => p.notifications.length === 2, 5000);
    expect((await inbox(bea.client, '?reason=mention')).notifications[0]).toMatchObject({ teamId: team.id, projectId: null, excerpt: 'Standup at ten, @Bea' });
    expect(beaLive.at(-1)).toMatchObject({ unread: 2, notification: { reason: 'mention', teamId: team.id } });
    expect((await guest.client.get(`/api/teams/${team.id}/chat`)).status).toBe(404);
    expect((await guest.client.post(`/api/teams/${team.id}/chat`, { message: 'hello?' })).status).toBe(404);
    const guestMention = await ada.client.post(`/api/teams/${team.id}/chat`, { message: 'and @guest', mentionedUserIds: [guest.user.id] });
    expect(guestMention.status).toBe(400);
    expect(guestMention.body.message).toContain('not a member of this team');
    await settle();
    expect(guestChat).toHaveLength(0);
    expect((await inbox(guest.client)).notifications).toHaveLength(0);

    // 3. A moves a task by REST; the finish-to-start link moves B's task: B is told once, with the cause. B's e-mail
    // is off, C's (on the same task) instant: only C gets an e-mail.
    await bea.client.put('/api/me/notification-settings', { mentions: 'off', other: 'off' });
    await cid.client.put('/api/me/notification-settings', { mentions: 'instant', other: 'instant' });
    const sitemap = await createTask(ada.client, { projectId: project.id, name: 'Survey', startDate: '2026-11-23', endDate: '2026-11-27' });
    const follower = await createTask(ada.client, { projectId: project.id, name: 'Sand the deck', startDate: '2026-11-30', endDate: '2026-12-04', assigneeIds: [bea.user.id, cid.user.id] });
    expect((await ada.client.post(`/api/tasks/${follower.id}/dependencies`, { dependsOnTaskId: sitemap.id })).status).toBe(201);
    await eventually(() => inbox(bea.client, '?reason=assigned'), (p) => p.notifications.length === 1, 5000);
    await expect.poll(() => mailTo(cid).length, { timeout: 5000 }).toBe(1);
    await settle();
    const cidMailsBefore = mailTo(cid).length;
    const beaMailsBefore = mailTo(bea).length;
    expect((await ada.client.request('PATCH', `/api/tasks/${sitemap.id}`, { startDate: '2026-11-30', endDate: '2026-12-04' })).status).toBe(200);
    const changed = await eventually(() => inbox(bea.client, '?reason=task_changed'), (p) => p.notifications.length >= 1, 5000);
    await expect.poll(() => mailTo(cid).length, { timeout: 5000 }).toBe(cidMailsBefore + 1);
    await settle();
    expect((await inbox(bea.client, '?reason=task_changed')).notifications).toHaveLength(1);
    expect(changed.notifications[0]).toMatchObject({ taskId: follower.id, projectId: project.id });
    expect(changed.notifications[0]!.text).toMatch(/^«Sand the deck» moved \+\d+d because «Survey» moved — /);
    expect(mailTo(cid).at(-1)!.subject).toMatch(/«Sand the deck» moved \+\d+d because «Survey» moved/);
    expect(mailTo(bea)).toHaveLength(beaMailsBefore);
    expect((await inbox(ada.client)).notifications).toHaveLength(0);

    // 4. B is removed from the team: the old notifications no longer open or name the project; B can no longer be
    // mentioned on its tasks; a later cascade tells B nothing.
    expect((await ada.client.request('DELETE', `/api/teams/${team.id}/members/${bea.user.id}`)).status).toBe(204);
    const after = await inbox(bea.client);
    expect(after.notifications.length).toBeGreaterThanOrEqual(4);
    for (const n of after.notifications) {
      expect(n).toMatchObject({ projectId: null, taskId: null, commentId: null });
      for (const name of ['Harbour Site', 'Paint the hull', 'Sand the deck', 'Survey', 'colours', 'Standup']) {
        expect(`${n.text} ${n.excerpt ?? ''}`).not.toContain(name);
      }
    }
    const refused = await ada.client.post(`/api/tasks/${task.id}/comments`, { body: 'Still there, @Bea?', mentionedUserIds: [bea.user.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/not one of this project's people/);
    expect(Number((await server.dataSource.query(`SELECT count(*)::int AS n FROM task_comments WHERE task_id = $1`, [task.id]))[0].n)).toBe(1);
    expect((await bea.client.get(`/api/tasks/${task.id}/comments`)).status).toBe(404);
  });
  it('a deleted comment takes its words out of the notifications that quoted it (the inbox and the digest)', async () => {
    const { ada, bea, cid, project } = await people();
    const task = await createTask(ada.client, { projectId: project.id, name: 'Rig the mast', startDate: '2026-12-07', endDate: '2026-12-11', assigneeIds: [cid.user.id] });
    await bea.client.put('/api/me/notification-settings', { mentions: 'digest', other: 'digest' });
    const posted = await ada.client.post(`/api/tasks/${task.id}/comments`, { body: 'The code is 4711, @Bea', mentionedUserIds: [bea.user.id] });
    expect(posted.status).toBe(201);
    await eventually(() => inbox(bea.client), (p) => p.notifications.length === 1, 5000);
    await eventually(() => inbox(cid.client, '?reason=comment'), (p) => p.notifications.length === 1, 5000);
    expect((await inbox(bea.client)).notifications[0]!.excerpt).toBe('The code is 4711, @Bea');

    expect((await ada.client.request('DELETE', `/api/comments/${posted.body.id}`)).status).toBe(204);
    for (const person of [bea, cid]) {
      const [note] = (await inbox(person.client, `?projectId=${project.id}&reason=${person === bea ? 'mention' : 'comment'}`)).notifications;
      expect(note).toMatchObject({ taskId: task.id, excerpt: null });
      expect(note!.text).toMatch(/«Rig the mast»$/);
    }
    await server.notificationEmail.sendDigests(new Date());
    const digest = mailTo(bea).at(-1)!;
    expect(digest.subject).toBe('Planline: 1 unread notification');
    expect(digest.body).not.toContain('4711');
  });
});
