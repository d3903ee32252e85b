/**
 * A load process of the realtime benchmark (forked by realtime.bench.ts): it hosts many simulated people, each
 * with a HocuspocusProvider on the project document (the browser's provider, session cookie, /collab) and,
 * against Planline, a socket.io-client connection. Editors rename their own task on schedule; every client
 * records when each other editor's edit reached it.
 */
import { openProjectDocument, type DocClient } from '@planline/api/test/collab-client';
import { SOCKET_IO_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@planline/domain';
import { tasksMap, writeTask } from '@planline/document';
import { io, type Socket } from 'socket.io-client';
import type * as Y from 'yjs';
import { LatencyHistogram } from '../lib/stats.js';
import { editName, nowUs, parseEditName, type ClientSpec, type FromWorker, type ReceiptStats, type ToWorker } from './protocol.js';

const CONNECT_CONCURRENCY = 10;
const CONNECT_TIMEOUT_MS = 60_000;
/** Like the browser's LOCAL_ORIGIN: a transaction of this client's own. */
const LOCAL_EDIT = { source: 'bench-editor' };

/** Receipts of one channel (document or socket events) across this process's clients. */
class Receipts {
  readonly histogram = new LatencyHistogram();
  duplicates = 0;
  /** Per client: how many times each (editor, seq) arrived, saturating at 255. */
  private readonly seen = new Map<number, Uint8Array>();

  constructor(
    private readonly editors: number,
    private readonly slots: number,
  ) {}

  record(client: ClientSpec, name: unknown, atUs: number): void {
    const edit = parseEditName(name);
    if (!edit || edit.editor === client.editorIndex || edit.editor >= this.editors || edit.seq >= this.slots) return;
    let seen = this.seen.get(client.index);
    if (!seen) this.seen.set(client.index, (seen = new Uint8Array(this.editors * this.slots)));
    const i = edit.editor * this.slots + edit.seq;
    if (seen[i] === 0) this.histogram.record((atUs - edit.sentUs) / 1000);
    else this.duplicates += 1;
    if (seen[i]! < 255) seen[i]! += 1;
  }

  stats(clients: ClientSpec[], sent: number[]): ReceiptStats {
    let expected = 0;
    let lost = 0;
    for (const client of clients) {
      const seen = this.seen.get(client.index);
      sent.forEach((count, editor) => {
        if (editor === client.editorIndex) return;
        for (let seq = 0; seq < Math.min(count, this.slots); seq++) {
          expected += 1;
          if (!seen || seen[editor * this.slots + seq] === 0) lost += 1;
        }
      });
    }
    return { histogram: this.histogram.toJSON(), expected, lost, duplicates: this.duplicates };
  }
}

interface Live {
  spec: ClientSpec;
  doc: DocClient;
  socket: Socket<ServerToClientEvents, ClientToServerEvents> | null;
  sent: number;
}

const live: Live[] = [];
const errors: string[] = [];
let disconnects = 0;
const closeCodes: Record<string, number> = {};
let clients: ClientSpec[] = [];
let docReceipts: Receipts | undefined;
let socketReceipts: Receipts | undefined;
let editsPerEditor = 0;
let editors = 0;

const send = (message: FromWorker) => process.send!(message);
const noteError = (message: string) => {
  if (errors.length < 20) errors.push(message);
};

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS).unref()),
  ]);
}

