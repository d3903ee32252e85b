import { AuthMessageType } from '@hocuspocus/common';
import { HocuspocusProvider, HocuspocusProviderWebsocket, MessageType as ProviderMessageType } from '@hocuspocus/provider';
import { Document, OutgoingMessage, MessageType as ServerMessageType } from '@hocuspocus/server';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import { Awareness, encodeAwarenessUpdate as yEncodeAwarenessUpdate } from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { readTask, writeTask } from './task-document.js';
import {
  AuthMessage,
  EMPTY_STATE_VECTOR,
  encodeAuthToken,
  encodeAwarenessBody,
  encodeAwarenessUpdate,
  encodeMessage,
  encodeStatelessMessage,
  encodeSyncMessage,
  isEmptyStateVector,
  MessageType,
  readAuthBody,
  readAwarenessBody,
  readMessage,
  readSyncBody,
  readSyncMessage,
  SyncStep,
  WireReader,
} from './wire.js';

const NAME = 'project:00000000-0000-4000-8000-000000000001';

function serverDocument(): Document {
  const doc = new Document(NAME);
  doc.transact(() => {
    for (let i = 0; i < 5; i++) writeTask(doc, `t${i}`, { name: `Task ${i}`, startDate: '2026-01-05', endDate: '2026-01-09' });
  });
  return doc;
}

describe('[wire] the constants are the ones Hocuspocus and y-protocols use', () => {
  it('[wire] message types, sync steps and auth answers', () => {
    for (const [name, value] of Object.entries(MessageType)) {
      const server = name === 'Close' ? ServerMessageType.CLOSE : ServerMessageType[name as keyof typeof ServerMessageType];
      expect(server, name).toBe(value);
      const provider = ProviderMessageType[(name === 'Close' ? 'CLOSE' : name) as keyof typeof ProviderMessageType];
      // The provider names only the types it sends or reads itself.
      if (provider !== undefined) expect(provider, name).toBe(value);
    }
    expect(SyncStep).toEqual({ Step1: syncProtocol.messageYjsSyncStep1, Step2: syncProtocol.messageYjsSyncStep2, Update: syncProtocol.messageYjsUpdate });
    expect(AuthMessage).toEqual({ Token: AuthMessageType.Token, PermissionDenied: AuthMessageType.PermissionDenied, Authenticated: AuthMessageType.Authenticated });
    expect(isEmptyStateVector(Y.encodeStateVector(new Y.Doc()))).toBe(true);
    expect(EMPTY_STATE_VECTOR).toEqual(Y.encodeStateVector(new Y.Doc()));
  });
});

