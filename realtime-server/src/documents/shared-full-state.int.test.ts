import type { AddressInfo } from 'node:net';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { Hocuspocus, type Document } from '@hocuspocus/server';
import { EMPTY_STATE_VECTOR, encodeAuthToken, encodeSyncMessage, MessageType, readMessage, readSyncMessage, readTask, SyncStep, tasksMap, writeTask } from '@planline/document';
import * as decoding from 'lib0/decoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import * as Y from 'yjs';
import { CollabSocket } from '../collab-socket.js';
import { waitingForUpdates } from './held-back.js';
import { answerSyncRequest, askForSyncAnswer, keptFullState } from './shared-full-state.js';

const NAME = 'project:00000000-0000-4000-8000-000000000001';
let url = '';
let wss: WebSocketServer;
let served: Document | null = null;
const hocuspocus = new Hocuspocus({
  quiet: true,
  async onLoadDocument({ document }) {
    document.transact(() => {
      for (let i = 0; i < 50; i++) writeTask(document, `t${i}`, { name: `Task ${i}`, startDate: '2026-01-05', endDate: '2026-01-09' });
    });
    served = document;
  },
  async onStateless(payload) {
    answerSyncRequest(payload);
  },
});
/** Connections to this path are handed to Hocuspocus as they are: it answers every sync itself. */
const UPSTREAM = '/upstream';

beforeAll(async () => {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  wss.on('connection', (ws, req) => {
    hocuspocus.handleConnection(req.url === UPSTREAM ? ws : new CollabSocket(ws, [askForSyncAnswer]).forHocuspocus(), req, {});
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
});
afterAll(async () => {
  hocuspocus.closeConnections();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
});

function open(doc = new Y.Doc()) {
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket });
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: NAME, document: doc });
  const synced = new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  provider.attach();
  return { doc, provider, synced, close: () => (provider.destroy(), socket.destroy()) };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

