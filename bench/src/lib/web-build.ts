import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertRunning, onCleanup } from './cleanup.js';
import { repoRoot } from './paths.js';

/** One chunk of Vite's build manifest (.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface WebBuild {
  outDir: string;
  manifest: Record<string, ManifestChunk>;
}

/**
 * The production build of the web app, made by the web workspace's own `build` script (vite build) into a
 * directory of this run, with the manifest on: web/dist, which `npm start` and the e2e tests use, is left alone.
 */
export async function buildWeb(log: (message: string) => void): Promise<WebBuild> {
  assertRunning();
  const outDir = mkdtempSync(join(tmpdir(), 'planline-bench-web-'));
  onCleanup('web build', () => rmSync(outDir, { recursive: true, force: true }));
  log('building the web app (vite build, with manifest)…');
  let output = '';
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', '@planline/web', '--', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`web build failed (exit ${code}):\n${output.slice(-3000)}`);
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  return { outDir, manifest };
}
