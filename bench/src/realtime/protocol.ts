import type { SerializedHistogram } from '../lib/stats.js';

/** One simulated person: a Hocuspocus provider on the project document, and (Planline only) a Socket.IO connection. */
export interface ClientSpec {
  index: number;
  /** http(s) base URL of the instance this client talks to. */
  url: string;
  /** Session cookie header ('' against bare Hocuspocus). */
  cookie: string;
  userId: string;
  /** Editors write; everyone (editors included) receives the others' edits. */
  editorIndex: number | null;
  /** The task an editor renames (each editor has its own, so edits never conflict). */
  taskId: string | null;
}

export type ToWorker =
  | { type: 'connect'; projectId: string; clients: ClientSpec[]; editors: number; editsPerEditor: number; sockets: boolean }
  | { type: 'start'; startAtUs: number; editIntervalMs: number }
  | { type: 'collect'; sent: number[] }
  | { type: 'close' };

export interface ReceiptStats {
  histogram: SerializedHistogram;
  /** Receipts that should have happened: every edit sent, at every client but its author. */
  expected: number;
  lost: number;
  /** The same edit seen twice by one client. */
  duplicates: number;
}

export type FromWorker =
  | { type: 'connected'; failures: string[]; closeCodes: Record<string, number> }
  | { type: 'sent'; sent: [editorIndex: number, count: number][] }
  | {
      type: 'result';
      doc: ReceiptStats;
      socket: ReceiptStats | null;
      disconnects: number;
      /**
       * Close codes the document sockets saw, from the first connect to the collect (failed attempts included), and
       * Socket.IO's disconnect reasons (`socket.io <reason>`).
       */
      closeCodes: Record<string, number>;
      errors: string[];
    };

/** Monotonic microseconds, the same clock in every process of the machine (CLOCK_MONOTONIC). */
export const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** An edit carries who made it, its number and when it was sent, in the task name every client receives. */
export const editName = (editor: number, seq: number, sentUs: number) => `bench e${editor} #${seq} @${sentUs}`;
const EDIT_NAME = /^bench e(\d+) #(\d+) @(\d+)$/;

export function parseEditName(name: unknown): { editor: number; seq: number; sentUs: number } | null {
  if (typeof name !== 'string') return null;
  const m = EDIT_NAME.exec(name);
  return m ? { editor: Number(m[1]), seq: Number(m[2]), sentUs: Number(m[3]) } : null;
}