describe('the whole state, encoded once per version', () => {
  it('[shared-full-state] clients that sync from nothing get the document, encoded once until it changes', async () => {
    const a = open();
    await a.synced;
    expect(tasksMap(a.doc).size).toBe(50);
    const state = keptFullState(served!);
    expect(state).toBeInstanceOf(Uint8Array);
    const b = open();
    await b.synced;
    expect(tasksMap(b.doc).toJSON()).toEqual(tasksMap(a.doc).toJSON());
    expect(keptFullState(served!)).toBe(state);

    a.doc.transact(() => writeTask(a.doc, 't7', { name: 'Renamed' }));
    await until(() => readTask(served!, 't7')?.name === 'Renamed');
    expect(keptFullState(served!)).toBeUndefined();
    const c = open();
    await c.synced;
    expect(readTask(c.doc, 't7')?.name).toBe('Renamed');
    expect(keptFullState(served!)).not.toBe(state);
    await until(() => readTask(b.doc, 't7')?.name === 'Renamed');
    for (const client of [a, b, c]) client.close();
  });

  it('[shared-full-state] every client syncing from nothing is sent the one kept message: the state is not framed again per client', async () => {
    const keeper = open();
    await keeper.synced;
    keeper.doc.transact(() => writeTask(keeper.doc, 't4', { name: 'A version of its own' }));
    await until(() => readTask(served!, 't4')?.name === 'A version of its own' && keptFullState(served!) === undefined);
    // The hook's request, as askForSyncAnswer makes it from a step 1 from nothing.
    const asked = askForSyncAnswer({ data: encodeSyncMessage(NAME, MessageType.Sync, SyncStep.Step1, EMPTY_STATE_VECTOR) });
    const payload = decoding.readVarString(decoding.createDecoder(readMessage(asked.data).body));
    const answers = () => {
      const sent: Uint8Array[] = [];
      const connection = { send: (message: Uint8Array) => void sent.push(message), close: () => undefined };
      expect(answerSyncRequest({ connection, document: served!, payload } as unknown as Parameters<typeof answerSyncRequest>[0])).toBe(true);
      return sent;
    };
    const first = answers();
    const second = answers();
    expect(first.map((m) => readSyncMessage(m)?.step)).toEqual([SyncStep.Step1, SyncStep.Step2]);
    // The same bytes, and the same buffer: a 100,000-task plan's ~42 MB are not copied for each newcomer.
    expect(second[1]).toBe(first[1]);
    expect(readSyncMessage(first[1]!)!.payload).toEqual(keptFullState(served!));
    expect(readSyncMessage(first[1]!)!.payload).toEqual(Y.encodeStateAsUpdate(served!));
    keeper.close();
  });

  it('[shared-full-state] a client that brings its own state still gets what it lacks and sends what it has', async () => {
    const other = open();
    await other.synced;
    const kept = new Y.Doc();
    Y.applyUpdate(kept, Y.encodeStateAsUpdate(served!));
    kept.transact(() => writeTask(kept, 'offline', { name: 'Made offline' }));
    other.doc.transact(() => writeTask(other.doc, 't1', { name: 'Changed meanwhile' }));
    await until(() => readTask(served!, 't1')?.name === 'Changed meanwhile');
    const back = open(kept);
    await back.synced;
    await until(() => readTask(back.doc, 't1')?.name === 'Changed meanwhile');
    await until(() => readTask(served!, 'offline')?.name === 'Made offline');
    for (const client of [other, back]) client.close();
  });

  it('[shared-full-state] a client syncing from nothing gets byte for byte what Hocuspocus itself sends', async () => {
    const other = open();
    await other.synced;
    other.doc.transact(() => writeTask(other.doc, 't2', { name: 'A new version' }));
    await until(() => readTask(served!, 't2')?.name === 'A new version' && keptFullState(served!) === undefined);
    // `other` stays: with no connection left, Hocuspocus would unload the document and load a new one.

    const upstream = await rawSyncFromNothing(UPSTREAM);
    expect(keptFullState(served!)).toBeUndefined();
    const shared = await rawSyncFromNothing('/');
    // Hocuspocus's answer to a step 1 on a connection: its own step 1, then step 2 with the whole state.
    expect(upstream.map((m) => [m.type, m.step])).toEqual([
      [MessageType.Sync, SyncStep.Step1],
      [MessageType.Sync, SyncStep.Step2],
    ]);
    expect(shared.map((m) => m.bytes)).toEqual(upstream.map((m) => m.bytes));
    // Served from the shared encoding, which it now holds.
    expect(shared[1]!.payload).toEqual(keptFullState(served!));
    other.close();
  });

  it('[shared-full-state] what the document holds back for a missing update is sent to no one, whatever they have', async () => {
    // Keeps the document loaded (Hocuspocus unloads it when its last client leaves).
    const keeper = open();
    await keeper.synced;
    // Content after a gap in its author's clock: Yjs holds it back on the server (issue 34 item 3).
    const author = new Y.Doc();
    Y.applyUpdate(author, Y.encodeStateAsUpdate(served!));
    author.transact(() => writeTask(author, 'never-sent', { name: 'Never sent' }));
    const gap = Y.encodeStateVector(author);
    author.transact(() => writeTask(author, 'planted', { name: 'Planted', description: 'x'.repeat(50_000) }));
    Y.applyUpdate(served!, Y.encodeStateAsUpdate(author, gap));
    expect(waitingForUpdates(served!)).toBe(true);

    const fresh = open();
    await fresh.synced;
    const withState = new Y.Doc();
    Y.applyUpdate(withState, Y.encodeStateAsUpdate(fresh.doc));
    withState.transact(() => writeTask(withState, 'mine', { name: 'Mine' }));
    const back = open(withState);
    await back.synced;
    // From nothing (the shared full state) and from a state of its own (the diff): neither holds anything back.
    expect([fresh, back].map((c) => !waitingForUpdates(c.doc) && Y.encodeStateAsUpdate(c.doc).length < 20_000)).toEqual([true, true]);
    expect(readTask(back.doc, 'mine')?.name).toBe('Mine');
    // The missing update integrates it: then it is an edit like any other, sent to everyone.
    Y.applyUpdate(served!, Y.encodeStateAsUpdate(author));
    await until(() => readTask(fresh.doc, 'planted')?.name === 'Planted' && readTask(back.doc, 'planted')?.name === 'Planted');
    for (const client of [keeper, fresh, back]) client.close();
  });
});

