import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../src/http/first-screen-render.js';
import { registeredClient, startTestServer, teamWithOwner, type TestServer } from './harness.js';

/**
 * [server-first-screen] Issue 18: a first visit's workspace page carries its first screen drawn on the server
 * (web/src/entry-server.tsx), from the person's own bootstrap and the task list of the project it opens, read
 * through the same access check as GET /api/projects/{id}/tasks. The renderer here stands in for the built one
 * and hands back what it was given, so the test sees exactly what the server passes it.
 */
const INDEX = `<!doctype html><html><head><title>Planline</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
  </head><body><div id="root"></div></body></html>`;
const RENDERER = `
export const ready = Promise.resolve();
export function renderFirstScreen(input) {
  if (input.bootstrap.user.firstName === 'Throws') throw new Error('cannot draw');
  return '<div id="first-screen"><template>' + JSON.stringify(input).replace(/</g, '\\\\u003c') + '</template></div>';
}
`;

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'planline-web-'));
  mkdirSync(join(dist, '.server'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, '.server', 'entry-server.js'), RENDERER);
  server = await startTestServer({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await server.stop();
  rmSync(dist, { recursive: true, force: true });
});

/** What the renderer was given for the page, or null when the page has no picture. */
function drawnWith(html: string): any {
  const match = /<div id="first-screen"><template>(.*?)<\/template><\/div><div id="root">/s.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}
const bootstrapOf = (html: string): any => JSON.parse(/<script id="planline-bootstrap" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);

async function page(cookie: string): Promise<string> {
  const res = await fetch(`${server.url}/`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

describe('[server-first-screen] the workspace page of a first visit', () => {
  it("is drawn from the person's bootstrap and their project's task list, for the window the browser told", async () => {
    const { owner, team } = await teamWithOwner(server, 'Apollo');
    const project = (await owner.client.post('/api/projects', { name: 'Moonshot', teamId: team.id })).body;
    for (const name of ['Design', 'Build']) {
      expect((await owner.client.post('/api/tasks', { projectId: project.id, name, startDate: '2026-11-23', endDate: '2026-11-27' })).status).toBe(201);
    }
    const html = await page(owner.client.cookieHeader);
    const input = drawnWith(html);
    expect(input.projectId).toBe(project.id);
    expect(input.tasks).toEqual((await owner.client.get(`/api/projects/${project.id}/tasks`)).body);
    // The bootstrap as the page carries it (dates as strings): what the browser's first render reads.
    expect(input.bootstrap).toEqual(bootstrapOf(html));
    // Drawn for what the document lets them do (every member edits): their picture's bars take a drag.
    expect(input.readOnly).toBe(false);
    // A browser that never said its size: the default window; the day in UTC.
    expect(input.viewport).toEqual({ width: 1280, height: 800 });
    expect(input.chartWidth).toBe(1166);
    expect(input.today).toBe(dayIn('UTC'));

    const told = drawnWith(await page(`${owner.client.cookieHeader}; planline_screen=1440x900x1326; planline_tz=Pacific%2FAuckland`));
    expect(told.viewport).toEqual({ width: 1440, height: 900 });
    expect(told.chartWidth).toBe(1326);
    expect(told.today).toBe(dayIn('Pacific/Auckland'));
    // Nonsense is not a size or a zone.
    const nonsense = drawnWith(await page(`${owner.client.cookieHeader}; planline_screen=99999x1x5; planline_tz=Mars%2FOlympus`));
    expect(nonsense.viewport).toEqual({ width: 1280, height: 800 });
    expect(nonsense.today).toBe(dayIn('UTC'));
  });

  it("never draws someone else's project, nor for a browser that keeps its own picture", async () => {
    const { owner, team } = await teamWithOwner(server, 'Gemini');
    const mine = (await owner.client.post('/api/projects', { name: 'Mine', teamId: team.id })).body;
    const stranger = await teamWithOwner(server, 'Voskhod');
    const theirs = (await stranger.owner.client.post('/api/projects', { name: 'Theirs', teamId: stranger.team.id })).body;
    expect((await stranger.owner.client.post('/api/tasks', { projectId: theirs.id, name: 'Secret plan', startDate: '2026-11-23', endDate: '2026-11-27' })).status).toBe(201);

    const forged = await page(`${owner.client.cookieHeader}; planline_project=${theirs.id}`);
    expect(drawnWith(forged).projectId).toBe(mine.id);
    expect(forged).not.toContain(theirs.id);
    expect(forged).not.toContain('Secret plan');
    // This browser paints its own kept picture: the server draws none, and does not ask for the task list, which
    // the browser keeps too (the page still says which project, for a painter whose picture does not fit).
    const kept = await page(`${owner.client.cookieHeader}; planline_pictured=1`);
    expect(drawnWith(kept)).toBeNull();
    expect(bootstrapOf(kept).likelyProjectId).toBe(mine.id);
    expect(kept).not.toContain(`href="/api/projects/${mine.id}/tasks"`);
    expect(forged).toContain(`<link rel="preload" href="/api/projects/${mine.id}/tasks"`);
    // A person with no project has nothing to draw.
    const { client } = await registeredClient(server);
    expect(drawnWith(await page(client.cookieHeader))).toBeNull();
  });

  it('goes without its picture when drawing fails, and keeps the rest of the page', async () => {
    const { owner, team } = await teamWithOwner(server, 'Vostok');
    expect((await owner.client.put('/api/auth/user', { firstName: 'Throws', lastName: 'Owner', email: owner.user.email })).status).toBe(200);
    const project = (await owner.client.post('/api/projects', { name: 'Fails', teamId: team.id })).body;
    const html = await page(owner.client.cookieHeader);
    expect(drawnWith(html)).toBeNull();
    expect(bootstrapOf(html).likelyProjectId).toBe(project.id);
  });
});
