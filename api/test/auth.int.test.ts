import { LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_ADDRESS, SESSION_COOKIE_NAME } from '@planline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newAccount, registeredClient, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The user a client's session belongs to, or null when it has none (GET /api/auth/user answers 200 either way). */
async function signedInUser(client: ApiClient): Promise<{ email: string } | null> {
  const res = await client.get('/api/auth/user');
  expect(res.status).toBe(200);
  return res.body;
}

describe('registration', () => {
  it('[register] creates the account, signs it in and never returns the password hash', async () => {
    const client = new ApiClient(server.url);
    const account = newAccount();
    const res = await client.post('/api/auth/register', account);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: account.email, firstName: 'Ada', lastName: 'Lovelace', currentPlan: 'free' });
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.id);
  });

  it('[session-cookie] is httpOnly, SameSite=Lax, signed, and not Secure over plain http', async () => {
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newAccount()),
    });
    const cookies = res.headers.getSetCookie();
    const sid = cookies.find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`));
    expect(sid).toBeDefined();
    expect(sid).toMatch(/httponly/i);
    expect(sid).toMatch(/samesite=lax/i);
    expect(sid).not.toMatch(/;\s*secure/i);
    expect(cookies.some((c) => c.startsWith(`${SESSION_COOKIE_NAME}.sig=`))).toBe(true);
  });

  it('[unique-email] refuses an email that differs only in case with 409 "user already exists"', async () => {
    const { account } = await registeredClient(server);
    const res = await new ApiClient(server.url).post('/api/auth/register', { ...newAccount(), email: account.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('user already exists');
  });

  it.each([
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters long'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ firstName: '   ' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ firstName: 'x'.repeat(10_000) }, 'firstName', 'First name must be at most 100 characters'],
  ])('[register-validation] %o → 400 on %s: %s', async (override, path, message) => {
    const res = await new ApiClient(server.url).post('/api/auth/register', { ...newAccount(), ...override });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.issues).toContainEqual({ path, message });
  });

  it('[register-validation] names every missing field', async () => {
    const res = await new ApiClient(server.url).post('/api/auth/register', {});
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['email', 'firstName', 'lastName', 'password']);
  });

  it('[bad-input] wrong types get 400 with a message per field, never a 500', async () => {
    const res = await new ApiClient(server.url).post('/api/auth/register', { firstName: 5, lastName: [], email: {}, password: null });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: 'firstName', message: 'First name must be text' },
      { path: 'lastName', message: 'Last name must be text' },
      { path: 'email', message: 'Email must be text' },
      { path: 'password', message: 'Password is required' },
    ]);
  });
});

describe('API conventions', () => {
  const client = () => new ApiClient(server.url);

  it('[bad-input] malformed JSON is a 400 that says so', async () => {
    const res = await client().post('/api/auth/register', '{"firstName":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Request body is not valid JSON', code: 'bad_request' });
  });

  it('[bad-input] a JSON body that is not an object is a 400', async () => {
    for (const body of ['"text"', '42', '[]']) {
      const res = await client().post('/api/auth/login', body);
      expect(res.status, body).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('[body-limit] a 5 MB body is refused with 413', async () => {
    const res = await client().post('/api/auth/register', JSON.stringify({ firstName: 'a'.repeat(5 * 1024 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Request body is too large: the limit is 1 MB');
  });

  it('[json-only] a form or text body on a write is refused with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await client().post('/api/auth/login', 'email=a&password=b', { 'content-type': type });
      expect(res.status, type).toBe(415);
    }
  });

  it('[not-found] unknown /api paths answer 404 JSON', async () => {
    const res = await client().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found' });
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('[csrf] a write from a foreign Origin or Referer is refused with 403, our own origin passes', async () => {
    const { account } = await registeredClient(server);
    const body = { email: account.email, password: account.password };
    expect((await client().post('/api/auth/login', body, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await client().post('/api/auth/login', body, { referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await client().post('/api/auth/login', body, { origin: server.url })).status).toBe(200);
  });

  it('[headers] answers carry the security headers', async () => {
    const res = await client().get('/api/auth/user');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('sign in and out', () => {
  it('[signed-out] GET /api/auth/user answers 200 and null without a session: no error for being signed out', async () => {
    const res = await new ApiClient(server.url).get('/api/auth/user');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toBeNull();
  });

  it('[signed-out] other reads still answer 401 Unauthorized without a session', async () => {
    const res = await new ApiClient(server.url).get('/api/teams');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Unauthorized');
  });

  it('[login] signs in with the email in any case; wrong password and unknown email get one message', async () => {
    const { account } = await registeredClient(server);
    const ok = await new ApiClient(server.url).post('/api/auth/login', { email: account.email.toUpperCase(), password: account.password });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe(account.email);
    const wrong = await new ApiClient(server.url).post('/api/auth/login', { email: account.email, password: 'not-the-password' });
    const unknown = await new ApiClient(server.url).post('/api/auth/login', { email: 'nobody@example.com', password: 'whatever1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('[login-validation] missing email or password is a 400', async () => {
    const res = await new ApiClient(server.url).post('/api/auth/login', { email: '' });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['email', 'password']);
  });

  it('[session-rotation] signing in replaces the session id, and the old id no longer works', async () => {
    const { client, account } = await registeredClient(server);
    const before = client.cookies.get(SESSION_COOKIE_NAME);
    const stale = new ApiClient(server.url);
    client.cookies.forEach((v, k) => stale.cookies.set(k, v));
    expect((await client.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
    expect(client.cookies.get(SESSION_COOKIE_NAME)).not.toBe(before);
    expect(await signedInUser(client)).not.toBeNull();
    expect(await signedInUser(stale)).toBeNull();
  });

  it('[logout] /api/logout ends the session and sends the browser to /; a replayed cookie is refused', async () => {
    const { client } = await registeredClient(server);
    const replay = new ApiClient(server.url);
    client.cookies.forEach((v, k) => replay.cookies.set(k, v));
    const res = await client.get('/api/logout');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(await signedInUser(client)).toBeNull();
    expect(await signedInUser(replay)).toBeNull();
  });

  it('[logout] POST /api/auth/logout answers 204 and ends the session', async () => {
    const { client } = await registeredClient(server);
    expect((await client.post('/api/auth/logout')).status).toBe(204);
    expect(await signedInUser(client)).toBeNull();
  });

  it('[login-redirect] /api/login sends the browser to /auth', async () => {
    const res = await new ApiClient(server.url).get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth');
  });

  it('[forged-cookie] a session id with a bad signature is not a session', async () => {
    const { client } = await registeredClient(server);
    client.cookies.set(`${SESSION_COOKIE_NAME}.sig`, 'forged');
    expect(await signedInUser(client)).toBeNull();
  });
});

describe('sign-in throttling', () => {
  it(`[login-throttle] the ${LOGIN_MAX_FAILURES + 1}th attempt after ${LOGIN_MAX_FAILURES} failures is 429, even with the right password`, async () => {
    const { account } = await registeredClient(server);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const res = await new ApiClient(server.url).post('/api/auth/login', { email: account.email, password: `wrong-${i}` });
      expect(res.status).toBe(401);
    }
    const blocked = await new ApiClient(server.url).post('/api/auth/login', { email: account.email, password: account.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts.*Try again in 15 minutes/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    // Another account is not affected.
    const other = await registeredClient(server);
    const ok = await new ApiClient(server.url).post('/api/auth/login', { email: other.account.email, password: other.account.password });
    expect(ok.status).toBe(200);
  });

  it('[login-throttle] a parallel burst of guesses gets at most the allowed number of password checks', async () => {
    const { account } = await registeredClient(server);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        new ApiClient(server.url).post('/api/auth/login', { email: account.email, password: `guess-${i}` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LOGIN_MAX_FAILURES);
  });

  it('[login-throttle] a successful sign-in clears earlier failures', async () => {
    const { account } = await registeredClient(server);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) {
      await new ApiClient(server.url).post('/api/auth/login', { email: account.email, password: 'wrong-pass' });
    }
    expect((await new ApiClient(server.url).post('/api/auth/login', account)).status).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await new ApiClient(server.url).post('/api/auth/login', { email: account.email, password: 'wrong-pass' })).status).toBe(401);
    }
  });
});

describe('profile', () => {
  it('[profile] PUT /api/auth/user updates names and email (with the current password)', async () => {
    const { client, account } = await registeredClient(server);
    const email = newAccount().email;
    const res = await client.put('/api/auth/user', { firstName: 'Augusta', lastName: 'King', email, currentPassword: account.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Augusta', lastName: 'King', email });
    expect((await client.get('/api/auth/user')).body.firstName).toBe('Augusta');
  });

  it('[profile-email] a new email needs the current password: missing is a 400, wrong a 403, and nothing changes', async () => {
    const { client, account } = await registeredClient(server);
    const email = newAccount().email;
    const missing = await client.put('/api/auth/user', { firstName: 'Eve', lastName: 'Taker', email });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Enter your current password to change your email address');
    const blank = await client.put('/api/auth/user', { firstName: 'Eve', lastName: 'Taker', email, currentPassword: '' });
    expect(blank.status).toBe(400);
    const wrong = await client.put('/api/auth/user', { firstName: 'Eve', lastName: 'Taker', email, currentPassword: 'not-the-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('Current password is incorrect');
    expect((await client.put('/api/auth/user', { firstName: 'Eve', lastName: 'Taker', email, currentPassword: 42 })).status).toBe(400);
    const me = (await client.get('/api/auth/user')).body;
    expect(me).toMatchObject({ email: account.email, firstName: 'Ada' });
    // Names alone, or the same address in other case, need no password.
    const names = await client.put('/api/auth/user', { firstName: 'Eve', lastName: 'Keeper', email: account.email.toUpperCase() });
    expect(names.status).toBe(200);
    expect(names.body.lastName).toBe('Keeper');
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: ' ' }, 'Last name is required'],
    [{ email: 'nope' }, 'Invalid email address'],
  ])('[profile-validation] %o → %s', async (override, message) => {
    const { client, account } = await registeredClient(server);
    const res = await client.put('/api/auth/user', { firstName: 'A', lastName: 'B', email: account.email, ...override });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('[profile] taking another account\'s email is a 409 and changes nothing', async () => {
    const a = await registeredClient(server);
    const b = await registeredClient(server);
    const res = await b.client.put('/api/auth/user', { firstName: 'B', lastName: 'B', email: a.account.email.toUpperCase(), currentPassword: b.account.password });
    expect(res.status).toBe(409);
    expect((await b.client.get('/api/auth/user')).body.email).toBe(b.account.email);
  });

  it('[profile] extra fields such as currentPlan or id are ignored', async () => {
    const { client, user, account } = await registeredClient(server);
    const res = await client.put('/api/auth/user', {
      firstName: 'A', lastName: 'B', email: account.email, currentPlan: 'enterprise', id: '00000000-0000-0000-0000-000000000000', isEmailVerified: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, currentPlan: 'free', isEmailVerified: false });
  });

  it('[profile] requires a session', async () => {
    const res = await new ApiClient(server.url).put('/api/auth/user', { firstName: 'A', lastName: 'B', email: 'a@b.co' });
    expect(res.status).toBe(401);
  });
});

describe('health', () => {
  it('[health] answers 200 while the database answers', async () => {
    const res = await new ApiClient(server.url).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

describe('sign-in throttling per address', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await proxied?.stop();
  });
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it(`[login-throttle-address] ${LOGIN_MAX_FAILURES_PER_ADDRESS} failures across accounts from one address refuse it; others still sign in`, async () => {
    const { account } = await registeredClient(proxied);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
      const res = await new ApiClient(proxied.url).post('/api/auth/login', { email: `nobody-${i}@example.com`, password: 'guess-123' }, from('203.0.113.7'));
      expect(res.status).toBe(401);
    }
    const blocked = await new ApiClient(proxied.url).post('/api/auth/login', account, from('203.0.113.7'));
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts from your network\. Try again in \d+ minutes?\./);
    // The account itself is not locked: its owner signs in from elsewhere.
    expect((await new ApiClient(proxied.url).post('/api/auth/login', account, from('198.51.100.20'))).status).toBe(200);
  }, 60_000);
});