describe('sync requests', () => {
  it('[shared-full-state] a sync request whose state vector does not decode closes the document connection, not the hook', async () => {
    const keeper = open();
    let ws: WebSocket | undefined;
    try {
      await keeper.synced;
      ws = new WebSocket(url);
      const received: Uint8Array[] = [];
      ws.on('message', (data: Buffer) => received.push(new Uint8Array(data)));
      await new Promise((resolve) => ws!.once('open', resolve));
      ws.send(encodeAuthToken(NAME, 'token'));
      // Says five clients follow, and ends: Y.decodeStateVector throws on it.
      ws.send(encodeSyncMessage(NAME, MessageType.Sync, SyncStep.Step1, Uint8Array.of(5)));
      const closes = () => received.map((bytes) => readMessage(bytes)).filter((m) => m.type === MessageType.Close);
      await until(() => closes().length > 0);
      expect(decoding.readVarString(decoding.createDecoder(closes()[0]!.body))).toBe('bad sync request');
      // Nothing of the document was sent for it.
      expect(received.filter((bytes) => readSyncMessage(bytes)?.step === SyncStep.Step2)).toEqual([]);
      // The document and its other connections carry on.
      keeper.doc.transact(() => writeTask(keeper.doc, 't3', { name: 'Still served' }));
      await until(() => readTask(served!, 't3')?.name === 'Still served');
    } finally {
      ws?.close();
      keeper.close();
    }
  });

  it('[shared-full-state] a sync request is made from what the guard read of the message, without reading it again', () => {
    const someone = new Y.Doc();
    someone.transact(() => writeTask(someone, 't1', { name: 'Mine' }));
    const stateVector = Y.encodeStateVector(someone);
    const step1 = { document: NAME, type: MessageType.Sync, body: Uint8Array.of(), sync: { step: SyncStep.Step1, payload: stateVector } };
    // The bytes say nothing readable: only the reading passed on can make the request.
    const asked = askForSyncAnswer({ data: Uint8Array.of(0xff), read: step1 });
    const request = readMessage(asked.data);
    expect([request.document, request.type, asked.read]).toEqual([NAME, MessageType.Stateless, undefined]);
    const text = decoding.readVarString(decoding.createDecoder(request.body));
    expect(text.startsWith('planline:sync-request:') && text.endsWith(Buffer.from(stateVector).toString('base64'))).toBe(true);
    // A reading that says step 2 passes the message as it is, whatever its bytes.
    const step2 = { data: encodeSyncMessage(NAME, MessageType.Sync, SyncStep.Step1, stateVector), read: { ...step1, sync: { step: SyncStep.Step2, payload: stateVector } } };
    expect(askForSyncAnswer(step2)).toBe(step2);
  });
});

/** A raw client (auth, then a step 1 from nothing at once, as the provider sends them): the sync messages it is sent. */
async function rawSyncFromNothing(path: string) {
  const ws = new WebSocket(url + path);
  const received: Uint8Array[] = [];
  ws.on('message', (data: Buffer) => received.push(new Uint8Array(data)));
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(encodeAuthToken(NAME, 'token'));
  ws.send(encodeSyncMessage(NAME, MessageType.Sync, SyncStep.Step1, EMPTY_STATE_VECTOR));
  const syncs = () => received.flatMap((bytes) => {
    const sync = readSyncMessage(bytes);
    return sync ? [{ ...sync, bytes }] : [];
  });
  await until(() => syncs().length >= 2);
  await new Promise((r) => setTimeout(r, 50));
  ws.close();
  return syncs();
}
