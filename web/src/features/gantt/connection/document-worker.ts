/**
 * The worker a project's document lives in (document.worker.ts), started ahead of the connection that uses it.
 *
 * Compiling and running the worker's code (Yjs, the provider, the device copy: ~0.25 s on a busy 2-core machine)
 * used to begin only once the app had rendered the workspace and opened the project's connection, and the chart's
 * first live bars waited for it. The page's entry starts it as soon as it asks for the app's code, when the page
 * is about to open a project (an early task list is on its way), so that work runs beside the app's own.
 *
 * Imported by the page's entry (src/main.tsx): it imports nothing.
 */

interface Started {
  worker: Worker;
  /** The worker's script failed before anyone took it (its `error` event has been and gone). */
  failed: boolean;
}

let started: Started | null = null;

function start(): Started {
  const worker = new Worker(new URL('./document.worker.ts', import.meta.url), { type: 'module', name: 'planline-document' });
  const s: Started = { worker, failed: false };
  worker.addEventListener('error', () => (s.failed = true), { once: true });
  return s;
}

/** Starts the document's worker now, for the next `takeDocumentWorker` (no-op where there are no workers). */
export function startDocumentWorker(): void {
  if (started || typeof Worker !== 'function') return;
  started = start();
}

/** The worker started ahead, or a new one; each is taken once. */
export function takeDocumentWorker(): Started {
  const s = started ?? start();
  started = null;
  return s;
}
