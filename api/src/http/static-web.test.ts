import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { appShell, scriptHash, scriptSafeJson, shellReader, staticWeb, workspaceFiles } from './static-web.js';

/** [workspace-preload] Issue 18: a signed-in person's "/" asks for the workspace's reads and code in its head. */
const manifest = {
  'index.html': { file: 'assets/index-a.js', imports: ['_react-b.js'], isEntry: true },
  '_react-b.js': { file: 'assets/react-b.js' },
  'src/pages/workspace.page.tsx': { file: 'assets/workspace.page-c.js', imports: ['_react-b.js', '_dialog-d.js'], isDynamicEntry: true },
  '_dialog-d.js': { file: 'assets/dialog-d.js', imports: ['_react-b.js'] },
  'src/features/gantt/connection/project-connection.ts': { file: 'assets/project-connection-e.js', imports: ['_yjs-f.js'] },
  '_yjs-f.js': { file: 'assets/yjs-f.js' },
  'src/pages/landing.page.tsx': { file: 'assets/landing-g.js' },
};
const PAINTER = 'window.painted = true;';
const CSS = 'body{color:red}';

function builtApp(): string {
  const dist = mkdtempSync(join(tmpdir(), 'planline-web-'));
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, '.server'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dist, '.server', 'first-screen.js'), PAINTER);
  writeFileSync(join(dist, 'assets', 'index-s.css'), CSS);
  writeFileSync(
    join(dist, 'index.html'),
    '<html><head><title>Planline</title>\n<link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials" />\n<script type="module" crossorigin src="/assets/index-a.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/index-s.css">\n  </head><body><div id="root"></div></body></html>',
  );
  return dist;
}

async function get(dist: string, path: string, cookie?: string): Promise<{ status: number; body: string }> {
  const app = new Koa();
  app.use(staticWeb(dist));
  // Stands in for the session: the cookie "who" names the signed-in person.
  app.use(appShell(shellReader(dist), async (ctx) => (ctx.cookies.get('who') ? { data: { user: { id: ctx.cookies.get('who') } }, preloads: ['/api/projects/p1/tasks'] } : null)));
  const server = app.listen(0);
  try {
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: cookie ? { cookie } : {} });
    return { status: res.status, body: await res.text() };
  } finally {
    server.close();
  }
}

describe('[workspace-preload] the app shell', () => {
  it('lists the workspace code and everything it imports, once each', () => {
    expect(workspaceFiles(manifest).sort()).toEqual(
      ['assets/dialog-d.js', 'assets/project-connection-e.js', 'assets/react-b.js', 'assets/workspace.page-c.js', 'assets/yjs-f.js'].sort(),
    );
  });

  it('at "/" for a signed-in person carries the bootstrap, the painter before the app, and the code; elsewhere it does not', async () => {
    const dist = builtApp();
    const signedIn = await get(dist, '/', 'who=u1');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toContain('<script id="planline-bootstrap" type="application/json">{"user":{"id":"u1"}}</script>');
    // The code is listed for the app's entry to ask for once the first screen is on screen, not asked for in the head.
    expect(signedIn.body).toContain(
      '<script id="planline-app-code" type="application/json">["/assets/workspace.page-c.js","/assets/react-b.js","/assets/dialog-d.js","/assets/project-connection-e.js","/assets/yjs-f.js"]</script>',
    );
    expect(signedIn.body).not.toContain('modulepreload');
    expect(signedIn.body).not.toContain('rel="preload" as="script"');
    // The painter and the stylesheet are in the page: the painter right after the app's root, read before the
    // app's code runs (module scripts wait for the page). The first rendering waits for the painter's choice.
    expect(signedIn.body).toContain(`<div id="root"></div>\n    <script>${PAINTER}</script><template id="first-screen-painted"></template>`);
    const expectAt = signedIn.body.indexOf('<link rel="expect" href="#first-screen-painted" blocking="render" />');
    expect(expectAt).toBeGreaterThan(0);
    expect(expectAt).toBeLessThan(signedIn.body.indexOf('</head>'));
    expect(signedIn.body).toContain(`<style>${CSS}</style>`);
    expect(signedIn.body).not.toContain('index-s.css');
    // The person's read is asked for before any code.
    const preload = signedIn.body.indexOf('<link rel="preload" href="/api/projects/p1/tasks" as="fetch" crossorigin="use-credentials" />');
    expect(preload).toBeGreaterThan(0);
    expect(preload).toBeLessThan(signedIn.body.indexOf('<script'));
    expect(signedIn.body).not.toContain('/api/auth/user');
    expect(signedIn.body).not.toContain('landing-g.js');

    for (const [path, cookie] of [['/', undefined], ['/profile', 'who=u1']] as const) {
      const page = await get(dist, path, cookie);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>Planline</title>');
      expect(page.body).not.toContain('modulepreload');
      expect(page.body).not.toContain('planline-bootstrap');
      expect(page.body).not.toContain('planline-app-code');
      expect(page.body).toContain('/api/auth/user');
      expect(page.body).not.toContain(PAINTER);
      expect(page.body).not.toContain('blocking="render"');
      expect(page.body).toContain('href="/assets/index-s.css"');
    }
    // The painter is not served as a file either.
    expect((await get(dist, '/.server/first-screen.js')).body).not.toContain(PAINTER);
    // The build's manifest is not served.
    expect((await get(dist, '/.vite/manifest.json')).body).not.toContain('workspace.page');
  });

  it("names the painter for the page's Content-Security-Policy by its hash", () => {
    expect(scriptHash(PAINTER)).toBe(`'sha256-${createHash('sha256').update(PAINTER).digest('base64')}'`);
    expect(scriptHash(null)).toBeNull();
  });

  it('puts the picture the server drew right before the root, and nothing without one', async () => {
    const shell = shellReader(builtApp())()!;
    const boot = { data: {}, preloads: [] };
    const drawn = shell.workspace({ ...boot, picture: '<div id="first-screen">bars</div>' });
    expect(drawn).toContain('<div id="first-screen">bars</div><div id="root"></div>');
    expect(shell.workspace(boot)).not.toContain('<div id="first-screen"');
    expect(shell.painterHash).toBe(scriptHash(PAINTER));
  });

  it('writes JSON that cannot end or change the script element it sits in', () => {
    const value = { name: '</script><script>alert(1)</script><!--', sep: 'a\u2028b\u2029c' };
    const text = scriptSafeJson(value);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
