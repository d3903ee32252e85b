/**
 * `npm run build`: the browser app (vite build), then into the build's .server folder, which is not served: the
 * server's renderer of a first visit's first screen (src/entry-server.tsx, api/src/http/first-screen-render.ts) and
 * the first-screen painter the server puts in the workspace page (src/first-screen.ts). The renderer is bundled
 * with everything it imports, so a build copied anywhere runs without node_modules beside it. Takes vite build's options that the bench and the e2e harness pass: --outDir, --emptyOutDir, --manifest,
 * --logLevel.
 */
import { join, resolve } from 'node:path';
import { build } from 'vite';

const webDir = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const outDir = resolve(webDir, option('--outDir') ?? 'dist');
const logLevel = option('--logLevel');
const shared = { root: webDir, configFile: join(webDir, 'vite.config.ts'), ...(logLevel ? { logLevel } : {}) };

await build({ ...shared, build: { outDir, emptyOutDir: args.includes('--emptyOutDir') || undefined, ...(args.includes('--manifest') ? { manifest: true } : {}) } });
await build({
  ...shared,
  build: { ssr: 'src/entry-server.tsx', outDir: join(outDir, '.server'), emptyOutDir: true, copyPublicDir: false, manifest: false, ssrManifest: false },
  ssr: { noExternal: true },
});
// The first-screen painter, on its own and whole (no chunk shared with the app): the server puts it in the
// workspace page, where it runs as the page is read (api/src/http/static-web.ts).
await build({
  ...shared,
  build: {
    outDir: join(outDir, '.server'),
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: false,
    lib: { entry: join(webDir, 'src/first-screen.ts'), formats: ['iife'], name: 'planlineFirstScreen', fileName: () => 'first-screen.js' },
  },
});
