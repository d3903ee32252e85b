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

/** What a signed-in person's workspace page carries: the bootstrap JSON, and reads asked for first. */
export interface ShellBootstrap {
  data: object;
  /** Same-origin URLs of reads the page will make with credentials, asked for before anything else. */
  preloads: string[];
}

/** index.html as a signed-in person's workspace page, for their bootstrap. */
export type WorkspaceShell = (bootstrap: ShellBootstrap) => string;

/**
 * index.html made into the workspace page: the person's reads asked for at the top of the head (ahead of the
 * ~45 code files that would otherwise hold the browser's six connections), their bootstrap before the head ends,
 * the first-screen painter before the app's entry (module scripts run in document order), the workspace's code
 * asked for at once, and no auth read (the bootstrap has its answer).
 */
export function workspaceShell(html: string, files: readonly string[], firstScreenFile: string | null): WorkspaceShell {
  const links = files.filter((f) => f.endsWith('.js')).map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`);
  const firstScreen = firstScreenFile ? `<script type="module" crossorigin src="/${firstScreenFile}"></script>` : '';
  let page = html.replace(AUTH_PRELOAD, '').replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
  const entry = page.indexOf('<script type="module"');
  if (entry >= 0) page = page.slice(0, entry) + firstScreen + page.slice(entry);
  const headEnd = page.indexOf('</head>');
  // After the charset and viewport: the first thing the head asks for.
  const firstAsk = page.search(/<(link|script|style)\b/);
  const top = firstAsk >= 0 && firstAsk < headEnd ? firstAsk : headEnd;
  return ({ data, preloads }) =>
    page.slice(0, top) +
    preloads.map((url) => `<link rel="preload" href="${escapeAttribute(url)}" as="fetch" crossorigin="use-credentials" />\n    `).join('') +
    page.slice(top, headEnd) +
    `  <script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">${scriptSafeJson(data)}</script>\n  ` +
    page.slice(headEnd);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

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
export function appShell(distDir: string, bootstrap: (ctx: Context) => Promise<ShellBootstrap | null>): Middleware {
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
    const boot = ctx.path === '/' ? await bootstrap(ctx) : null;
    if (!boot) {
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = plain;
      return;
    }
    ctx.set('Cache-Control', 'private, no-store');
    ctx.vary('Cookie');
    ctx.body = workspace(boot);
  };
}