describe('[wire] messages are byte for byte what @hocuspocus/server writes', () => {
  it('[wire] sync step 1 and 2, updates, stateless, auth answers and awareness', () => {
    const doc = serverDocument();
    const stateVector = Y.encodeStateVector(doc);
    expect(encodeSyncMessage(NAME, MessageType.Sync, SyncStep.Step1, stateVector)).toEqual(new OutgoingMessage(NAME).createSyncMessage().writeFirstSyncStepFor(doc).toUint8Array());
    expect(encodeSyncMessage(NAME, MessageType.SyncReply, SyncStep.Step1, stateVector)).toEqual(new OutgoingMessage(NAME).createSyncReplyMessage().writeFirstSyncStepFor(doc).toUint8Array());
    const update = Y.encodeStateAsUpdate(doc);
    expect(encodeSyncMessage(NAME, MessageType.Sync, SyncStep.Update, update)).toEqual(new OutgoingMessage(NAME).createSyncMessage().writeUpdate(update).toUint8Array());
    // The answer to a step 1 (MessageReceiver writes the type, then y-protocols the step and the update).
    const encoder = encoding.createEncoder();
    encoding.writeVarString(encoder, NAME);
    encoding.writeVarUint(encoder, MessageType.Sync);
    syncProtocol.writeSyncStep2(encoder, doc, EMPTY_STATE_VECTOR);
    expect(encodeSyncMessage(NAME, MessageType.Sync, SyncStep.Step2, Y.encodeStateAsUpdate(doc, EMPTY_STATE_VECTOR))).toEqual(encoding.toUint8Array(encoder));
    expect(encodeStatelessMessage(NAME, 'hello ✓')).toEqual(new OutgoingMessage(NAME).writeStateless('hello ✓').toUint8Array());

    const authenticated = readMessage(new OutgoingMessage(NAME).writeAuthenticated(true).toUint8Array());
    expect(authenticated).toMatchObject({ document: NAME, type: MessageType.Auth });
    expect(readAuthBody(authenticated.body)).toEqual({ answer: AuthMessage.Authenticated, text: 'readonly' });
    const denied = readMessage(new OutgoingMessage(NAME).writePermissionDenied('forbidden').toUint8Array());
    expect(readAuthBody(denied.body)).toEqual({ answer: AuthMessage.PermissionDenied, text: 'forbidden' });

    doc.awareness.setLocalState({ user: { name: 'Ada' } });
    const awareness = readMessage(new OutgoingMessage(NAME).createAwarenessUpdateMessage(doc.awareness).toUint8Array());
    expect(awareness.type).toBe(MessageType.Awareness);
    const entries = readAwarenessBody(awareness.body);
    expect(entries).toEqual([{ clientId: doc.clientID, clock: doc.awareness.meta.get(doc.clientID)!.clock, json: JSON.stringify({ user: { name: 'Ada' } }) }]);
    expect(encodeMessage(NAME, MessageType.Awareness, encodeAwarenessBody(entries))).toEqual(new OutgoingMessage(NAME).createAwarenessUpdateMessage(doc.awareness).toUint8Array());
    expect(encodeAwarenessUpdate(entries)).toEqual(yEncodeAwarenessUpdate(doc.awareness, [doc.clientID]));
    doc.destroy();
  });

  it('[wire] y-protocols reads our sync bodies: a step 1 is answered, an update applied', () => {
    const server = serverDocument();
    const { body } = readMessage(encodeSyncMessage(NAME, MessageType.Sync, SyncStep.Step1, EMPTY_STATE_VECTOR));
    const answer = encoding.createEncoder();
    expect(syncProtocol.readSyncMessage(decoding.createDecoder(body), answer, server, null)).toBe(syncProtocol.messageYjsSyncStep1);
    const client = new Y.Doc();
    const stepTwo = readSyncBody(encoding.toUint8Array(answer));
    expect(stepTwo.step).toBe(SyncStep.Step2);
    Y.applyUpdate(client, stepTwo.payload);
    expect(readTask(client, 't3')?.name).toBe('Task 3');

    const change = new Y.Doc();
    Y.applyUpdate(change, Y.encodeStateAsUpdate(client));
    let update: Uint8Array = new Uint8Array();
    change.once('update', (u: Uint8Array) => (update = u));
    change.transact(() => writeTask(change, 't3', { name: 'Renamed' }));
    const updateBody = readMessage(encodeSyncMessage(NAME, MessageType.Sync, SyncStep.Update, update)).body;
    syncProtocol.readSyncMessage(decoding.createDecoder(updateBody), encoding.createEncoder(), server, null);
    expect(readTask(server, 't3')?.name).toBe('Renamed');
    server.destroy();
  });
});

