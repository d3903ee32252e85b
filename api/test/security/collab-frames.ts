import { CloseCode, COLLAB_PATH, projectDocumentName } from '@planline/domain';
import {
  AuthMessage,
  EMPTY_STATE_VECTOR,
  encodeAuthToken,
  encodeAwarenessBody,
  encodeMessage,
  encodeSyncMessage,
  MessageType,
  readAuthBody,
  readMessage,
  readSyncBody,
  SyncStep,
  tasksMap,
} from '@planline/document';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { eventually } from '../collab-client.js';

export { AuthMessage, MessageType } from '@planline/document';

/**
 * Messages in the Hocuspocus 3 wire format (document's wire.ts), built one by one so tests can send what a real
 * provider never would (writes before the answer to auth, forged awareness, garbage). A message is
 * varString(document) + varUint(type) + body.
 */
export const frames = {
  auth: (doc: string, token = 'cookie') => encodeAuthToken(doc, token),
  syncStep1: (doc: string, stateVector = EMPTY_STATE_VECTOR) => encodeSyncMessage(doc, MessageType.Sync, SyncStep.Step1, stateVector),
  update: (doc: string, update: Uint8Array) => encodeSyncMessage(doc, MessageType.Sync, SyncStep.Update, update),
  /** One client's awareness state (y-protocols encoding). */
  awareness: (doc: string, clientId: number, clock: number, state: unknown) =>
    encodeMessage(doc, MessageType.Awareness, encodeAwarenessBody([{ clientId, clock, json: JSON.stringify(state) }])),
  raw: (doc: string, type: number, body: Uint8Array) => encodeMessage(doc, type, body),
};

export interface RawCollab {
  ws: WebSocket;
  /** The document as far as what the server sent (sync step 2 and updates) goes. */
  doc: Y.Doc;
  auth: Map<string, 'authenticated' | 'denied'>;
  closed: Promise<{ code: number; reason: string }>;
  opened: Promise<boolean>;
  send(data: Uint8Array): void;
  close(): void;
}

/** A raw /collab connection with a session cookie; it records auth answers and applies what it is sent. */
export function rawCollab(baseUrl: string, cookie: string, origin?: string): RawCollab {
  const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + COLLAB_PATH, { headers: { cookie, ...(origin ? { origin } : {}) } });
  const doc = new Y.Doc();
  const auth = new Map<string, 'authenticated' | 'denied'>();
  ws.on('message', (data: Buffer) => {
    try {
      const { document: name, type, body } = readMessage(new Uint8Array(data));
      if (type === MessageType.Auth) {
        auth.set(name, readAuthBody(body).answer === AuthMessage.Authenticated ? 'authenticated' : 'denied');
      } else if (type === MessageType.Sync || type === MessageType.SyncReply) {
        const { step, payload } = readSyncBody(body);
        if (step === SyncStep.Step2 || step === SyncStep.Update) Y.applyUpdate(doc, payload);
      }
    } catch {
      // not ours to judge: tests look at what was applied
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = new Promise<boolean>((resolve) => {
    ws.on('open', () => resolve(true));
    ws.on('unexpected-response', () => resolve(false));
    ws.on('error', () => resolve(false));
  });
  return {
    ws,
    doc,
    auth,
    closed,
    opened,
    send: (data) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(data);
    },
    close: () => ws.terminate(),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long openAuthenticated keeps trying while the server says it is busy. */
const BUSY_RETRY_MS = 20_000;

/**
 * A raw /collab connection to a project's document, authenticated and asked for its first sync, and kept in
 * `opened` for the file's afterAll to close. With `untilTasks`, it also waits until its copy holds the server's
 * tasks (sync step 2), so edits built on it apply without a gap.
 */
export async function openAuthenticated(
  baseUrl: string,
  cookie: string,
  projectId: string,
  opened: { close(): void }[],
  { timeoutMs = 3000, untilTasks = false }: { timeoutMs?: number; untilTasks?: boolean } = {},
): Promise<RawCollab> {
  const name = projectDocumentName(projectId);
  const busyUntil = Date.now() + BUSY_RETRY_MS;
  for (;;) {
    const raw = rawCollab(baseUrl, cookie);
    opened.push(raw);
    if (!(await raw.opened)) throw new Error('the /collab WebSocket did not open');
    raw.send(frames.auth(name));
    raw.send(frames.syncStep1(name));
    const outcome = await Promise.race([
      eventually(() => raw.auth.get(name), (a) => a === 'authenticated', timeoutMs).then(() => null),
      raw.closed,
    ]);
    // A server whose event loop ran late tells new connections it is busy (issue 34 item 9): a browser's provider
    // tries again after a while, and so does this.
    if (outcome?.code === CloseCode.Busy && Date.now() < busyUntil) {
      await sleep(250);
      continue;
    }
    if (outcome) throw new Error(`the /collab connection was closed (${outcome.code} ${outcome.reason})`);
    if (untilTasks) await eventually(() => tasksMap(raw.doc).size, (n) => n > 0, timeoutMs);
    return raw;
  }
}
