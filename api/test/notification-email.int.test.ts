import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/features/support/mailer.js';
import { NotificationEmail } from '../src/features/notifications/notification-email.js';
import { startSmtp, type Received } from './smtp-capture.js';
import { ApiClient, createTask, joinedMember, registeredClient, setTeamPlan, startTestServer, teamWithOwner, type ClientUser, type TestServer } from './harness.js';

const PUBLIC_URL = 'http://planline.test';

const smtp = startSmtp();
let server: TestServer;
let email: NotificationEmail;
beforeAll(async () => {
  const port = await smtp.listen();
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL, SUPPORT_EMAIL: 'planline@planline.test' });
  email = server.notificationEmail!;
});
afterAll(async () => {
  await server?.stop();
  await smtp.close();
});

const mailTo = (person: ClientUser) => smtp.received.filter((m) => m.to.includes(person.account.email.toLowerCase()) || m.to.includes(person.account.email));

/** A team with a project and a task, its owner, and one member. */
async function teamWithTask(taskName = 'Wireframes') {
  const { owner, team } = await teamWithOwner(server);
  await setTeamPlan(server, team.id, 'enterprise');
  const project = (await owner.client.post('/api/projects', { name: 'Website', teamId: team.id })).body as { id: string };
  const task = await createTask(owner.client, { projectId: project.id, name: taskName, startDate: '2026-03-02', endDate: '2026-03-04' });
  const member = await joinedMember(server, owner.client, team.id);
  return { owner, team, project, task, member };
}

type Fixture = Awaited<ReturnType<typeof teamWithTask>>;

