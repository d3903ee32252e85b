import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FirstScreenInput } from '@planline/domain/first-screen';

/**
 * The web build's renderer of a first visit's first screen (web/src/entry-server.tsx, built by `npm run build`
 * into the build's .server folder): the workspace's markup, drawn from the page's bootstrap and the task list of
 * the project it opens, for the page to show while the app's code arrives (issue 18). It runs in a worker thread
 * of its own: drawing a big project (~0.5 s at 100,000 tasks, the list's JSON parsed there too) never holds the
 * server's event loop, where every other request and every live edit is answered.
 */
export type RenderFirstScreen = (input: Omit<FirstScreenInput, 'tasks'> & { tasksJson: Uint8Array }) => Promise<string | null>;

const RENDERER_FILE = join('.server', 'entry-server.js');
/** A page waits this long for its picture at most, then goes without it. */
const RENDER_TIMEOUT_MS = 3000;
/** Pictures asked for and not yet drawn, beyond which a page goes without one rather than wait in line. */
const MAX_WAITING = 4;

/**
 * The worker: loads the renderer (which bundles everything it needs, so it runs without the server's TypeScript
 * loader) and answers each request with its markup. CommonJS, as an `eval` worker is.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.renderer).then(async (renderer) => {
  await renderer.ready;
  parentPort.on('message', ({ id, input, tasksJson }) => {
    try {
      const tasks = JSON.parse(new TextDecoder().decode(tasksJson));
      parentPort.postMessage({ id, html: renderer.renderFirstScreen({ ...input, tasks }) });
    } catch (err) {
      parentPort.postMessage({ id, html: null, error: String((err && err.stack) || err) });
    }
  });
  parentPort.postMessage({ ready: true });
}, (err) => parentPort.postMessage({ failed: String((err && err.stack) || err) }));
`;

interface WorkerAnswer {
  id?: number;
  html?: string | null;
  error?: string;
  ready?: boolean;
  failed?: string;
}

/**
 * The renderer of the build in `distDir`, started once; null without one (an older build, the dev server's
 * pages), when it failed to start, or once the build has changed under the running server (its worker has the
 * old build loaded: it could draw markup the new one's app does not). Pages then go without a picture, as
 * before; so does a page whose picture fails, takes over RENDER_TIMEOUT_MS, or would wait behind MAX_WAITING.
 */
export function firstScreenRenderer(distDir: string, onError: (err: unknown) => void): () => Promise<RenderFirstScreen | null> {
  const file = join(distDir, RENDERER_FILE);
  let started: { builtAt: number; render: Promise<RenderFirstScreen | null> } | null = null;
  return () => {
    if (!existsSync(file)) return Promise.resolve(null);
    const builtAt = statSync(file).mtimeMs;
    started ??= { builtAt, render: startWorker(file, onError) };
    return started.builtAt === builtAt ? started.render : Promise.resolve(null);
  };
}

function startWorker(file: string, onError: (err: unknown) => void): Promise<RenderFirstScreen | null> {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { renderer: pathToFileURL(file).href } });
  // The server's process ends when the server does, whether or not a picture is being drawn.
  worker.unref();
  const waiting = new Map<number, (html: string | null) => void>();
  let nextId = 0;
  let alive = true;
  const stop = (err: unknown) => {
    if (!alive) return;
    alive = false;
    onError(err);
    for (const answer of waiting.values()) answer(null);
    waiting.clear();
    void worker.terminate();
  };
  const render: RenderFirstScreen = ({ tasksJson, ...input }) => {
    if (!alive || waiting.size >= MAX_WAITING) return Promise.resolve(null);
    const id = nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => answer(null), RENDER_TIMEOUT_MS);
      const answer = (html: string | null) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(html);
      };
      waiting.set(id, answer);
      // The list's bytes go over as a copy of their own, moved to the worker rather than copied again there.
      const bytes = new Uint8Array(tasksJson);
      worker.postMessage({ id, input, tasksJson: bytes }, [bytes.buffer]);
    });
  };
  return new Promise((resolve) => {
    worker.on('message', (message: WorkerAnswer) => {
      if (message.ready) return resolve(render);
      if (message.failed !== undefined) {
        stop(new Error(`the first-screen renderer did not load: ${message.failed}`));
        return resolve(null);
      }
      if (message.error !== undefined) onError(new Error(`a first screen was not drawn: ${message.error}`));
      if (message.id !== undefined) waiting.get(message.id)?.(message.html ?? null);
    });
    worker.on('error', (err) => {
      stop(err);
      resolve(null);
    });
    worker.on('exit', (code) => {
      stop(new Error(`the first-screen renderer stopped (exit code ${code})`));
      resolve(null);
    });
  });
}

export interface Screen {
  viewport: { width: number; height: number };
  chartWidth: number;
}

/**
 * A browser that never said its size (its first page of ours is this one) is drawn for this one: a 1280×800
 * window, the chart's scroll area 1,166 px wide there. The page shows the picture only where the width is right
 * (web/src/first-screen.ts).
 */
export const DEFAULT_SCREEN: Screen = { viewport: { width: 1280, height: 800 }, chartWidth: 1166 };
const MAX_SIDE_PX = 10_000;

export function screenFromCookie(value: string | undefined): Screen {
  const match = /^(\d{1,5})x(\d{1,5})x(\d{1,5})$/.exec(value ?? '');
  if (!match) return DEFAULT_SCREEN;
  const [width, height, chartWidth] = match.slice(1).map(Number) as [number, number, number];
  if (!width || !height || !chartWidth || width > MAX_SIDE_PX || height > MAX_SIDE_PX || chartWidth > width) return DEFAULT_SCREEN;
  return { viewport: { width, height }, chartWidth };
}

/** The calendar day ('yyyy-MM-dd') at `now` in `timeZone` (IANA), or in UTC when it is not one. */
export function dayIn(timeZone: string | undefined, now = new Date()): string {
  const format = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return timeZone ? format(timeZone) : format('UTC');
  } catch {
    return format('UTC');
  }
}
