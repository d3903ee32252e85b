import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { seedBootstrap } from './app/bootstrap';
import { queryClient } from './app/query-client';
import { preloadWorkspacePage } from './app/route-tables';
import { startFirstReads } from './app/start-reads';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const signedIn = seedBootstrap(queryClient);
startFirstReads(queryClient);

/** Longest the first render waits for the workspace's code; on a slow network the page's spinner shows instead. */
const WORKSPACE_WAIT_MS = 1000;

async function start(root: HTMLElement) {
  // The workspace's code is already on its way (the page asked for it): with it in before the first render, the
  // first render is the workspace's and commits at once (app/lazy-page.ts). Code that is slow to come, or fails to,
  // is the route's to wait for or report, as before.
  if (signedIn && window.location.pathname === '/') {
    await Promise.race([preloadWorkspacePage().catch(() => {}), new Promise((resolve) => setTimeout(resolve, WORKSPACE_WAIT_MS))]);
  }
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
void start(container);
