import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CODE_ELEMENT_ID } from '@planline/domain/first-screen';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';

const NOT_WEB = /^\/(api|socket\.io|collab)(\/|$)/;

/** Source modules (keys of Vite's manifest) whose code the workspace shows its chart with. */
const WORKSPACE_MODULES = ['src/pages/workspace.page.tsx', 'src/features/gantt/connection/project-connection.ts'];
/**
 * The app's code after its small entry (web/src/main.tsx loads it once a picture of the chart is on screen): every
 * page asks for it at once, as it asks for the entry's own imports.
 */
const APP_MODULE = 'src/app/start.tsx';
/**
 * The small script that paints the chart as this device last showed it, or as the server drew it, before the app's
 * code has run (web/src/first-screen.ts, built on its own by `npm run build`): put in the workspace page itself.
 */
const PAINTER_FILE = join('.server', 'first-screen.js');
/** The build's stylesheet, as index.html links it. */
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;
/** The auth read index.html asks for in its head: a signed-in person's page has the answer in its bootstrap. */
const AUTH_PRELOAD = /\s*<link rel="preload" href="\/api\/auth\/user"[^>]*>/;
/** The app's root element in index.html. */
const ROOT_ELEMENT = '<div id="root">';
const ROOT_ELEMENT_CLOSED = '<div id="root"></div>';
/**
 * Put right after the painter: the workspace page's first rendering waits for it (`<link rel="expect"
 * blocking="render">`, Chromium 124+; other browsers ignore it), so the page is styled and laid out once, with the
 * picture whole and the painter's choice made, not again at every pause of the parser (measured ~100 ms of style and
 * layout at 1,000 tasks).
 */
const PAINTED_MARKER = 'first-screen-painted';
/** How index.html asks for code (Vite's own, and withModulePreloads'). */
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;
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
  /** The first screen drawn on the server (first-screen-render.ts), put over the app's root until the app has drawn. */
  picture?: string | null;
}

/** index.html as a signed-in person's workspace page, for their bootstrap. */
export type WorkspaceShell = (bootstrap: ShellBootstrap) => string;

/** What a workspace page puts in itself rather than ask for: the painter, and the stylesheet. */
export interface PageInlines {
  painter: string | null;
  css: string | null;
}

/**
 * index.html made into the workspace page: the person's reads asked for at the top of the head, their bootstrap
 * before the head ends, and no auth read (the bootstrap has its answer). The stylesheet is in the page, and the
 * painter right after the app's root (it runs as the page is read, before the first paint): the first screen (a
 * picture of the chart, the server's or this device's) needs no file but the page.
 *
 * The workspace's code (~45 files) is listed, not asked for (`APP_CODE_ELEMENT_ID`): the app's entry asks for it
 * once the picture is on screen (web/src/main.tsx). Asked for in the head, its requests cost the page's main thread
 * and the machine's cores (issuing them, serving them, compiling each module as it arrives) in the middle of the
 * first style and layout: first bars at 1,000 tasks came ~130 ms later (median of 20 cold loads, 420 against 291
 * ms), and the page was editable no sooner.
 */
export function workspaceShell(html: string, files: readonly string[], inlines: PageInlines = { painter: null, css: null }): WorkspaceShell {
  const code = files.filter((f) => f.endsWith('.js')).map((f) => `/${f}`);
  let page = html.replace(AUTH_PRELOAD, '').replace(MODULE_PRELOAD, '');
  if (inlines.css !== null) page = page.replace(STYLESHEET, () => `<style>${inlines.css}</style>`);
  if (inlines.painter !== null) {
    page = page
      .replace(ROOT_ELEMENT_CLOSED, () => `${ROOT_ELEMENT_CLOSED}\n    <script>${inlines.painter}</script><template id="${PAINTED_MARKER}"></template>`)
      .replace('</head>', `  <link rel="expect" href="#${PAINTED_MARKER}" blocking="render" />\n  </head>`);
  }
  const headEnd = page.indexOf('</head>');
  // After the charset and viewport: the first thing the head asks for.
  const firstAsk = page.search(/<(link|script|style)\b/);
  const top = firstAsk >= 0 && firstAsk < headEnd ? firstAsk : headEnd;
  const rootAt = page.indexOf(ROOT_ELEMENT);
  return ({ data, preloads, picture }) => {
    const head =
      page.slice(0, top) +
      preloads.map((url) => `<link rel="preload" href="${escapeAttribute(url)}" as="fetch" crossorigin="use-credentials" />\n    `).join('') +
      page.slice(top, headEnd) +
      `  <script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">${scriptSafeJson(data)}</script>\n  ` +
      `  <script id="${APP_CODE_ELEMENT_ID}" type="application/json">${scriptSafeJson(code)}</script>\n  `;
    // The picture goes right before the root, where the painter looks for it (web/src/first-screen.ts).
    return picture && rootAt > headEnd ? head + page.slice(headEnd, rootAt) + picture + page.slice(rootAt) : head + page.slice(headEnd);
  };
}

/** `html` asking for `files`' code (those it does not ask for already) at the end of its head. */
export function withModulePreloads(html: string, files: readonly string[]): string {
  const links = files.filter((f) => f.endsWith('.js') && !html.includes(`/${f}"`)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`);
  return links.length ? html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : html;
}

/** The CSP source that lets the page's painter run (script-src is 'self' otherwise), or null without one. */
export function scriptHash(script: string | null): string | null {
  return script === null ? null : `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

interface Shell {
  builtAt: number;
  plain: string;
  workspace: WorkspaceShell;
  /** The CSP source of the workspace page's painter. */
  painterHash: string | null;
}

function readIfThere(file: string): string | null {
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** index.html and its workspace form, read once per build (a rebuild under a running server changes its time). */
export function shellReader(distDir: string): () => Shell | null {
  const indexFile = join(distDir, 'index.html');
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  let shell: Shell | null = null;
  return () => {
    if (!existsSync(indexFile)) return null;
    const builtAt = statSync(indexFile).mtimeMs;
    if (shell?.builtAt !== builtAt) {
      const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : {};
      const plain = withModulePreloads(readFileSync(indexFile, 'utf8'), workspaceFiles(manifest, [APP_MODULE]));
      const stylesheet = STYLESHEET.exec(plain)?.[1];
      const painter = readIfThere(join(distDir, PAINTER_FILE));
      const inlines = { painter, css: stylesheet ? readIfThere(join(distDir, stylesheet)) : null };
      shell = { builtAt, plain, workspace: workspaceShell(plain, workspaceFiles(manifest, [APP_MODULE, ...WORKSPACE_MODULES]), inlines), painterHash: scriptHash(painter) };
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
export function appShell(shell: () => Shell | null, bootstrap: (ctx: Context) => Promise<ShellBootstrap | null>): Middleware {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || NOT_WEB.test(ctx.path)) return next();
    const read = shell();
    if (!read) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run `npm run build` (npm start does this for you).';
      return;
    }
    const { plain, workspace } = read;
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
