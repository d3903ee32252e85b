import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { build } from 'esbuild';
import { assertRunning, onCleanup } from '../lib/cleanup.js';
import { benchRoot } from '../lib/paths.js';

/** The peer libraries drawn from the same tasks, each in a minimal page of its own. */
export const PEERS = [
  { id: 'frappe', label: 'frappe-gantt', entry: 'frappe.ts', barSelector: '.bar-wrapper', css: '' },
  { id: 'dhtmlx', label: 'dhtmlx-gantt', entry: 'dhtmlx.ts', barSelector: '.gantt_task_line', css: '' },
  // SVAR's theme wrapper takes its content's height unless told to fill the chart (then its rows scroll inside).
  { id: 'svar', label: '@svar-ui/react-gantt', entry: 'svar.tsx', barSelector: '.wx-bar', css: '#chart .wx-willow-theme{height:100%}' },
] as const;
export type PeerId = (typeof PEERS)[number]['id'];

/** The probe injected into every page (bench/browser/probe.ts), as a classic script. */
export async function buildProbe(): Promise<string> {
  const result = await build({
    entryPoints: [join(benchRoot, 'browser', 'probe.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
  });
  return result.outputFiles[0]!.text;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Chart size of every peer page: as wide as our timeline at 1280 px and as tall as our chart (min(70vh, 720px)). */
const CHART_STYLE = 'width:1248px;height:560px';

/**
 * Bundles each peer page (production, minified, by esbuild, as a release build of such a page would be) and
 * serves the pages and the task lists from a static server of this run. Returns the server's base URL.
 */
export async function servePeerPages(tasksBySize: Map<number, unknown>): Promise<string> {
  assertRunning();
  const outDir = mkdtempSync(join(tmpdir(), 'planline-bench-peers-'));
  onCleanup('peer pages', () => rmSync(outDir, { recursive: true, force: true }));
  await build({
    entryPoints: Object.fromEntries(PEERS.map((p) => [p.id, join(benchRoot, 'browser', 'peers', p.entry)])),
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    // frappe-gantt exports its style sheet under the "style" condition (bench/browser/peers/frappe.css imports it).
    conditions: ['style'],
    outdir: outDir,
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.eot': 'file', '.svg': 'dataurl', '.png': 'dataurl', '.gif': 'dataurl' },
    logLevel: 'error',
  });
  for (const peer of PEERS) {
    writeFileSync(
      join(outDir, `${peer.id}.html`),
      `<!doctype html><html><head><meta charset="utf-8"><title>${peer.label}</title>` +
        `<link rel="stylesheet" href="/${peer.id}.css"><style>body{margin:16px;font-family:sans-serif}${peer.css}</style></head>` +
        `<body><div id="chart" style="${CHART_STYLE}"></div><script type="module" src="/${peer.id}.js"></script></body></html>`,
    );
  }
  const data = new Map([...tasksBySize].map(([size, tasks]) => [`/data/tasks-${size}.json`, Buffer.from(JSON.stringify(tasks))]));
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0]!));
    const json = data.get(path);
    if (json) {
      res.writeHead(200, { 'content-type': TYPES['.json']! });
      return void res.end(json);
    }
    try {
      const body = readFileSync(join(outDir, path));
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  onCleanup('peer page server', () => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