async function connectOne(spec: ClientSpec, projectId: string, withSocket: boolean): Promise<void> {
  const doc = openProjectDocument(spec.url, spec.cookie, projectId);
  const client: Live = { spec, doc, socket: null, sent: 0 };
  live.push(client);
  // Which side closed and why (a server's close code, 1006 for a cut socket; Socket.IO's reason below): the cause
  // of a disconnect under load.
  doc.provider.on('close', ({ event }: { event?: { code?: number } }) => {
    const code = String(event?.code ?? 'none');
    closeCodes[code] = (closeCodes[code] ?? 0) + 1;
  });
  await withTimeout(doc.synced, `document sync of client ${spec.index}`);
  // The browser publishes who it is on the document's awareness; so do we (the same presence traffic).
  doc.provider.setAwarenessField('user', { id: spec.userId, name: `Bench ${spec.index}`, color: '#3b82f6' });
  tasksMap(doc.doc).observeDeep((events: Y.YEvent<Y.AbstractType<unknown>>[], tr: Y.Transaction) => {
    if (tr.local) return;
    const at = nowUs();
    for (const event of events) {
      if (event.path.length !== 1 || !(event as Y.YMapEvent<unknown>).keysChanged.has('name')) continue;
      docReceipts!.record(spec, (event.target as Y.Map<unknown>).get('name'), at);
    }
  });
  let synced = true;
  doc.provider.on('disconnect', () => {
    if (synced) disconnects += 1;
    synced = false;
  });
  doc.provider.on('synced', () => (synced = true));

  if (!withSocket) return;
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(spec.url, {
    path: SOCKET_IO_PATH,
    transports: ['websocket'],
    extraHeaders: { cookie: spec.cookie },
  });
  client.socket = socket;
  await withTimeout(new Promise<void>((resolve) => socket.once('session:ready', () => resolve())), `socket of client ${spec.index}`);
  socket.on('task:updated', (payload) => {
    if (payload.fields.includes('name')) socketReceipts!.record(spec, payload.task.name, nowUs());
  });
  socket.on('disconnect', (reason) => {
    disconnects += 1;
    const key = `socket.io ${reason}`;
    closeCodes[key] = (closeCodes[key] ?? 0) + 1;
  });
}

async function connectAll(message: Extract<ToWorker, { type: 'connect' }>): Promise<void> {
  clients = message.clients;
  editors = message.editors;
  editsPerEditor = message.editsPerEditor;
  docReceipts = new Receipts(editors, editsPerEditor);
  socketReceipts = message.sockets ? new Receipts(editors, editsPerEditor) : undefined;
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < clients.length) {
        const spec = clients[next++]!;
        try {
          await connectOne(spec, message.projectId, message.sockets);
        } catch (err) {
          failures.push(err instanceof Error ? err.message : String(err));
        }
      }
    }),
  );
  send({ type: 'connected', failures, closeCodes });
}

/** Each editor renames its task every `editIntervalMs`, on a schedule that does not drift; editors are spread evenly over one interval. */
function startEditing({ startAtUs, editIntervalMs }: Extract<ToWorker, { type: 'start' }>): void {
  const intervalUs = editIntervalMs * 1000;
  const running = live.filter((c) => c.spec.editorIndex !== null && c.spec.taskId !== null);
  let finished = 0;
  const done = () => {
    finished += 1;
    if (finished === running.length) send({ type: 'sent', sent: running.map((c) => [c.spec.editorIndex!, c.sent]) });
  };
  if (!running.length) return void send({ type: 'sent', sent: [] });
  for (const client of running) {
    const editor = client.spec.editorIndex!;
    const firstUs = startAtUs + Math.floor((editor / editors) * intervalUs);
    const tick = () => {
      if (client.sent >= editsPerEditor) return done();
      const seq = client.sent;
      const doc = client.doc.doc;
      const sentUs = nowUs();
      doc.transact(() => writeTask(doc, client.spec.taskId!, { name: editName(editor, seq, sentUs) }), LOCAL_EDIT);
      client.sent += 1;
      const nextUs = firstUs + client.sent * intervalUs;
      setTimeout(tick, Math.max(0, (nextUs - nowUs()) / 1000));
    };
    setTimeout(tick, Math.max(0, (firstUs - nowUs()) / 1000));
  }
}

function collect(sent: number[]): void {
  send({
    type: 'result',
    doc: docReceipts!.stats(clients, sent),
    socket: socketReceipts ? socketReceipts.stats(clients, sent) : null,
    disconnects,
    closeCodes,
    errors,
  });
}

function closeAll(): void {
  for (const client of live) {
    try {
      client.socket?.disconnect();
      client.doc.close();
    } catch (err) {
      noteError(`close: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  setTimeout(() => process.exit(0), 200).unref();
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'connect') void connectAll(message);
  else if (message.type === 'start') startEditing(message);
  else if (message.type === 'collect') collect(message.sent);
  else if (message.type === 'close') closeAll();
});
process.on('uncaughtException', (err) => noteError(`uncaught: ${err.message}`));
process.on('unhandledRejection', (err) => noteError(`unhandled: ${err instanceof Error ? err.message : String(err)}`));
// The coordinator gone (crash, Ctrl-C): nothing left to report to.
process.on('disconnect', () => process.exit(0));