/** A WebSocket the provider opens (its WebSocketPolyfill option): it records what is sent, and delivers what we say. */
class FakeSocket extends EventTarget {
  static last: FakeSocket | null = null;
  readyState = 0;
  binaryType = 'arraybuffer';
  identifier = 0;
  readonly sent: Uint8Array[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.last = this;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  deliver(message: Uint8Array) {
    this.dispatchEvent(Object.assign(new Event('message'), { data: message.slice().buffer }));
  }
  send(data: Uint8Array) {
    this.sent.push(new Uint8Array(data));
  }
  close() {
    this.readyState = 3;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('[wire] what @hocuspocus/provider sends and takes', () => {
  it('[wire] auth, the sync both ways, a live update and awareness, read and written with this module', async () => {
    const websocket = new HocuspocusProviderWebsocket({ url: 'ws://fake', WebSocketPolyfill: FakeSocket });
    const doc = new Y.Doc();
    const provider = new HocuspocusProvider({ websocketProvider: websocket, name: NAME, document: doc, token: 'cookie' });
    let synced = false;
    provider.on('synced', () => (synced = true));
    provider.attach();
    await settle();
    const socket = FakeSocket.last!;
    socket.open();
    await settle();

    const [auth, stepOne] = socket.sent.map((m) => readMessage(m));
    expect(auth).toMatchObject({ document: NAME, type: MessageType.Auth });
    expect(readAuthBody(auth!.body)).toEqual({ answer: AuthMessage.Token, text: 'cookie' });
    expect(socket.sent[0]).toEqual(encodeAuthToken(NAME, 'cookie'));
    const request = readSyncMessage(socket.sent[1]!);
    expect(stepOne!.type).toBe(MessageType.Sync);
    expect(request).toMatchObject({ document: NAME, type: MessageType.Sync, step: SyncStep.Step1 });
    expect(isEmptyStateVector(request!.payload)).toBe(true);

    // The server's answers, as this module writes them: authenticated, its own step 1, then step 2.
    const server = serverDocument();
    const authEncoder = encoding.createEncoder();
    encoding.writeVarUint(authEncoder, AuthMessage.Authenticated);
    encoding.writeVarString(authEncoder, 'read-write');
    socket.deliver(encodeMessage(NAME, MessageType.Auth, encoding.toUint8Array(authEncoder)));
    socket.deliver(encodeSyncMessage(NAME, MessageType.Sync, SyncStep.Step1, Y.encodeStateVector(server)));
    socket.deliver(encodeSyncMessage(NAME, MessageType.Sync, SyncStep.Step2, Y.encodeStateAsUpdate(server, request!.payload)));
    await settle();
    expect(provider.isAuthenticated).toBe(true);
    expect(synced).toBe(true);
    expect(readTask(doc, 't4')?.name).toBe('Task 4');
    // Its answer to our step 1: a step 2 with what the server lacks (nothing).
    const answer = socket.sent.slice(2).map((m) => readSyncMessage(m)).find((m) => m?.step === SyncStep.Step2);
    expect(answer).toMatchObject({ document: NAME, type: MessageType.Sync });

    socket.sent.length = 0;
    doc.transact(() => writeTask(doc, 't1', { name: 'Edited' }));
    provider.setAwarenessField('user', { name: 'Ada' });
    await settle();
    const update = socket.sent.map((m) => readSyncMessage(m)).find((m) => m?.step === SyncStep.Update);
    Y.applyUpdate(server, update!.payload);
    expect(readTask(server, 't1')?.name).toBe('Edited');
    const presence = socket.sent.map((m) => readMessage(m)).find((m) => m.type === MessageType.Awareness);
    expect(readAwarenessBody(presence!.body).map((e) => JSON.parse(e.json) as unknown)).toEqual([{ user: { name: 'Ada' } }]);

    // A live update and a teammate's presence from the server reach the provider's document and awareness.
    const teammate = new Awareness(new Y.Doc());
    teammate.setLocalState({ user: { name: 'Grace' } });
    socket.deliver(encodeMessage(NAME, MessageType.Awareness, encodeAwarenessBody([{ clientId: teammate.clientID, clock: 1, json: JSON.stringify({ user: { name: 'Grace' } }) }])));
    let live: Uint8Array = new Uint8Array();
    server.once('update', (u: Uint8Array) => (live = u));
    server.transact(() => writeTask(server, 't2', { name: 'From a teammate' }));
    socket.deliver(encodeSyncMessage(NAME, MessageType.Sync, SyncStep.Update, live));
    await settle();
    expect(readTask(doc, 't2')?.name).toBe('From a teammate');
    expect(provider.awareness!.getStates().get(teammate.clientID)).toEqual({ user: { name: 'Grace' } });
    provider.destroy();
    websocket.destroy();
    server.destroy();
  });
});

describe('[wire] the reader refuses what does not read', () => {
  it('[wire] truncated numbers, lengths past the end, text that is not UTF-8', () => {
    const message = encodeSyncMessage(NAME, MessageType.Sync, SyncStep.Update, Uint8Array.of(1, 2, 3));
    expect(readSyncMessage(message)).toMatchObject({ document: NAME, step: SyncStep.Update, payload: Uint8Array.of(1, 2, 3) });
    expect(readSyncMessage(message.subarray(0, message.length - 1))).toBeNull();
    // A view of a bigger buffer: a length past the view's end is refused, not read from the neighbouring bytes.
    const pooled = new Uint8Array(message.length + 16);
    pooled.set(message);
    const view = pooled.subarray(0, message.length - 2);
    expect(() => readSyncBody(readMessage(view).body)).toThrow(RangeError);
    expect(() => new WireReader(Uint8Array.of(0x80, 0x80)).uint()).toThrow(RangeError);
    expect(() => new WireReader(Uint8Array.of(0x80, 0x80, 0x80, 0x80, 0x80, 0x01)).uint()).toThrow(RangeError);
    expect(() => new WireReader(Uint8Array.of(2, 0xc3, 0x28)).string()).toThrow();
    expect(readSyncMessage(encodeMessage(NAME, MessageType.Awareness, Uint8Array.of(0)))).toBeNull();
    // A leading byte order mark is kept, as lib0 (and so Hocuspocus) keeps it.
    const bom = '\uFEFFproject:x';
    expect(readMessage(encodeMessage(bom, MessageType.Sync, new Uint8Array())).document).toBe(bom);
  });
});
