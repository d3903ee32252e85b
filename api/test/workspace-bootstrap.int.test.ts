import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, registeredClient, startTestServer, teamWithOwner, type TestServer } from './harness.js';

/**
 * [workspace-bootstrap] Issue 18: a signed-in person's workspace page carries their first reads (user, teams,
 * projects) as JSON, so the chart needs no round trip before it can choose its project. Only theirs, and only
 * while the session is good.
 */
const INDEX = `<!doctype html><html><head><title>Planline</title>
    <link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials" />
    <script type="module" crossorigin src="/assets/index-a.js"></script>
  </head><body><div id="root"></div></body></html>`;

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'planline-web-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({ 'src/first-screen.ts': { file: 'assets/first-screen-f.js', isEntry: true } }));
  server = await startTestServer({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await server.stop();
  rmSync(dist, { recursive: true, force: true });
});

function bootstrapOf(html: string): any {
  const match = /<script id="planline-bootstrap" type="application\/json">(.*?)<\/script>/s.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

describe('[workspace-bootstrap] the workspace page', () => {
  it("carries the signed-in person's user, teams and projects, and nobody else's", async () => {
    const { owner, team } = await teamWithOwner(server, 'Apollo </script><script>alert(1)</script>');
    const project = await owner.client.post('/api/projects', { name: 'Moonshot', teamId: team.id });
    expect(project.status).toBe(201);
    const stranger = await teamWithOwner(server, 'Gemini');

    const page = await owner.client.get<string>('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('vary')).toMatch(/cookie/i);
    // The team's name cannot end the script element: every "<" is escaped.
    expect(page.body).not.toContain('</script><script>alert(1)');
    const boot = bootstrapOf(page.body);
    expect(boot.user.id).toBe(owner.user.id);
    expect(boot.user).not.toHaveProperty('passwordHash');
    // The same answers as the reads themselves.
    expect(boot.teams).toEqual((await owner.client.get('/api/teams')).body);
    expect(boot.userProjects).toEqual((await owner.client.get('/api/projects/user')).body);
    expect(boot.teams.map((t: { name: string }) => t.name)).toEqual(['Apollo </script><script>alert(1)</script>']);
    expect(JSON.stringify(boot)).not.toContain(stranger.team.id);
    // The page asks for the painter before the app's entry, and no longer for the auth read it carries.
    expect(page.body.indexOf('/assets/first-screen-f.js')).toBeLessThan(page.body.indexOf('/assets/index-a.js'));
    expect(page.body).not.toContain('href="/api/auth/user"');
    // The project it will likely open (its only one), whose task list is asked for first.
    expect(boot.likelyProjectId).toBe(project.body.id);
    // Its people, as GET /api/projects/{id}/people answers them: its rows name their assignees at once.
    expect(boot.likelyProjectPeople).toEqual((await owner.client.get(`/api/projects/${project.body.id}/people`)).body);
    expect(page.body).toContain(`<link rel="preload" href="/api/projects/${project.body.id}/tasks" as="fetch" crossorigin="use-credentials" />`);
  });

  it('guesses the project this browser remembers while the person still has it, else the first team’s first', async () => {
    const { owner, team } = await teamWithOwner(server, 'Vostok');
    const first = (await owner.client.post('/api/projects', { name: 'First', teamId: team.id })).body;
    const second = (await owner.client.post('/api/projects', { name: 'Second', teamId: team.id })).body;
    const stranger = await teamWithOwner(server, 'Voskhod');
    const theirs = (await stranger.owner.client.post('/api/projects', { name: 'Theirs', teamId: stranger.team.id })).body;
    const guessWith = async (remembered: string | null) => {
      const cookie = remembered ? `${owner.client.cookieHeader}; planline_project=${remembered}` : owner.client.cookieHeader;
      const html = await (await fetch(`${server.url}/`, { headers: { cookie } })).text();
      return { boot: bootstrapOf(html), html };
    };
    expect((await guessWith(null)).boot.likelyProjectId).toBe(first.id);
    expect((await guessWith(second.id)).boot.likelyProjectId).toBe(second.id);
    // Someone else's project is never the guess, nor asked for: the cookie is the browser's to set.
    const forged = await guessWith(theirs.id);
    expect(forged.boot.likelyProjectId).toBe(first.id);
    expect(forged.html).not.toContain(theirs.id);
  });

  it('is the plain page for nobody signed in, an ended session, or another path', async () => {
    const { client } = await registeredClient(server);
    const pages = [
      await new ApiClient(server.url).get<string>('/'),
      await client.get<string>('/profile'),
    ];
    // A session cookie whose session has ended (signed out elsewhere) carries nothing.
    const cookie = client.cookieHeader;
    expect((await client.post('/api/auth/logout')).status).toBe(204);
    const res = await fetch(`${server.url}/`, { headers: { cookie } });
    pages.push({ status: res.status, body: await res.text(), headers: res.headers });
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(bootstrapOf(page.body)).toBeNull();
      expect(page.body).not.toContain('first-screen');
      expect(page.body).toContain('href="/api/auth/user"');
    }
  });
});
