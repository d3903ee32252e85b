import * as Y from 'yjs';
import { nextSlot, nextTask } from '../../../lib/next-slot';
import { watchPersonInput } from '../../../lib/person-input';
import { encodeSyncMessage, readSyncMessage, SyncStep } from '@planline/document';
import { sliceUpdate, type SlicedUpdate } from '@planline/document/update-slices';

/**
 * [sliced-sync] The first sync of a big document, applied between frames (issue 18). The server's sync step 2 of
 * a 100,000-task project is one ~50 MB update whose `Y.applyUpdate` held the main thread for 6-20 s: no scroll,
 * no input, no paint of the snapshot already on screen. Here a worker cuts it into slices (document's
 * update-slices.ts) and the page applies them in short tasks (a few milliseconds a frame while the person scrolls
 * or types); the provider then gets the sync step 2 with what is left (other clients' structs, the deletions), so
 * its own bookkeeping ('synced', the answer to the server) is unchanged. Messages that arrive meanwhile wait and
 * follow in their order. Nothing here is an edit: the chart stays read-only until 'synced', and edits made in that
 * window (a return visit's kept copy) go out with the sync as before.
 */

/** Updates at least this big are sliced: about 2,500 tasks. Smaller ones apply within a frame or two. */
export const SLICE_FROM_BYTES = 1 << 20;
/** A project of this many tasks or more will likely send a sync that big. */
export const SLICE_FROM_TASKS = 2_500;
/** Structs per slice: ~300 structs apply in about a millisecond on a fast machine, a few on a slow one. */
const STRUCTS_PER_SLICE = 300;
/**
 * While nobody touches the page, slices run back to back in tasks of this length: the page paints between two of
 * them when a frame is due (it waits at most this long, and nothing on the chart moves meanwhile). Waiting for a
 * frame before each slot left a share of every frame idle (profiled, a 100,000-task load's main thread: 2.4 s idle
 * in all, 2.0 s with tasks).
 */
const QUIET_TASK_MS = 12;
/**
 * While the person scrolls, wheels, presses or types (until this long after the last of it), slices get only
 * this much of a frame, right after it is painted: a scrolled chart renders new rows each frame and needs most of it.
 */
const BUSY_FRAME_BUDGET_MS = 3;
const INPUT_QUIET_MS = 250;

/** The origin of the slices' transactions: not this browser's edit, not news for the server. */
export const SLICE_ORIGIN = { source: 'planline-first-sync-slice' } as const;

/** A message event as the socket dispatches it to the provider. */
export type SocketMessage = Pick<MessageEvent, 'data'>;
/** Hands a message on to the provider's listener. */
type Deliver = (event: SocketMessage) => void;

interface BigStepTwo {
  name: string;
  type: number;
  update: Uint8Array;
}

/** A sync step 2 whose update is big enough to slice, or null. */
export function bigSyncStepTwo(data: ArrayBuffer | Uint8Array, fromBytes = SLICE_FROM_BYTES): BigStepTwo | null {
  // Anything else, or what does not read, is not ours to judge: the provider reads it as it always has.
  const sync = readSyncMessage(new Uint8Array(data));
  if (sync?.step !== SyncStep.Step2 || sync.payload.byteLength < fromBytes) return null;
  return { name: sync.document, type: sync.type, update: sync.payload };
}

/** The slicing worker, started before it is needed (`expectBig`) or when it is. */
function slicingWorker(): Worker {
  return new Worker(new URL('./update-slicer.worker.ts', import.meta.url), { type: 'module' });
}

/** An update with nothing in it: what is left of a sync applied whole. */
const EMPTY_UPDATE = new Uint8Array([0, 0]);

/**
 * Slices in a worker where there is one (the page stays free meanwhile), else here. An update under
 * SLICE_FROM_BYTES is cut here: reading its bytes takes a few milliseconds, less than starting a worker.
 */
function sliceOffThread(update: Uint8Array, started: Worker | null): Promise<SlicedUpdate> {
  if (typeof Worker === 'undefined' || update.byteLength < SLICE_FROM_BYTES) {
    started?.terminate();
    return Promise.resolve(sliceUpdate(update, STRUCTS_PER_SLICE));
  }
  return new Promise((resolve, reject) => {
    const worker = started ?? slicingWorker();
    worker.onmessage = (event: MessageEvent<SlicedUpdate>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'the slicing worker failed'));
    };
    // A copy goes (transferred): the message's own bytes stay whole for the fallback.
    const copy = update.slice();
    worker.postMessage({ update: copy, structsPerSlice: STRUCTS_PER_SLICE }, [copy.buffer]);
  });
}

export interface SlicedSync {
  /** Stops applying slices (the connection is closing); what waits is dropped with it. */
  cancel(): void;
  /**
   * The document is likely big (its task list has SLICE_FROM_TASKS or more): the slicing worker starts now, while
   * the sync is on its way. Started when the sync arrived, it took ~1.4 s to take it at 100,000 tasks (its code
   * fetched and evaluated, with the page idle meanwhile).
   */
  expectBig(): void;
  /** The provider has synced: a slicing worker started ahead that the sync did not need goes. */
  synced(): void;
  /** Takes a message the socket received: hands it on to `deliver` at once, or once the big sync before it is in. */
  take(event: SocketMessage, deliver: Deliver): void;
}

