import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { writeFile } from 'node:fs/promises';
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

export default defineConfig(({ mode }) => {
  // VITE_API_TARGET (shell or .env) points the dev proxy at an API that is not on the default port.
  const env = loadEnv(mode, import.meta.dirname, '');
  const target = env.VITE_API_TARGET || 'http://localhost:3000';

  return {
    plugins: [react(), tailwindcss(), precompress()],
    // Yjs reads every update through lib0's decoding module: ours is lib0's with strings read faster and shared
    // (src/lib/yjs-decoding.ts, which imports lib0's own as 'lib0/decoding.js').
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
