import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, teamWithOwner, type TestServer } from './harness.js';

/**
 * [compression] Issue 18: what the server answers goes compressed when the browser accepts it: the workspace page
 * with its bootstrap and the API's JSON as they are answered, a task list once per version of it, the app's
 * code from the copies the build made. Bodies are read raw here (fetch would decode them unseen).
 */
const INDEX = `<!doctype html><html><head><title>Planline</title>${' '.repeat(2048)}</head><body><div id="root"></div></body></html>`;
const CODE = `export const answer = ${JSON.stringify('x'.repeat(4096))};`;

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'planline-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'app-a.js'), CODE);
  // As the build's precompress step leaves them (web/vite.config.ts).
  writeFileSync(join(dist, 'assets', 'app-a.js.br'), brotliCompressSync(CODE));
  writeFileSync(join(dist, 'assets', 'app-a.js.gz'), gzipSync(CODE));
  server = await startTestServer({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await server.stop();
  rmSync(dist, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function getRaw(path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  const bytes = encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return bytes.toString('utf8');
}

describe('[compression] answers', () => {
  it('a task list goes as brotli or gzip, as accepted, with the same JSON and one ETag for every encoding', async () => {
    const { owner, team } = await teamWithOwner(server, 'Compressed');
    const project = (await owner.client.post('/api/projects', { name: 'Big', teamId: team.id })).body as { id: string };
    for (let i = 0; i < 12; i++) {
      expect((await owner.client.post('/api/tasks', { projectId: project.id, name: `Task ${i}`, startDate: '2026-12-01', endDate: '2026-12-04' })).status).toBe(201);
    }
    const path = `/api/projects/${project.id}/tasks`;
    const cookie = owner.client.cookieHeader;
    const plain = await getRaw(path, { cookie, 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const list = JSON.parse(plain.body.toString('utf8')) as unknown[];
    expect(list).toHaveLength(12);

    for (const encoding of ['br', 'gzip'] as const) {
      const answer = await getRaw(path, { cookie, 'accept-encoding': encoding });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.body.length).toBeLessThan(plain.body.length / 3);
      expect(JSON.parse(decoded(answer))).toEqual(list);
      expect(answer.headers.etag).toBe(plain.headers.etag);
      // The kept compressed copy answers again, byte for byte.
      expect((await getRaw(path, { cookie, 'accept-encoding': encoding })).body.equals(answer.body)).toBe(true);
      // Revalidating in any encoding gets the 304 of the unchanged list.
      expect((await getRaw(path, { cookie, 'accept-encoding': encoding, 'if-none-match': String(plain.headers.etag) })).status).toBe(304);
    }
    // A browser that prefers gzip gets gzip.
    expect((await getRaw(path, { cookie, 'accept-encoding': 'gzip;q=1, br;q=0.5' })).headers['content-encoding']).toBe('gzip');
  });

  it('the workspace page and JSON over 1 kB go compressed; small answers go as they are', async () => {
    const { owner } = await teamWithOwner(server, 'Pages');
    const page = await getRaw('/', { cookie: owner.client.cookieHeader, 'accept-encoding': 'gzip, br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(decoded(page)).toContain('id="planline-bootstrap"');

    const small = await getRaw('/api/auth/user', { cookie: owner.client.cookieHeader, 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8')).id).toBe(owner.user.id);
  });

  it("the app's code goes as the build's compressed copy the browser accepts, typed as the code", async () => {
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
      const answer = await getRaw('/assets/app-a.js', { 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers['cache-control']).toMatch(/immutable/);
      expect(decoded(answer)).toBe(CODE);
    }
  });
});
