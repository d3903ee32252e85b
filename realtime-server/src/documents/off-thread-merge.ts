import { Worker } from 'node:worker_threads';

/**
 * Y.mergeUpdates in a worker thread. Folding a document's update log into its stored state merges the whole
 * document: ~0.13 s at 10,000 tasks and ~1.6 s at 100,000, which on the event loop held every socket and request
 * of the server for that long, every 200 updates. One worker, made on first use and kept (it does not keep the
 * process alive); merges queue in it. A worker that fails or exits fails the merges it held, and the next merge
 * starts another.
 */
interface Pending {
  /** The worker it was sent to: one that fails fails only its own merges, not a newer worker's. */
  worker: Worker;
  resolve: (merged: Uint8Array) => void;
  reject: (err: Error) => void;
}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(failed: Worker, err: Error): void {
  for (const [id, waiting] of pending) {
    if (waiting.worker !== failed) continue;
    pending.delete(id);
    waiting.reject(err);
  }
}

/**
 * The worker's code, as a module of its own (a data: URL, so it needs no loader for TypeScript and no file beside
 * this one): it imports the server's own Yjs by its resolved URL.
 */
function workerSource(): URL {
  const yjs = import.meta.resolve('yjs');
  const code = `
    import { parentPort } from 'node:worker_threads';
    import * as Y from ${JSON.stringify(yjs)};
    parentPort.on('message', ({ id, updates }) => {
      try {
        const merged = Y.mergeUpdates(updates);
        parentPort.postMessage({ id, merged }, [merged.buffer]);
      } catch (err) {
        parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
      }
    });`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

function mergeWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(workerSource());
  started.unref();
  started.on('message', (message: { id: number; merged?: Uint8Array; error?: string }) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.merged) waiting.resolve(message.merged);
    else waiting.reject(new Error(`merging updates failed: ${message.error ?? 'no answer'}`));
  });
  started.on('error', (err) => {
    if (worker === started) worker = null;
    failAll(started, err);
  });
  started.on('exit', (code) => {
    if (worker === started) worker = null;
    failAll(started, new Error(`the merge worker exited (code ${code})`));
  });
  worker = started;
  return started;
}

/** Y.mergeUpdates(updates), worked out in the merge worker. The updates are copied to it; the caller keeps its own. */
export function mergeUpdatesOffThread(updates: readonly Uint8Array[]): Promise<Uint8Array> {
  const id = nextId++;
  return new Promise<Uint8Array>((resolve, reject) => {
    try {
      const target = mergeWorker();
      pending.set(id, { worker: target, resolve, reject });
      target.postMessage({ id, updates });
    } catch (err) {
      pending.delete(id);
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/** Stops the worker (tests; a server that shuts down need not: the worker does not hold it open). */
export async function stopMergeWorker(): Promise<void> {
  const running = worker;
  worker = null;
  await running?.terminate();
}
