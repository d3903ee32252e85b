import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEarlyDrag } from '../lib/early-drop';
import { nextTask } from '../lib/next-slot';
import { App } from './app';
import { seedBootstrap } from './bootstrap';
import { queryClient } from './query-client';
import { preloadWorkspacePage } from './route-tables';
import { startFirstReads } from './start-reads';

/** Longest the first render waits for the workspace's code; on a slow network the page's spinner shows instead. */
const WORKSPACE_WAIT_MS = 1000;

/** The app: its first reads, then its first render into `root` (main.tsx loads this). */
export async function start(root: HTMLElement): Promise<void> {
  const signedIn = seedBootstrap(queryClient);
  startFirstReads(queryClient);
  // The workspace's code is already on its way (the page asked for it): with it in before the first render, the
  // first render is the workspace's and commits at once (app/lazy-page.ts). Code that is slow to come, or fails to,
  // is the route's to wait for or report, as before.
  if (signedIn && window.location.pathname === '/') {
    await Promise.race([preloadWorkspacePage().catch(() => {}), new Promise((resolve) => setTimeout(resolve, WORKSPACE_WAIT_MS))]);
  }
  // [early-drag] The first render is the longest task of the load (~0.1-0.2 s at 1,000 tasks), and a press on the
  // first screen's picture that came while the app's code was evaluated, or this function ran, is still queued: a
  // task of our own lets the browser dispatch it first (input goes before other tasks), and the render then waits
  // for that drag's drop, as main.tsx waits before evaluating the code. The reads and the document's opening above
  // go on meanwhile.
  await nextTask();
  await afterEarlyDrag();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
