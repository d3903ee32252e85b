import { MAX_DOCUMENT_UPDATE_BYTES, MAX_TASKS_PER_UPDATE, TASKS_ADDED_BURST, TASKS_ADDED_PER_SECOND } from '@planline/domain';
import { cutUpdate, newTypeCount, type UpdateLimits } from './update-slices.js';
import { encodeSyncMessage, MessageType, readSyncMessage, SyncStep } from './wire.js';

/**
 * [sync-limits] What a client sends on /collab, kept within what the server takes from one connection
 * (realtime-server's connection-guard.ts): no update over MAX_DOCUMENT_UPDATE_BYTES or adding more than
 * MAX_TASKS_PER_UPDATE tasks, and new tasks no faster than its bucket refills. Past a limit the server closes the
 * connection (4413, 4429) and the client, reconnecting, sends the same again: edits made offline that add up to
 * more than one message (two drags of the head of a 10,000-task chain under auto-scheduling) never reached the
 * server, and the chart stayed offline. Here such an update (a sync step 2 answering the server, or a live one)
 * goes as several updates that each fit, new tasks paced to the server's rate; everything after them waits its
 * turn, so the server hears the client's messages in the order they were made.
 */

export interface SyncLimits extends UpdateLimits {
  typesPerSecond: number;
  typesBurst: number;
}

/**
 * The server's limits, a little inside them: the message's own header (document name, types, length) counts
 * towards its size there, and the client's bucket must never run ahead of the server's.
 */
export const SERVER_SYNC_LIMITS: SyncLimits = {
  maxBytes: MAX_DOCUMENT_UPDATE_BYTES - 1024,
  maxTypes: MAX_TASKS_PER_UPDATE,
  typesPerSecond: TASKS_ADDED_PER_SECOND * 0.9,
  typesBurst: TASKS_ADDED_BURST / 2,
};

export interface LimiterClock {
  now(): number;
  later(run: () => void, ms: number): void;
}

const realClock: LimiterClock = { now: () => performance.now(), later: (run, ms) => void setTimeout(run, ms) };

interface Outgoing {
  message: Uint8Array;
  types: number;
}

/** The sync message's update when it is a sync step 2 or an update, with what precedes it. */
function readUpdateMessage(message: Uint8Array): { documentName: string; update: Uint8Array } | null {
  // Anything else, or anything that does not read, is not ours to judge: it goes as it is.
  const sync = readSyncMessage(message);
  if (sync?.type !== MessageType.Sync || (sync.step !== SyncStep.Step2 && sync.step !== SyncStep.Update)) return null;
  return { documentName: sync.document, update: sync.payload };
}

/**
 * Wraps a socket's `send` so that every message it sends is within `limits`. Small messages (nearly all) go at
 * once and unchanged; the rest are cut, and wait for the bucket of new tasks when they add tasks.
 */
export function limitSyncMessages(send: (message: Uint8Array) => void, limits: SyncLimits = SERVER_SYNC_LIMITS, clock: LimiterClock = realClock): (message: Uint8Array) => void {
  const queue: Outgoing[] = [];
  let tokens = limits.typesBurst;
  let filledAt = clock.now();
  let waiting = false;
  const refill = () => {
    const now = clock.now();
    tokens = Math.min(limits.typesBurst, tokens + ((now - filledAt) / 1000) * limits.typesPerSecond);
    filledAt = now;
  };
  const drain = () => {
    waiting = false;
    refill();
    while (queue.length) {
      const next = queue[0]!;
      // A piece never adds more than the burst (maxTypes ≤ typesBurst), so it always fits an empty bucket's refill.
      const needed = Math.min(next.types, limits.typesBurst);
      if (tokens < needed) {
        waiting = true;
        clock.later(drain, ((needed - tokens) / limits.typesPerSecond) * 1000);
        return;
      }
      tokens -= needed;
      queue.shift();
      send(next.message);
    }
  };
  const enqueue = (outgoing: Outgoing) => {
    queue.push(outgoing);
    if (!waiting) drain();
  };
  return (message) => {
    const sync = readUpdateMessage(message);
    if (!sync) return enqueue({ message, types: 0 });
    // One reading of the update for nearly every message (a drop, a typed name); a big one is read again to cut it.
    const types = newTypeCount(sync.update);
    if (sync.update.byteLength <= limits.maxBytes && types <= limits.maxTypes) return enqueue({ message, types });
    for (const piece of cutUpdate(sync.update, limits)) enqueue({ message: encodeSyncMessage(sync.documentName, MessageType.Sync, SyncStep.Update, piece), types: newTypeCount(piece) });
  };
}
