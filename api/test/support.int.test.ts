import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, registeredClient, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

let counter = 0;
const ticket = (extra: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: `grace.${process.pid}.${++counter}@example.com`,
  subject: 'Export fails',
  message: 'The PDF export says "Failed to export project".',
  ...extra,
});
const visitor = (on: { url: string } = server) => new ApiClient(on.url);

async function outboxFor(on: TestServer, ticketId: string) {
  const rows = await on.dataSource.query(`SELECT * FROM email_outbox WHERE support_ticket_id = $1`, [ticketId]);
  return rows[0];
}

describe('support ticket', () => {
  it.each([
    [{ name: '  ' }, 'Name is required'],
    [{ name: undefined }, 'Name is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'grace-at-example' }, 'Invalid email address'],
    [{ subject: undefined }, 'Subject is required'],
    [{ message: '' }, 'Message is required'],
    [{ message: 7 }, 'Message must be text'],
    [{ name: 'x'.repeat(201) }, 'Name must be at most 200 characters'],
    [{ subject: 'x'.repeat(201) }, 'Subject must be at most 200 characters'],
    [{ message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
    [{ priority: 'critical' }, 'Priority must be one of low, medium, high or urgent'],
    [{ category: 'sales' }, 'Category must be one of general, technical, billing, feature, bug or account'],
  ])('[support-validation] %o → 400 %s', async (override, message) => {
    const res = await visitor().post('/api/support/ticket', ticket(override));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('[support-defaults] a visitor who is signed out sends a ticket: medium, general, stored with no user', async () => {
    const input = ticket();
    const res = await visitor().post('/api/support/ticket', input);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), message: "We'll get back to you within 24 hours." });
    const [row] = await server.dataSource.query(`SELECT * FROM support_tickets WHERE id = $1`, [res.body.id]);
    expect(row).toMatchObject({
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      priority: 'medium',
      category: 'general',
      user_id: null,
    });
    expect(row.created_at).toBeInstanceOf(Date);
  });

  it('[support-ticket] a signed-in user is recorded; priority and category are kept', async () => {
    const user = await registeredClient(server);
    const res = await user.client.post('/api/support/ticket', ticket({ priority: 'urgent', category: 'billing' }));
    expect(res.status).toBe(201);
    const [row] = await server.dataSource.query(`SELECT user_id, priority, category FROM support_tickets WHERE id = $1`, [res.body.id]);
    expect(row).toEqual({ user_id: user.user.id, priority: 'urgent', category: 'billing' });
  });

  it('[support-outbox] with no SMTP configured the e-mail waits in the outbox, unsent, and the visitor still gets 201', async () => {
    const input = ticket({ subject: 'Line\r\nBcc: evil@example.com', category: 'bug' });
    const res = await visitor().post('/api/support/ticket', input);
    expect(res.status).toBe(201);
    const mail = await outboxFor(server, res.body.id);
    expect(mail).toMatchObject({ to_address: 'support@localhost', reply_to: input.email, sent_at: null });
    expect(mail.subject).toBe('[Support][medium][bug] Line Bcc: evil@example.com');
    expect(mail.body).toContain(input.message);
    expect(mail.body).toContain(`From: Grace Hopper <${input.email}>`);
  });
});

describe('support rate limit', () => {
  it('[support-rate-limit] the 6th ticket from one address within the hour is a 429 with Retry-After; others are unaffected', async () => {
    const email = `limit.${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await visitor().post('/api/support/ticket', ticket({ email }))).status).toBe(201);
    const sixth = await visitor().post('/api/support/ticket', ticket({ email: email.toUpperCase() }));
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^You have sent 5 support requests in the last hour\. Please wait \d+ minutes? /);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await visitor().post('/api/support/ticket', ticket())).status).toBe(201);
    const [{ n }] = await server.dataSource.query(`SELECT count(*)::int AS n FROM support_tickets WHERE lower(email) = $1`, [email]);
    expect(n).toBe(5);
  });

  it('[support-rate-limit] parallel submissions cannot slip past the limit', async () => {
    const email = `burst.${Date.now()}@example.com`;
    const results = await Promise.all(Array.from({ length: 9 }, () => visitor().post('/api/support/ticket', ticket({ email }))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429]);
  });

  it('[support-rate-limit] the window passes: an hour later the address may write again', async () => {
    const email = `later.${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) await visitor().post('/api/support/ticket', ticket({ email }));
    expect((await visitor().post('/api/support/ticket', ticket({ email }))).status).toBe(429);
    await server.dataSource.query(`UPDATE support_ticket_throttle SET window_started_at = now() - interval '61 minutes' WHERE email_key = $1`, [email]);
    expect((await visitor().post('/api/support/ticket', ticket({ email }))).status).toBe(201);
  });
});

/** Just enough SMTP (RFC 5321, no extensions) to take a message and keep it. */
function smtpSink() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const sockets = new Set<Socket>();
  const sink: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let data: string | null = null;
    let envelope = { from: '', to: [] as string[] };
    socket.setEncoding('utf8');
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          messages.push({ ...envelope, data });
          data = null;
          envelope = { from: '', to: [] };
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
        else if (verb === 'MAIL') (envelope.from = line), socket.write('250 ok\r\n');
        else if (verb === 'RCPT') envelope.to.push(line), socket.write('250 ok\r\n');
        else if (verb === 'DATA') (data = ''), socket.write('354 go ahead\r\n');
        else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return {
    messages,
    listen: () => new Promise<number>((resolve) => sink.listen(0, '127.0.0.1', () => resolve((sink.address() as AddressInfo).port))),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => sink.close(resolve));
    },
  };
}

describe('support e-mail over SMTP', () => {
  const sink = smtpSink();
  let mailServer: TestServer;
  beforeAll(async () => {
    const port = await sink.listen();
    mailServer = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL: 'help@planline.test' });
  });
  afterAll(async () => {
    await mailServer?.stop();
    await sink.close();
  });

  it('[support-smtp] the ticket is e-mailed to SUPPORT_EMAIL with the sender as Reply-To, and marked sent', async () => {
    const input = ticket({ priority: 'high', category: 'technical', message: 'Ünïcödé works?\nSecond line.' });
    const res = await visitor(mailServer).post('/api/support/ticket', input);
    expect(res.status).toBe(201);
    expect(sink.messages).toHaveLength(1);
    const [mail] = sink.messages;
    expect(mail!.from).toContain('help@planline.test');
    expect(mail!.to).toEqual([expect.stringContaining('help@planline.test')]);
    expect(mail!.data).toMatch(new RegExp(`^Reply-To: ${input.email.replace(/\./g, '\\.')}`, 'm'));
    expect(mail!.data).toMatch(/^Subject: \[Support\]\[high\]\[technical\] Export fails\r?$/m);
    const body = mail!.data.split('\r\n\r\n').slice(1).join('\r\n\r\n').replace(/=\r\n/g, '');
    const decoded = Buffer.from(body.replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
    expect(decoded).toContain('Ünïcödé works?\r\nSecond line.');
    expect(decoded).toContain(`From: Grace Hopper <${input.email}>`);
    expect((await outboxFor(mailServer, res.body.id)).sent_at).toBeInstanceOf(Date);
  });

  it('[support-smtp] with the SMTP server down the visitor still gets 201 and the e-mail stays unsent in the outbox', async () => {
    await sink.close();
    const res = await visitor(mailServer).post('/api/support/ticket', ticket());
    expect(res.status).toBe(201);
    expect((await outboxFor(mailServer, res.body.id)).sent_at).toBeNull();
  });
});
