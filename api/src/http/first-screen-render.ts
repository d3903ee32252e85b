import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FirstScreenInput } from '@planline/domain/first-screen';

/**
 * The web build's renderer of a first visit's first screen (web/src/entry-server.tsx, built by `npm run build`
 * into the build's .server folder): the workspace's markup, drawn from the page's bootstrap and the task list of
 * the project it opens, for the page to show while the app's code arrives (issue 18).
 */
export type RenderFirstScreen = (input: FirstScreenInput) => string | null;

interface RendererModule {
  ready: Promise<void>;
  renderFirstScreen: RenderFirstScreen;
}

const RENDERER_FILE = join('.server', 'entry-server.js');

/**
 * The renderer of the build in `distDir`, loaded once; null without one (an older build, the dev server's pages),
 * when it failed to load, or once the build has changed under the running server (a module is loaded once per
 * process: a renderer of another build could draw markup the new one's app does not): pages then go without a
 * picture, as before.
 *
 * Loading starts here, as the server starts, not at the first page: compiling the bundle and preloading the
 * workspace's code took a fresh server's first visitor seconds (tens at a load of 12). `onLoaded` is told how
 * long it took. A page that comes before it is done waits for the same load.
 */
export function firstScreenRenderer(
  distDir: string,
  onError: (err: unknown) => void,
  onLoaded: (ms: number) => void = () => {},
): () => Promise<RenderFirstScreen | null> {
  const file = join(distDir, RENDERER_FILE);
  let loaded: { builtAt: number; renderer: Promise<RenderFirstScreen | null> } | null = null;
  const current = () => {
    if (!existsSync(file)) return Promise.resolve(null);
    const builtAt = statSync(file).mtimeMs;
    if (!loaded) {
      const started = performance.now();
      // Its own copy of Yjs (bundled in) says it was imported twice: the two copies never share an object (the
      // renderer takes JSON and gives a string), so the warning is not for this.
      const renderer = withoutYjsImportMark(() => import(pathToFileURL(file).href) as Promise<RendererModule>).then(
        async (mod) => {
          await mod.ready;
          onLoaded(performance.now() - started);
          return mod.renderFirstScreen;
        },
        (err: unknown) => {
          onError(err);
          return null;
        },
      );
      loaded = { builtAt, renderer };
    }
    return loaded.builtAt === builtAt ? loaded.renderer : Promise.resolve(null);
  };
  void current();
  return current;
}

/** The mark Yjs leaves on globalThis when it is imported, to warn about a second copy. */
const YJS_IMPORT_MARK = '__ $YJS$ __';

async function withoutYjsImportMark<T>(load: () => Promise<T>): Promise<T> {
  const global = globalThis as Record<string, unknown>;
  const mark = global[YJS_IMPORT_MARK];
  delete global[YJS_IMPORT_MARK];
  try {
    return await load();
  } finally {
    if (mark === undefined) delete global[YJS_IMPORT_MARK];
    else global[YJS_IMPORT_MARK] = mark;
  }
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
