import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { ApiClient, newAccount } from './harness.js';

const dataDir = mkdtempSync(join(tmpdir(), 'planline-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The embedded default (no DATABASE_URL): PGlite files in DATA_DIR, whatever the suite's database is.
describe('embedded mode', () => {
  it('[embedded-restart] an account and its session survive a restart of the server', async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: join(dataDir, 'none') });
    const database = { kind: 'pglite' as const, dataDir: join(dataDir, 'pglite') };
    const account = newAccount();

    const first = await startServer(config, { database });
    const client = new ApiClient(first.url);
    expect((await client.post('/api/auth/register', account)).status).toBe(201);
    await first.close();

    const second = await startServer(loadConfig({ ...{ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' } }), { database });
    try {
      const sameBrowser = new ApiClient(second.url);
      client.cookies.forEach((v, k) => sameBrowser.cookies.set(k, v));
      expect((await sameBrowser.get('/api/auth/user')).body.email).toBe(account.email);
      const fresh = new ApiClient(second.url);
      expect((await fresh.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