export interface SlicedSyncHooks {
  /** A big sync starts arriving in slices: the chart should wait for 'synced' before reading the document. */
  onStart(): void;
  /** All of it is in the document (before the provider hears the rest): `update` is the whole of it. */
  onApplied(update: Uint8Array): void;
}

/**
 * Routes the socket's incoming messages through the slicing of a big sync step 2: one of at least `fromBytes`
 * (read as each message comes: the connection lowers it while a snapshot is on its way to the screen). The socket
 * class the provider opens takes them here (messagesThrough), so the provider hears them as it always does.
 */
export function sliceBigSyncs(
  doc: Y.Doc,
  hooks: SlicedSyncHooks,
  fromBytes: number | (() => number) = SLICE_FROM_BYTES,
  /**
   * Apply a big sync whole, in one task, yet through the same hooks: where nothing waits for a frame (the
   * document's worker). The device copy still stores the sync's own bytes, not an encoding of the transaction
   * (~1.4 s at 100,000 tasks), and the chart still reads the document once, at 'synced'.
   */
  whole = false,
): SlicedSync {
  let busy = false;
  let cancelled = false;
  let started: Worker | null = null;
  const waiting: [SocketMessage, Deliver][] = [];
  const drain = () => {
    while (waiting.length && !cancelled) {
      const [event, deliver] = waiting.shift()!;
      deliver(event);
    }
    busy = false;
  };
  const applySliced = async (event: SocketMessage, deliver: Deliver, big: BigStepTwo) => {
    let sliced: SlicedUpdate;
    try {
      const worker = started;
      started = null;
      sliced = whole ? { slices: [big.update], rest: EMPTY_UPDATE } : await sliceOffThread(big.update, worker);
    } catch {
      if (!cancelled) deliver(event);
      return drain();
    }
    hooks.onStart();
    const input = watchPersonInput();
    try {
      let next = 0;
      while (next < sliced.slices.length) {
        const busy = performance.now() - input.lastAt() < INPUT_QUIET_MS;
        if (busy) await nextSlot();
        else await nextTask();
        if (cancelled) return;
        const start = performance.now();
        const until = start + (busy ? BUSY_FRAME_BUDGET_MS : QUIET_TASK_MS);
        do Y.applyUpdate(doc, sliced.slices[next++]!, SLICE_ORIGIN);
        while (next < sliced.slices.length && performance.now() < until);
      }
    } finally {
      input.stop();
    }
    await nextSlot();
    if (cancelled) return;
    hooks.onApplied(big.update);
    deliver({ data: encodeSyncMessage(big.name, big.type, SyncStep.Step2, sliced.rest) });
    drain();
  };
  // A worker started ahead that the sync did not need (it came small: the device had most of it) goes.
  const dropUnused = () => {
    started?.terminate();
    started = null;
  };
  return {
    cancel() {
      cancelled = true;
      waiting.length = 0;
      dropUnused();
    },
    expectBig() {
      if (!cancelled && !whole && !started && typeof Worker !== 'undefined') started = slicingWorker();
    },
    synced: dropUnused,
    take(event, deliver) {
      if (cancelled) return;
      if (busy) return void waiting.push([event, deliver]);
      const big = bigSyncStepTwo(event.data as ArrayBuffer, typeof fromBytes === 'number' ? fromBytes : fromBytes());
      if (!big) return deliver(event);
      busy = true;
      void applySliced(event, deliver, big);
    },
  };
}

// A mixin's base: TypeScript asks for a constructor of `any[]` (the browser's WebSocket, relayed-socket.ts's look-alike).
type SocketClass = new (...args: any[]) => WebSocket;

/**
 * The socket class the provider opens (its public WebSocketPolyfill option), with every message it receives passed
 * through `take` on its way to the provider's listener. (The provider's socket then hears messages that wait behind a
 * big sync when they are handed on: a page's thread that took over 30 s to slice one would see the socket reopened.)
 */
export function messagesThrough<T extends SocketClass>(Base: T, take: (event: SocketMessage, deliver: Deliver) => void): T {
  return class FilteredSocket extends Base {
    private readonly filtered = new Map<EventListenerOrEventListenerObject, EventListener>();

    override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void {
      if (!listener) return;
      if (type !== 'message') return super.addEventListener(type, listener, options);
      // The provider reads a message's data only: the rest of a sliced sync is handed on as { data }.
      const hear = (event: SocketMessage) => {
        const heard = event as unknown as Event;
        if (typeof listener === 'function') listener.call(this, heard);
        else listener.handleEvent(heard);
      };
      const filtered = (event: Event) => take(event as MessageEvent, hear);
      this.filtered.set(listener, filtered);
      super.addEventListener(type, filtered, options);
    }

    override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void {
      if (!listener) return;
      const filtered = type === 'message' ? this.filtered.get(listener) : undefined;
      if (filtered) this.filtered.delete(listener);
      super.removeEventListener(type, filtered ?? listener, options);
    }
  };
}
