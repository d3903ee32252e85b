import { COLLAB_PATH, projectDocumentName } from '@planline/domain';
import { tasksMap } from '@planline/document';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { eventually } from '../collab-client.js';

/**
 * The Hocuspocus 3 wire format, written by hand so tests can send what a real provider never would (writes
 * before the answer to auth, forged awareness, garbage). A message is varString(document) + varUint(type) + body.
 */
export const MessageType = { Sync: 0, Awareness: 1, Auth: 2, QueryAwareness: 3, Close: 7, SyncStatus: 8 } as const;
export const AuthMessage = { Token: 0, PermissionDenied: 1, Authenticated: 2 } as const;
const SyncStep = { Step1: 0, Step2: 1, Update: 2 } as const;

function varUint(n: number): number[] {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push(0x80 | (n & 0x7f));
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}
const bytes = (data: Uint8Array) => [...varUint(data.length), ...data];
const str = (s: string) => bytes(new TextEncoder().encode(s));
const frame = (doc: string, ...parts: number[][]) => Uint8Array.from([...str(doc), ...parts.flat()]);

export const frames = {
  auth: (doc: string, token = 'cookie') => frame(doc, varUint(MessageType.Auth), varUint(AuthMessage.Token), str(token)),
  syncStep1: (doc: string, stateVector = new Uint8Array([0])) => frame(doc, varUint(MessageType.Sync), varUint(SyncStep.Step1), bytes(stateVector)),
  update: (doc: string, update: Uint8Array) => frame(doc, varUint(MessageType.Sync), varUint(SyncStep.Update), bytes(update)),
  /** One client's awareness state (y-protocols encoding). */
  awareness: (doc: string, clientId: number, clock: number, state: unknown) =>
    frame(doc, varUint(MessageType.Awareness), bytes(Uint8Array.from([...varUint(1), ...varUint(clientId), ...varUint(clock), ...str(JSON.stringify(state))]))),
  raw: (doc: string, type: number, body: Uint8Array) => frame(doc, varUint(type), [...body]),
};

class Reader {
  pos = 0;
  constructor(readonly data: Uint8Array) {}
  uint(): number {
    let n = 0;
    let mult = 1;
    for (;;) {
      const b = this.data[this.pos++]!;
      n += (b & 0x7f) * mult;
      if (b < 0x80) return n;
      mult *= 128;
    }
  }
  bytes(): Uint8Array {
    const len = this.uint();
    const out = this.data.subarray(this.pos, this.pos + len);
    this.pos += len;
    return out;
  }
  string(): string {
    return new TextDecoder().decode(this.bytes());
  }
}

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
      const r = new Reader(new Uint8Array(data));
      const name = r.string();
      const type = r.uint();
      if (type === MessageType.Auth) {
        const answer = r.uint();
        auth.set(name, answer === AuthMessage.Authenticated ? 'authenticated' : 'denied');
      } else if (type === MessageType.Sync || type === 4 /* SyncReply */) {
        const step = r.uint();
        if (step === SyncStep.Step2 || step === SyncStep.Update) Y.applyUpdate(doc, r.bytes());
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
  const raw = rawCollab(baseUrl, cookie);
  opened.push(raw);
  if (!(await raw.opened)) throw new Error('the /collab WebSocket did not open');
  const name = projectDocumentName(projectId);
  raw.send(frames.auth(name));
  raw.send(frames.syncStep1(name));
  await eventually(() => raw.auth.get(name), (a) => a === 'authenticated', timeoutMs);
  if (untilTasks) await eventually(() => tasksMap(raw.doc).size, (n) => n > 0, timeoutMs);
  return raw;
}
