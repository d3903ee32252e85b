import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';

const NOT_WEB = /^\/(api|socket\.io|collab)(\/|$)/;

/** Source modules (keys of Vite's manifest) whose code the workspace shows its chart with. */
const WORKSPACE_MODULES = ['src/pages/workspace.page.tsx', 'src/features/gantt/connection/project-connection.ts'];
/** The small entry that paints the chart as this device last showed it, before the app's code has run. */
const FIRST_SCREEN_MODULE = 'src/first-screen.ts';
/** The auth read index.html asks for in its head: a signed-in person's page has the answer in its bootstrap. */
const AUTH_PRELOAD = /\s*<link rel="preload" href="\/api\/auth\/user"[^>]*>/;
/** The element the web app reads its bootstrap from (web/src/app/bootstrap.ts). */
export const BOOTSTRAP_ELEMENT_ID = 'planline-bootstrap';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The built files of `modules` and everything they import statically, from the build's manifest. */
export function workspaceFiles(manifest: Record<string, ManifestChunk>, modules: readonly string[] = WORKSPACE_MODULES): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return [...files];
}

/**
 * JSON that is safe inside a <script> element: no "</script>" or "<!--" can end or change it (every "<" is
 * escaped), and the two line separators JSON allows but old script parsers did not are escaped too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

interface WorkspaceShell {
  /** index.html's head end, with the workspace's code asked for; the bootstrap goes before it. */
  head: string;
  rest: string;
}

/** index.html split where a signed-in person's workspace page adds its bootstrap and code. */
export function workspaceShell(html: string, files: readonly string[], firstScreenFile: string | null): WorkspaceShell {
  const links = files.filter((f) => f.endsWith('.js')).map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`);
  // Module scripts run in document order: this one, tiny, before the app's entry.
  const firstScreen = firstScreenFile ? `<script type="module" crossorigin src="/${firstScreenFile}"></script>` : '';
  const page = html.replace(AUTH_PRELOAD, '').replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
  const at = page.indexOf('<script type="module"');
  const head = at >= 0 ? page.slice(0, at) + firstScreen + page.slice(at) : page;
  const end = head.indexOf('</head>');
  return { head: head.slice(0, end), rest: head.slice(end) };
}

/** What a signed-in person's page starts from; null when nobody is signed in (the page then reads as before). */
export type ShellBootstrap = (ctx: Context) => Promise<object | null>;

interface Shell {
  builtAt: number;
  plain: string;
  workspace: WorkspaceShell;
}

/** index.html and its workspace form, read once per build (a rebuild under a running server changes its time). */
function shellReader(distDir: string): () => Shell {
  const indexFile = join(distDir, 'index.html');
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  let shell: Shell | null = null;
  return () => {
    const builtAt = statSync(indexFile).mtimeMs;
    if (shell?.builtAt !== builtAt) {
      const plain = readFileSync(indexFile, 'utf8');
      const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : {};
      const files = workspaceFiles(manifest, [FIRST_SCREEN_MODULE, ...WORKSPACE_MODULES]);
      shell = { builtAt, plain, workspace: workspaceShell(plain, files, manifest[FIRST_SCREEN_MODULE]?.file ?? null) };
    }
    return shell;
  };
}

/**
 * Serves the built web app's files: hashed assets cached for a year, other files of the build as they are. Needs
 * no session, so it runs before the session is read: a page's script requests cost no session lookup each.
 * Everything else goes on (to the app shell, after the session).
 */
export function staticWeb(distDir: string): Middleware {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || NOT_WEB.test(ctx.path)) return next();
    if (ctx.path.startsWith('/assets/')) {
      try {
        await send(ctx, ctx.path, { root: distDir, immutable: true, maxage: 365 * 24 * 3600 * 1000 });
      } catch {
        ctx.status = 404;
      }
      return;
    }
    // The build's own files (the manifest) are not the app's to serve.
    if (ctx.path !== '/' && /\.[a-z0-9]+$/i.test(ctx.path) && !ctx.path.startsWith('/.')) {
      try {
        await send(ctx, ctx.path, { root: distDir });
        return;
      } catch {
        // not a file of the build: the app shell answers
      }
    }
    return next();
  };
}

/**
 * Answers every other page with index.html, so the client router can show it (or its own 404 page). At "/" for a
 * signed-in person (the workspace) the page also carries what the workspace first reads, as JSON in its head
 * (issue 18: one round trip to a readable chart), asks for the workspace's code at once, and runs the small
 * script that paints the chart as this device last showed it. The page then differs per person: never cached by
 * anyone but that browser.
 */
export function appShell(distDir: string, bootstrap: ShellBootstrap): Middleware {
  const indexFile = join(distDir, 'index.html');
  const shell = shellReader(distDir);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || NOT_WEB.test(ctx.path)) return next();
    if (!existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run `npm run build` (npm start does this for you).';
      return;
    }
    const { plain, workspace } = shell();
    ctx.type = 'html';
    const data = ctx.path === '/' ? await bootstrap(ctx) : null;
    if (!data) {
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = plain;
      return;
    }
    ctx.set('Cache-Control', 'private, no-store');
    ctx.vary('Cookie');
    ctx.body = `${workspace.head}    <script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">${scriptSafeJson(data)}</script>\n  ${workspace.rest}`;
  };
}