/** A notification row as the notifier stores it. */
async function notify(
  to: ClientUser,
  f: Fixture,
  reason: 'mention' | 'comment' | 'assigned' | 'task_changed' | 'join_request' = 'comment',
  text = `Ada commented on «${'Wireframes'}»`,
  extra: { excerpt?: string; project?: boolean; read?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  const withProject = extra.project ?? true;
  await server.dataSource.query(
    `INSERT INTO notifications (id, user_id, reason, actor_id, team_id, project_id, task_id, text, excerpt, read_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      id,
      to.user.id,
      reason,
      f.owner.user.id,
      f.team.id,
      withProject ? f.project.id : null,
      withProject ? f.task.id : null,
      text,
      extra.excerpt ?? null,
      extra.read ? new Date() : null,
    ],
  );
  return id;
}

const emailedAt = async (id: string) => (await server.dataSource.query(`SELECT emailed_at FROM notifications WHERE id = $1`, [id]))[0].emailed_at as Date | null;
const settingsOf = async (person: ClientUser) => (await person.client.get('/api/me/notification-settings')).body;
/** The unsubscribe link of a received e-mail, on the server under test (the mail names PUBLIC_URL). */
const unsubscribePath = (mail: Received) => {
  const link = /^<(.+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')![1]!;
  expect(link.startsWith(`${PUBLIC_URL}/api/notifications/unsubscribe?token=`)).toBe(true);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
const oneClick = (path: string, headers: Record<string, string> = {}) =>
  new ApiClient(server.url).request('POST', path, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded', ...headers });

describe('notification settings', () => {
  it('[email-settings] defaults, saved choices, and bad input as a clear 400', async () => {
    const person = await registeredClient(server);
    expect(await settingsOf(person)).toEqual({ mentions: 'instant', other: 'digest' });
    const saved = await person.client.put('/api/me/notification-settings', { mentions: 'digest', other: 'off' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ mentions: 'digest', other: 'off' });
    expect(await settingsOf(person)).toEqual({ mentions: 'digest', other: 'off' });

    const bad = await person.client.put('/api/me/notification-settings', { mentions: 'sometimes', other: 'off' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Choose 'off', 'instant' or 'digest'");
    const missing = await person.client.put('/api/me/notification-settings', { mentions: 'off' });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([{ path: 'other', message: "Choose 'off', 'instant' or 'digest'" }]);
    expect(await settingsOf(person)).toEqual({ mentions: 'digest', other: 'off' });

    expect((await new ApiClient(server.url).get('/api/me/notification-settings')).status).toBe(401);
  });
});

describe('instant e-mail', () => {
  it('[email-instant] a mention is e-mailed at once over SMTP with the text, a link, and a one-click unsubscribe that works', async () => {
    const f = await teamWithTask();
    const id = await notify(f.member, f, 'mention', 'Ada mentioned you on «Wireframes»', { excerpt: '@Grace can you check the sizes?\nThanks' });
    expect(await email.sendInstant([id])).toBe(1);

    const mails = mailTo(f.member);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Planline: Ada mentioned you on «Wireframes»');
    expect(mail.headers.get('from')).toContain('planline@planline.test');
    expect(mail.body).toContain('Ada mentioned you on «Wireframes»');
    expect(mail.body).toContain('> @Grace can you check the sizes?\n> Thanks');
    expect(mail.body).toContain(`${PUBLIC_URL}/inbox`);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const path = unsubscribePath(mail);
    expect(mail.body).toContain(`${PUBLIC_URL}${path}`);

    // Stored in the outbox with its headers, marked sent; the notification is e-mailed once.
    const [outbox] = await server.dataSource.query(`SELECT * FROM email_outbox WHERE to_address = $1`, [f.member.account.email]);
    expect(outbox.sent_at).toBeInstanceOf(Date);
    expect(outbox.headers).toEqual({ 'List-Unsubscribe': `<${PUBLIC_URL}${path}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(await emailedAt(id)).toBeInstanceOf(Date);
    expect(await email.sendInstant([id])).toBe(0);
    expect(mailTo(f.member)).toHaveLength(1);

    // The link opened (a mail scanner, or the person) only asks; it changes nothing.
    const page = await new ApiClient(server.url).get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post"');
    expect(await settingsOf(f.member)).toEqual({ mentions: 'instant', other: 'digest' });

    // A tampered token: another kind with this signature, a changed signature, none at all.
    const token = new URL(path, server.url).searchParams.get('token')!;
    for (const bad of [token.replace('.mentions.', '.other.'), `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`, `${randomUUID()}.mentions.x`, '']) {
      const res = await oneClick(`/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('This unsubscribe link is not valid');
    }
    expect((await new ApiClient(server.url).get('/api/notifications/unsubscribe?token=nope')).status).toBe(400);
    expect(await settingsOf(f.member)).toEqual({ mentions: 'instant', other: 'digest' });

    // The one-click POST, as a mail provider sends it: no session, a form body, another site's Origin.
    const res = await oneClick(path, { origin: 'https://mail.example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toBe('You will no longer get e-mail about mentions of you. You can turn it back on in your profile settings.');
    expect(await settingsOf(f.member)).toEqual({ mentions: 'off', other: 'digest' });

    // The page's own button: a same-origin form post from a browser, answered with a page.
    const again = await oneClick(path, { origin: server.url, accept: 'text/html' });
    expect(again.status).toBe(200);
    expect(again.headers.get('content-type')).toMatch(/^text\/html/);
    expect(again.body).toContain('You will no longer get e-mail about mentions of you.');

    // Off now: the next mention is not e-mailed.
    const next = await notify(f.member, f, 'mention', 'Ada mentioned you again');
    expect(await email.sendInstant([next])).toBe(0);
    expect(mailTo(f.member)).toHaveLength(1);
    expect(await emailedAt(next)).toBeNull();
  });

  it('[email-instant-skip] nothing for a kind that is off or daily, a read notification, or a project the person left', async () => {
    const f = await teamWithTask('Secret Roadmap');
    await f.member.client.put('/api/me/notification-settings', { mentions: 'instant', other: 'off' });
    const off = await notify(f.member, f, 'comment');
    const read = await notify(f.member, f, 'mention', 'Ada mentioned you', { read: true });
    // The owner keeps the defaults: everything but mentions comes in the digest.
    const daily = await notify(f.owner, f, 'assigned', 'Grace assigned you to «Secret Roadmap»');
    expect(await email.sendInstant([off, read, daily])).toBe(0);

    expect((await f.owner.client.request('DELETE', `/api/teams/${f.team.id}/members/${f.member.user.id}`)).status).toBe(204);
    const gone = await notify(f.member, f, 'mention', 'Ada mentioned you on «Secret Roadmap»');
    // A notification without a project (a join request) needs no project access.
    const joinRequest = await notify(f.member, f, 'mention', 'Someone asked about your team', { project: false });
    expect(await email.sendInstant([gone, joinRequest])).toBe(1);

    const mails = mailTo(f.member);
    expect(mails.map((m) => m.subject)).toEqual(['Planline: Someone asked about your team']);
    expect(mailTo(f.owner)).toHaveLength(0);
    for (const id of [off, read, daily, gone]) expect(await emailedAt(id)).toBeNull();
  });

  it('[email-outbox] without SMTP_URL the e-mail is claimed and kept in the outbox, unsent', async () => {
    const f = await teamWithTask();
    const unsent = new NotificationEmail({
      dataSource: server.dataSource,
      mailer: createMailer(undefined, server.logger),
      publicUrl: PUBLIC_URL,
      secrets: server.config.sessionKeys,
      from: 'planline@planline.test',
      logger: server.logger,
    });
    const id = await notify(f.member, f, 'mention', 'Kept for later');
    expect(await unsent.sendInstant([id])).toBe(1);
    const [row] = await server.dataSource.query(`SELECT subject, sent_at, headers FROM email_outbox WHERE to_address = $1`, [f.member.account.email]);
    expect(row).toMatchObject({ subject: 'Planline: Kept for later', sent_at: null });
    expect(row.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mailTo(f.member)).toHaveLength(0);
  });

  it('[email-instant-race] concurrent senders e-mail each notification once', async () => {
    const f = await teamWithTask();
    const ids = await Promise.all([1, 2, 3, 4].map((n) => notify(f.member, f, 'mention', `Mention ${n}`)));
    const counts = await Promise.all([email.sendInstant(ids), email.sendInstant(ids), email.sendInstant([...ids].reverse())]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
    expect(mailTo(f.member).map((m) => m.subject).sort()).toEqual(['Planline: Mention 1', 'Planline: Mention 2', 'Planline: Mention 3', 'Planline: Mention 4']);
  });
});

describe('daily digest', () => {
  it('[email-digest] one e-mail lists what is unread and not e-mailed, names no task the person can no longer see, once a day', async () => {
    const f = await teamWithTask('Launch Plan');
    const hidden = await teamWithTask('Secret Roadmap');
    // The member of `f` was a member of `hidden` too, then removed.
    const member = f.member;
    const link = (await hidden.owner.client.get(`/api/teams/${hidden.team.id}/invite-link?role=member`)).body.inviteLink as string;
    expect((await member.client.post('/api/teams/join', { token: new URL(link).searchParams.get('token') })).status).toBe(200);
    const secret = await notify(member, hidden, 'task_changed', '«Secret Roadmap» moved +3d');
    expect((await hidden.owner.client.request('DELETE', `/api/teams/${hidden.team.id}/members/${member.user.id}`)).status).toBe(204);

    const listed = [
      await notify(member, f, 'comment', 'Ada commented on «Launch Plan»', { excerpt: 'Looks good' }),
      await notify(member, f, 'assigned', 'Ada assigned you to «Launch Plan»'),
      await notify(member, f, 'task_changed', '«Launch Plan» moved +1d'),
    ];
    const read = await notify(member, f, 'comment', 'Already read', { read: true });
    // A mention goes at once, not in the digest.
    const mention = await notify(member, f, 'mention', 'Ada mentioned you');

    const now = new Date();
    const runs = await Promise.all([email.sendDigests(now), email.sendDigests(now)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const mails = mailTo(member);
    expect(mails).toHaveLength(1);
    const digest = mails[0]!;
    expect(digest.subject).toBe('Planline: 3 unread notifications');
    for (const text of ['Ada commented on «Launch Plan»', '"Looks good"', 'Ada assigned you to «Launch Plan»', '«Launch Plan» moved +1d', `${PUBLIC_URL}/inbox`]) {
      expect(digest.body).toContain(text);
    }
    expect(digest.body).not.toContain('Secret Roadmap');
    expect(digest.body).not.toContain('Already read');
    expect(digest.body).not.toContain('mentioned you');
    expect(digest.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    for (const id of listed) expect(await emailedAt(id)).toBeInstanceOf(Date);
    for (const id of [secret, read, mention]) expect(await emailedAt(id)).toBeNull();
    const [{ last_digest_at }] = await server.dataSource.query(`SELECT last_digest_at FROM notification_settings WHERE user_id = $1`, [member.user.id]);
    expect(last_digest_at.getTime()).toBe(now.getTime());

    // Within the day nothing more; a day later, what came since.
    const later = await notify(member, f, 'comment', 'Ada commented again');
    await email.sendDigests(new Date(now.getTime() + 60 * 60 * 1000));
    expect(mailTo(member)).toHaveLength(1);
    await email.sendDigests(new Date(now.getTime() + 24 * 60 * 60 * 1000));
    const next = mailTo(member);
    expect(next).toHaveLength(2);
    expect(next[1]!.subject).toBe('Planline: 1 unread notification');
    expect(next[1]!.body).toContain('Ada commented again');
    expect(await emailedAt(later)).toBeInstanceOf(Date);

    // The digest's unsubscribe link turns off the kind it carried (everything but mentions).
    expect((await oneClick(unsubscribePath(next[1]!))).status).toBe(200);
    expect(await settingsOf(member)).toEqual({ mentions: 'instant', other: 'off' });
  });

  it('[email-digest-kinds] both kinds daily: one digest, whose link turns both off; people with e-mail off get none', async () => {
    const f = await teamWithTask();
    await f.member.client.put('/api/me/notification-settings', { mentions: 'digest', other: 'digest' });
    await f.owner.client.put('/api/me/notification-settings', { mentions: 'off', other: 'off' });
    await notify(f.member, f, 'mention', 'Ada mentioned you');
    await notify(f.member, f, 'comment', 'Ada commented');
    const quiet = await notify(f.owner, f, 'comment', 'Grace commented');
    await email.sendDigests(new Date());
    const mails = mailTo(f.member);
    expect(mails.map((m) => m.subject)).toEqual(['Planline: 2 unread notifications']);
    expect(mailTo(f.owner)).toHaveLength(0);
    expect(await emailedAt(quiet)).toBeNull();
    expect((await oneClick(unsubscribePath(mails[0]!))).status).toBe(200);
    expect(await settingsOf(f.member)).toEqual({ mentions: 'off', other: 'off' });
  });
});

describe('digest timer', () => {
  it('[email-digest-timer] start() runs the digests on its timer; stop() ends it and waits for a run under way', async () => {
    const f = await teamWithTask();
    const id = await notify(f.member, f, 'comment', 'Ada commented on the timer');
    const timed = new NotificationEmail({
      dataSource: server.dataSource,
      mailer: createMailer(server.config.smtpUrl, server.logger),
      publicUrl: PUBLIC_URL,
      secrets: server.config.sessionKeys,
      from: 'planline@planline.test',
      logger: server.logger,
    });
    timed.start(50, 0);
    await expect.poll(() => mailTo(f.member).length, { timeout: 10_000 }).toBe(1);
    await timed.stop();
    expect(await emailedAt(id)).toBeInstanceOf(Date);
    // Stopped: someone owed a first digest gets none from it.
    const later = await notify(f.owner, f, 'comment', 'After the stop');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailTo(f.owner)).toHaveLength(0);
    expect(await emailedAt(later)).toBeNull();
  });
});
