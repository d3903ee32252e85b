import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COLLAB_PATH, SOCKET_IO_PATH } from '@planline/domain';
import { fieldValue, readTask, writeTask } from '@planline/document';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { eventually, openCollabSocket, openProjectDocument, type DocClient } from '../collab-client.js';
import { ApiClient, newAccount, type ApiResponse } from '../harness.js';
import { startServerProcess, type ServerProcess } from '../process.js';
import { PrivatePostgres, privatePostgresAvailable } from './private-postgres.js';
import { recordFigures, soakCount } from './soak.js';

// Issue 9, PostgreSQL restarted under a running server (a private cluster: the machine's shared one stays up
// for everyone else). Meanwhile every API answer is a 503 that says the database is away, never a 500; after
// it the server answers again by itself (the pg pool makes new connections), without a restart. A document
// edit made during the outage, whose writes fail every retry, is kept and stored once the database is back.
// Runs in the PostgreSQL pass (DATABASE_URL set) when initdb and pg_ctl are installed.
const available = !!process.env.DATABASE_URL && privatePostgresAvailable();
const RESTARTS = soakCount('SOAK_PG_RESTARTS', 1, 3);

let pg: PrivatePostgres | null = null;
let server: ServerProcess | null = null;
let editor: DocClient | null = null;
let dataDir: string | null = null;
afterAll(async () => {
  editor?.close();
  await server?.stop().catch(() => {});
  pg?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type Row = { id: string; name: string; progress: number };

/** A WebSocket upgrade to /collab with the session cookie: the status and Retry-After it is refused with. */
function collabUpgrade(url: string, cookie: string): Promise<{ status: number; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${COLLAB_PATH}`, {
      headers: { cookie, connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
    });
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] });
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve({ status: 101, retryAfter: undefined });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A Socket.IO handshake with the session cookie: the reason it is refused with (or 'connected'). */
function socketHandshake(url: string, cookie: string): Promise<string> {
  const socket = connectSocket(url, { path: SOCKET_IO_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
  return new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(err.message));
  }).finally(() => socket.disconnect());
}

describe.runIf(available)('PostgreSQL restarted under a running server', () => {
  it(`[pg-restart] ${RESTARTS} restart(s): 503 with a clear message meanwhile, no 500, recovery without a restart, the outage's document edit stored`, { timeout: 120_000 + RESTARTS * 60_000 }, async () => {
    pg = await PrivatePostgres.start();
    dataDir = mkdtempSync(join(tmpdir(), 'planline-pg-restart-'));
    server = await startServerProcess({ DATABASE_URL: pg.url, DATA_DIR: dataDir, REDIS_URL: '' });
    onTestFailed(() => console.log(`server output:\n${server?.output().slice(-8000)}`));
    const client = new ApiClient(server.url);
    expect((await client.post('/api/auth/register', newAccount())).status).toBe(201);
    const team = (await client.post('/api/teams', { name: 'Outage' })).body;
    const project = (await client.post('/api/projects', { name: 'Through a restart', teamId: team.id })).body;
    const tasks: { id: string }[] = [];
    for (let i = 0; i < 4; i++) {
      tasks.push((await client.post('/api/tasks', { projectId: project.id, name: `T${i}`, startDate: '2026-11-23', endDate: '2026-11-30' })).body);
    }
    const rows = async (): Promise<Row[]> => (await client.get(`/api/projects/${project.id}/tasks`)).body;
    editor = openProjectDocument(server.url, client.cookieHeader, project.id);
    await editor.synced;
    const otherProject = (await client.post('/api/projects', { name: 'Opened during the outage', teamId: team.id })).body;
    const doc = editor.doc;

    const statuses: Record<string, number> = {};
    const unexpected: string[] = [];
    const figures = { restarts: 0, requestsDuringOutage: 0, answered503: 0, answered500: 0, outageEditsStored: 0 };
    /** Requests a signed-in person makes: reads, a write, the health check, and a sign-in. */
    const probes: [string, () => Promise<ApiResponse>][] = [
      ['GET /api/health', () => client.get('/api/health')],
      ['GET /api/auth/user', () => client.get('/api/auth/user')],
      ['GET /api/teams', () => client.get('/api/teams')],
      ['GET tasks', () => client.get(`/api/projects/${project.id}/tasks`)],
      ['PATCH task', () => client.request('PATCH', `/api/tasks/${tasks[1]!.id}`, { progress: 50, changeReason: 'during the outage' })],
      ['POST /api/auth/login', () => new ApiClient(server!.url).post('/api/auth/login', { email: 'nobody@example.com', password: 'not-this-one' })],
    ];

    for (let round = 1; round <= RESTARTS; round++) {
      const outageLogAt = server.output().length;
      // A socket opened before the outage, on which the browser will open another project meanwhile.
      const sharedSocket = openCollabSocket(server.url, client.cookieHeader);
      const first = openProjectDocument(server.url, client.cookieHeader, project.id, sharedSocket);
      await first.synced;
      pg.stop('fast');

      for (let pass = 0; pass < 3; pass++) {
        for (const [label, probe] of probes) {
          const res = await probe();
          figures.requestsDuringOutage += 1;
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 503) figures.answered503 += 1;
          if (res.status === 500) figures.answered500 += 1;
          const clear =
            res.status === 503 &&
            res.body?.code === 'service_unavailable' &&
            /database is not reachable/.test(res.body?.message) &&
            res.headers.get('retry-after') === '5';
          if (!clear) unexpected.push(`round ${round} ${label}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }

      // A browser opening its connections meanwhile is told to come back, not that its session is gone.
      const upgrade = await collabUpgrade(server.url, client.cookieHeader);
      if (upgrade.status !== 503 || upgrade.retryAfter !== '5') unexpected.push(`round ${round} /collab upgrade: ${upgrade.status} Retry-After ${upgrade.retryAfter}`);
      const handshake = await socketHandshake(server.url, client.cookieHeader);
      if (handshake !== 'service_unavailable') unexpected.push(`round ${round} Socket.IO handshake: ${handshake}`);
      // A document opened on a socket that is already through: told to come back, not that access is denied.
      const opened = openProjectDocument(server.url, client.cookieHeader, otherProject.id, sharedSocket);
      const refusal = await new Promise<string>((resolve) => {
        opened.provider.on('authenticationFailed', ({ reason }: { reason: string }) => resolve(reason));
        opened.provider.on('synced', () => resolve('synced'));
        setTimeout(() => resolve('no answer within 10 s'), 10_000);
      });
      opened.close();
      first.close();
      sharedSocket.destroy();
      if (refusal !== 'service_unavailable') unexpected.push(`round ${round} document opened on an open socket: ${refusal}`);

      // A browser edit while the database is away: its writes fail every retry (the log says so)...
      const outageName = `Written during outage ${round}`;
      doc.transact(() => writeTask(doc, tasks[0]!.id, { name: outageName }));
      await eventually(() => server!.output().slice(outageLogAt).includes('could not persist a document change'), Boolean, 20_000);

      pg.start();
      figures.restarts += 1;
      // ...and the same server answers again by itself, and stores the kept edit.
      await eventually(async () => (await client.get('/api/health')).status, (s) => s === 200, 30_000);
      await eventually(async () => (await rows()).find((t) => t.id === tasks[0]!.id)?.name, (name) => name === outageName, 30_000);
      figures.outageEditsStored += 1;
      // A PATCH that changes nothing (the kept edit's own value) makes no change to wait for: 200, not the
      // kept edit's earlier 503 again.
      const same = await client.request('PATCH', `/api/tasks/${tasks[0]!.id}`, { name: outageName });
      expect(same.status).toBe(200);
      const patched = await client.request('PATCH', `/api/tasks/${tasks[2]!.id}`, { progress: round, changeReason: `after restart ${round}` });
      expect(patched.status).toBe(200);
      // The editor's document and the rows agree again; the history credits the kept edit once.
      await eventually(async () => (await rows()).every((t) => readTask(doc, t.id)?.name === t.name && fieldValue('progress', readTask(doc, t.id)?.progress) === t.progress), Boolean, 20_000);
      const history: { fieldName: string; newValue: string }[] = (await client.get(`/api/tasks/${tasks[0]!.id}/history`)).body;
      expect(history.filter((h) => h.fieldName === 'name' && h.newValue === outageName)).toHaveLength(1);
    }

    recordFigures('postgres-restart', { ...figures, statuses });
    expect(unexpected).toEqual([]);
    expect(figures.answered500).toBe(0);
  });
});
