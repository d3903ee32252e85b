import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchContext } from '../lib/context.js';
import { atMost, BENCHMARK_TITLES, fmt, type Section } from '../lib/report.js';
import type { ManifestChunk } from '../lib/web-build.js';

const LIMIT_KB = 250;
/** The page the route "/" shows a visitor (react-router lazy route in web/src/app/route-tables.tsx). */
const LANDING_SRC = 'src/pages/landing.page.tsx';
/** The app after its small entry, which every page loads at once (web/src/main.tsx). */
const APP_SRC = 'src/app/start.tsx';
/** The page a signed-in person opens at "/": the workspace with the chart (reported, no target: issue 18). */
const WORKSPACE_SRC = 'src/pages/workspace.page.tsx';

/** A chunk and everything it imports statically (what the browser must load before it runs), by manifest key. */
function staticClosure(manifest: Record<string, ManifestChunk>, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export async function firstRouteBenchmark(ctx: BenchContext): Promise<Section> {
  const { outDir, manifest } = await ctx.webBuild();
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry chunk');
  const chunkOf = (src: string) => {
    const key = Object.keys(manifest).find((k) => k === src || manifest[k]!.src === src);
    if (!key) throw new Error(`the Vite manifest has no chunk for ${src}`);
    return key;
  };
  const landingKey = chunkOf(LANDING_SRC);
  const workspaceKey = chunkOf(WORKSPACE_SRC);

  const sizes = new Map<string, { file: string; raw: number; gzip: number }>();
  const size = (key: string) => {
    let s = sizes.get(key);
    if (!s) {
      const file = manifest[key]!.file;
      const bytes = readFileSync(join(outDir, file));
      s = { file, raw: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
      sizes.set(key, s);
    }
    return s;
  };
  // The entry and the app it loads straight away: the code every page runs.
  const entry = [...staticClosure(manifest, chunkOf(APP_SRC), staticClosure(manifest, entryKey))];
  const route = [...staticClosure(manifest, landingKey, new Set(entry))];
  const total = (keys: string[], field: 'raw' | 'gzip') => keys.reduce((sum, k) => sum + size(k)[field], 0) / 1000;
  const routeKb = total(route, 'gzip');
  const workspace = [...staticClosure(manifest, workspaceKey, new Set(entry))];
  const biggest = [...route].sort((a, b) => size(b).gzip - size(a).gzip).slice(0, 6);

  return {
    id: 'bundle',
    title: BENCHMARK_TITLES.bundle,
    tables: [
      {
        rows: [
          { metric: 'JavaScript for "/" (the landing page), gzipped', value: fmt(routeKb, 1, 'kB'), target: `≤ ${LIMIT_KB} kB`, verdict: atMost(routeKb, LIMIT_KB) },
          { metric: 'JavaScript for "/" signed in (the workspace with the chart), gzipped', value: fmt(total(workspace, 'gzip'), 1, 'kB'), target: '', verdict: '' },
        ],
      },
      {
        caption: 'Details',
        header: ['', 'files', 'raw', 'gzipped'],
        grid: [
          ['Entry chunk, the app it loads at once, and their static imports', String(entry.length), fmt(total(entry, 'raw'), 1, 'kB'), fmt(total(entry, 'gzip'), 1, 'kB')],
          ['+ the landing page chunk and its static imports (= first route)', String(route.length), fmt(total(route, 'raw'), 1, 'kB'), fmt(routeKb, 1, 'kB')],
          ['Entry + the workspace page chunk and its static imports (signed in)', String(workspace.length), fmt(total(workspace, 'raw'), 1, 'kB'), fmt(total(workspace, 'gzip'), 1, 'kB')],
          ...biggest.map((k) => [`\`${size(k).file}\``, '', fmt(size(k).raw / 1000, 1, 'kB'), fmt(size(k).gzip / 1000, 1, 'kB')]),
        ],
      },
    ],
    method: [
      'The production web build (`vite build` of the web workspace, with `--manifest`, into a directory of the run). From',
      `.vite/manifest.json: the entry chunk of index.html and the app's chunk it loads at once (${APP_SRC}) and, recursively, their`,
      'static imports; plus the lazily loaded chunk of',
      `${LANDING_SRC}, which the route "/" needs before it shows anything, and its static imports; the same for`,
      `${WORKSPACE_SRC}, what "/" loads for someone signed in (chunks it loads later on demand, such as dialogs, are`,
      'not counted). Each file is gzipped (zlib level 9); kB = 1,000 bytes. CSS is not counted.',
    ],
    findings: [],
  };
}
