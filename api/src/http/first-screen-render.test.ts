import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstScreenRenderer } from './first-screen-render.js';

/**
 * [first-screen-warm] The renderer is loaded as the server starts (the app is made), not by the first page: a
 * fresh server's first visitor no longer waits for the bundle to be compiled.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build whose renderer module counts its loads on globalThis under `mark`, and is ready when `release` is called. */
function fakeBuild(mark: string): string {
  const dist = mkdtempSync(join(tmpdir(), 'planline-renderer-'));
  dirs.push(dist);
  mkdirSync(join(dist, '.server'));
  writeFileSync(
    join(dist, '.server', 'entry-server.js'),
    `globalThis[${JSON.stringify(mark)}] = (globalThis[${JSON.stringify(mark)}] ?? 0) + 1;
     export const ready = Promise.resolve();
     export function renderFirstScreen(input) { return '<p>' + input.projectId + '</p>'; }`,
  );
  return dist;
}

const loads = (mark: string) => (globalThis as Record<string, unknown>)[mark];

describe('[first-screen-warm] the first-screen renderer', () => {
  it('[first-screen-warm] is loaded when made, before any page asks, and told how long it took; pages then share that one load', async () => {
    const mark = `__plannerRendererLoads${Math.random()}`;
    let tookMs: number | null = null;
    const loaded = new Promise<void>((resolve) => {
      firstScreenRenderer(fakeBuild(mark), (err) => { throw err; }, (ms) => {
        tookMs = ms;
        resolve();
      });
    });
    await loaded;
    expect(loads(mark)).toBe(1);
    expect(tookMs).toBeGreaterThanOrEqual(0);
  });

  it('[first-screen-warm] a page asking while it loads gets the same renderer, loaded once', async () => {
    const mark = `__plannerRendererLoads${Math.random()}`;
    const renderer = firstScreenRenderer(fakeBuild(mark), (err) => { throw err; });
    const [a, b] = await Promise.all([renderer(), renderer()]);
    expect(a).toBe(b);
    expect(a?.({ projectId: 'p1' } as never)).toBe('<p>p1</p>');
    expect(loads(mark)).toBe(1);
  });

  it('[first-screen-warm] without a build there is nothing to load and pages go without a picture', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'planline-renderer-'));
    dirs.push(dist);
    let told = false;
    const renderer = firstScreenRenderer(dist, () => { told = true; }, () => { told = true; });
    expect(await renderer()).toBeNull();
    expect(told).toBe(false);
  });
});
