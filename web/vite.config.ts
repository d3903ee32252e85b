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
 * Two dependencies the web build changes from inside, each under the pin rule of issue 35 (web/package.json names
 * the exact release a test compared the change with; the build stops on any other rather than ship a change nobody
 * checked against it: move the pin, run the test, then build):
 * - lib0, as Yjs resolves it: the build stands src/lib/yjs-decoding.ts in for lib0's decoding module, which Yjs reads
 *   every update with. Yjs offers no other way to read its strings, and the first sync of a 100,000-task document
 *   spent ~0.9 s of the page's main thread on them, ~0.27 s with it (issue 18). Compared in yjs-decoding.test.ts.
 * - @hocuspocus/provider: the connection takes the provider's own update handlers off the document and awareness
 *   (document-host.ts, domain's sendOnlyOwnAwareness), so that the first sync is not encoded again (~0.7 s of the
 *   worker at 100,000 tasks) and echoes do not go out. Compared in connection/provider-pin.test.ts.
 */
function comparedReleases(): void {
  const require = createRequire(import.meta.url);
  const pins = (JSON.parse(readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;
  const versionAt = (packageJson: string) => (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
  // lib0 as Yjs resolves it: the one whose decoding module the alias replaces.
  const lib0 = versionAt(createRequire(require.resolve('yjs/package.json')).resolve('lib0/package.json'));
  // The provider's package.json is not among its exports: its folder is found from its entry.
  const entry = require.resolve('@hocuspocus/provider');
  const provider = versionAt(resolve(entry.slice(0, entry.lastIndexOf('/dist/')), 'package.json'));
  const compared: [string, string, string][] = [
    ['lib0', lib0, 'src/lib/yjs-decoding.test.ts'],
    ['@hocuspocus/provider', provider, 'src/features/gantt/connection/provider-pin.test.ts'],
  ];
  for (const [name, installed, test] of compared) {
    if (installed !== pins[name]) {
      throw new Error(`web/vite.config.ts: ${name} ${installed} is installed, but the build's change to it was compared with ${name} ${pins[name]} (web/package.json). Run ${test} against ${installed} and pin it.`);
    }
  }
}

export default defineConfig(({ mode }) => {
  comparedReleases();
  // VITE_API_TARGET (shell or .env) points the dev proxy at an API that is not on the default port.
  const env = loadEnv(mode, import.meta.dirname, '');
  const target = env.VITE_API_TARGET || 'http://localhost:3000';

  return {
    plugins: [react(), tailwindcss(), precompress()],
    // Yjs reads every update through lib0's decoding module: ours is lib0's with strings read faster and shared
    // (src/lib/yjs-decoding.ts, which imports lib0's own as 'lib0/decoding.js'; comparedReleases above).
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
