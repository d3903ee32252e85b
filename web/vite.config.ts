import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, loadEnv, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json)$/;
/** Files smaller than this are served as they are (the server's own threshold, api/src/http/compression.ts). */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz) copy beside each built text file, once per build: the server
 * (koa-send) answers with the copy the browser accepts instead of compressing the app's ~1 MB of code per visit.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'planline-precompress',
    // Not the server's renderer (scripts/build.mjs): nothing serves it.
    apply: (config, env) => env.command === 'build' && !env.isSsrBuild && !config.build?.lib,
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.values(bundle).filter((out) => COMPRESSIBLE.test(out.fileName) && !out.fileName.startsWith('.'));
      await Promise.all(
        files.map(async (out) => {
          const content = out.type === 'chunk' ? out.code : out.source;
          const bytes = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
          if (bytes.length < COMPRESS_MIN_BYTES) return;
          const path = resolve(dir, out.fileName);
          await writeFile(`${path}.br`, await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
          await writeFile(`${path}.gz`, await gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }));
        }),
      );
    },
  };
}

/**
 * The lib0 release src/lib/yjs-decoding.ts was compared with (yjs-decoding.test.ts): package.json pins lib0 to it.
 * The build stands that module in for lib0's decoding module, which Yjs reads every update with: Yjs offers no other
 * way to read its strings, and the first sync of a 100,000-task document spent ~0.9 s of the page's main thread on
 * them, ~0.27 s with it (issue 18). A lib0 other than the one compared stops the build (issue 35) rather than ship
 * a reading nobody checked against it: move the pin, run the test, then build.
 */
function comparedLib0(): string {
  const require = createRequire(import.meta.url);
  const pinned = (JSON.parse(readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies.lib0!;
  // lib0 as Yjs resolves it: the one whose decoding module the alias replaces.
  const fromYjs = createRequire(require.resolve('yjs/package.json'));
  const installed = (JSON.parse(readFileSync(fromYjs.resolve('lib0/package.json'), 'utf8')) as { version: string }).version;
  if (installed !== pinned) {
    throw new Error(`web/vite.config.ts: Yjs resolves lib0 ${installed}, but src/lib/yjs-decoding.ts was compared with lib0 ${pinned} (web/package.json). Run src/lib/yjs-decoding.test.ts against ${installed} and pin it.`);
  }
  return installed;
}

export default defineConfig(({ mode }) => {
  comparedLib0();
  // VITE_API_TARGET (shell or .env) points the dev proxy at an API that is not on the default port.
  const env = loadEnv(mode, import.meta.dirname, '');
  const target = env.VITE_API_TARGET || 'http://localhost:3000';

  return {
    plugins: [react(), tailwindcss(), precompress()],
    // Yjs reads every update through lib0's decoding module: ours is lib0's with strings read faster and shared
    // (src/lib/yjs-decoding.ts, which imports lib0's own as 'lib0/decoding.js'; comparedLib0 above).
    resolve: { alias: [{ find: /^lib0\/decoding$/, replacement: resolve(import.meta.dirname, 'src/lib/yjs-decoding.ts') }] },
    // The manifest tells the server which files the workspace needs (api/src/http/static-web.ts lists them in the
    // workspace page, for the app's entry to ask for once the first screen is painted).
    build: {
      outDir: 'dist',
      manifest: true,
      // The app has one stylesheet, which every page has from the start (the workspace page has it in the page
      // itself: api/src/http/static-web.ts). A lazy page's import must not ask for it again: it would wait for
      // the file to load, then restyle the whole page.
      modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !dep.endsWith('.css')) },
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target, changeOrigin: false },
        '/socket.io': { target, ws: true },
        '/collab': { target, ws: true },
      },
    },
  };
});
