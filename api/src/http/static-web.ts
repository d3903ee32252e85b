import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_COOKIE_NAME } from '@planline/domain';
import type { Middleware } from 'koa';
import send from 'koa-send';

const NOT_WEB = /^\/(api|socket\.io|collab)(\/|$)/;

/**
 * The reads and code the workspace at "/" needs, which a signed-in person's page asks for before its own code has
 * run (issue 18: every round trip the page would otherwise wait for in turn). The reads are the ones
 * workspace-prefetch.ts makes first; the app's own requests (same URL, with credentials) take these answers.
 */
const WORKSPACE_READS = ['/api/teams', '/api/projects/user'];
/** Source modules (keys of Vite's manifest) whose code the workspace shows its chart with. */
const WORKSPACE_MODULES = ['src/pages/workspace.page.tsx', 'src/features/gantt/connection/project-connection.ts'];

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

/** index.html with the workspace's reads and code asked for in its head. */
export function withWorkspacePreloads(html: string, files: readonly string[]): string {
  const links = [
    ...WORKSPACE_READS.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials" />`),
    ...files.filter((f) => f.endsWith('.js')).map((f) => `<link rel="modulepreload" href="/${f}" />`),
  ];
  return html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else answered with index.html so the
 * client router can show the page (or its own 404 page). At "/" with a session cookie (the workspace, most
 * likely), index.html also asks for the workspace's first reads and code at once.
 */
export function staticWeb(distDir: string): Middleware {
  const indexFile = join(distDir, 'index.html');
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  let shell: { builtAt: number; plain: string; workspace: string } | null = null;
  // Read once per build (a rebuild under a running server changes index.html's time).
  const appShell = () => {
    const builtAt = statSync(indexFile).mtimeMs;
    if (shell?.builtAt !== builtAt) {
      const plain = readFileSync(indexFile, 'utf8');
      const files = existsSync(manifestFile) ? workspaceFiles(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : [];
      shell = { builtAt, plain, workspace: files.length ? withWorkspacePreloads(plain, files) : plain };
    }
    return shell;
  };
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || NOT_WEB.test(ctx.path)) return next();
    if (!existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run `npm run build` (npm start does this for you).';
      return;
    }
    if (ctx.path.startsWith('/assets/')) {
      try {
        await send(ctx, ctx.path, { root: distDir, immutable: true, maxage: 365 * 24 * 3600 * 1000 });
        return;
      } catch {
        ctx.status = 404;
        return;
      }
    }
    // The build's own files (the manifest) are not the app's to serve.
    if (ctx.path !== '/' && /\.[a-z0-9]+$/i.test(ctx.path) && !ctx.path.startsWith('/.')) {
      try {
        await send(ctx, ctx.path, { root: distDir });
        return;
      } catch {
        // fall through to the app shell
      }
    }
    const { plain, workspace } = appShell();
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    ctx.body = ctx.path === '/' && ctx.cookies.get(SESSION_COOKIE_NAME) ? workspace : plain;
  };
}
