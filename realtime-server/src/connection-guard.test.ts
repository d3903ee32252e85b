import { CloseCode, MAX_DOCUMENT_UPDATE_BYTES, MAX_PRESENCE_CLIENTS_PER_CONNECTION, MAX_PRESENCE_STATE_BYTES, MAX_TASKS_PER_UPDATE } from '@planline/domain';
import { encodeAwarenessBody, encodeMessage, encodeSyncMessage, MessageType, readAwarenessBody, SyncStep } from '@planline/document';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';
import { AWARENESS_BURST, AWARENESS_MESSAGES_PER_SECOND, bindPresence, documentOpened, documentRefused, guardConnection, inspectMessage, TokenBucket } from './connection-guard.js';
import { WriteBudgets } from './write-budgets.js';

describe('connection guard', () => {
  it('[awareness-rate-limit] the bucket gives its burst, then its rate, and refills with time', () => {
    let now = 0;
    const bucket = new TokenBucket(AWARENESS_MESSAGES_PER_SECOND, AWARENESS_BURST, () => now);
    for (let i = 0; i < AWARENESS_BURST; i++) expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    now += 1000;
    for (let i = 0; i < AWARENESS_MESSAGES_PER_SECOND; i++) expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    now += 60_000;
    for (let i = 0; i < AWARENESS_BURST; i++) expect(bucket.take()).toBe(true);
  });

  it('[realtime-limits] reads document and type; a Yjs payload must decode', () => {
    const doc = new Y.Doc();
    doc.getMap('tasks').set('a', 1);
    const update = Y.encodeStateAsUpdate(doc);
    expect(inspectMessage(encodeMessage('project:x', MessageType.Awareness, Uint8Array.of(0)))).toMatchObject({ ok: true, document: 'project:x', type: 1 });
    expect(inspectMessage(encodeSyncMessage('p', MessageType.Sync, SyncStep.Update, update))).toMatchObject({ ok: true, type: 0 });
    expect(inspectMessage(encodeMessage('p', MessageType.Sync, Uint8Array.of(SyncStep.Update, 4, 0xff, 0xff, 0xff, 0xff)))).toEqual({ ok: false, reason: 'malformed message' });
    expect(inspectMessage(encodeMessage('p', MessageType.Sync, Uint8Array.of(SyncStep.Step1, 9, 1)))).toEqual({ ok: false, reason: 'malformed message' });
    expect(inspectMessage(Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]))).toEqual({ ok: false, reason: 'malformed message' });
    expect(inspectMessage(new Uint8Array())).toEqual({ ok: false, reason: 'malformed message' });
  });
});

const awarenessBody = (entries: [number, number, unknown][]) =>
  encodeAwarenessBody(entries.map(([clientId, clock, state]) => ({ clientId, clock, json: typeof state === 'string' ? state : JSON.stringify(state) })));
const readBody = (body: Uint8Array) => readAwarenessBody(body).map(({ clientId, clock, json }) => ({ clientId, clock, state: JSON.parse(json) as unknown }));

describe('presence binding', () => {
  const me = { userId: '5b7c3c1e-9f0d-4a57-8a3e-0d8b9a1f2c44', name: 'Gina Guest' };
  const owner = { id: '0f0e0d0c-0b0a-4908-8706-050403020100', name: 'Olga Owner', color: '#2563eb' };
  const taskId = '11111111-2222-4333-8444-555555555555';

  it('[presence-bound] a state claiming someone else shows the signed-in person; a bad preview is dropped', () => {
    const body = awarenessBody([[7, 1, { user: owner, activity: { taskId, kind: 'progress', preview: { progress: 1e9 } }, junk: 'x'.repeat(100) }]]);
    const [entry] = readBody(bindPresence(body, me, new Set())!);
    expect(entry).toEqual({ clientId: 7, clock: 1, state: { user: { id: me.userId, name: 'Gina Guest', color: '#2563eb' }, activity: null } });
  });

  it('[presence-bound] a valid activity is relayed as it was; removals pass', () => {
    const activity = { taskId, kind: 'dragging', preview: { startDate: '2026-11-24', endDate: '2026-11-26' } };
    const out = readBody(bindPresence(awarenessBody([[7, 2, { user: owner, activity }], [9, 4, null]]), me, new Set())!);
    expect(out).toEqual([
      { clientId: 7, clock: 2, state: { user: { id: me.userId, name: 'Gina Guest', color: '#2563eb' }, activity } },
      { clientId: 9, clock: 4, state: null },
    ]);
  });

  it('[grid-cell-presence] the grid cell being typed in is relayed; a cell that is not a column drops the activity', () => {
    const activity = { taskId, kind: 'editing', cell: 'duration' };
    const [typing] = readBody(bindPresence(awarenessBody([[7, 5, { user: owner, activity }]]), me, new Set())!);
    expect(typing!.state).toEqual({ user: { id: me.userId, name: 'Gina Guest', color: '#2563eb' }, activity });
    const [bad] = readBody(bindPresence(awarenessBody([[7, 6, { user: owner, activity: { ...activity, cell: 'salary' } }]]), me, new Set())!);
    expect(bad!.state).toEqual({ user: { id: me.userId, name: 'Gina Guest', color: '#2563eb' }, activity: null });
  });

  it('[workload-preview] the workload previews hear each state’s parsed activity, and the removal of its own', () => {
    const heard: unknown[] = [];
    const owned = new Set<number>();
    const activity = { taskId, kind: 'dragging', preview: { startDate: '2026-11-24', endDate: '2026-11-26' } };
    bindPresence(awarenessBody([[7, 1, { user: owner, activity }]]), me, owned, (a) => heard.push(a));
    bindPresence(awarenessBody([[7, 2, { user: owner, activity: { ...activity, preview: { startDate: 'soon' } } }]]), me, owned, (a) => heard.push(a));
    // A removal of a state another connection owns is no activity of this one.
    bindPresence(awarenessBody([[9, 1, null], [7, 3, null]]), me, owned, (a) => heard.push(a));
    expect(heard).toEqual([activity, null, null]);
  });

  it('[presence-link] a link being drawn is relayed as it was, bound to the signed-in person; a bad one is dropped', () => {
    const activity = { taskId, kind: 'linking', link: { side: 'end', targetTaskId: null, days: 3.5, rows: 2 } };
    const [drawing] = readBody(bindPresence(awarenessBody([[7, 3, { user: owner, activity }]]), me, new Set())!);
    expect(drawing!.state).toEqual({ user: { id: me.userId, name: 'Gina Guest', color: '#2563eb' }, activity });
    const bad = { ...activity, link: { ...activity.link, targetTaskId: '../tasks' } };
    const [dropped] = readBody(bindPresence(awarenessBody([[7, 4, { user: owner, activity: bad }]]), me, new Set())!);
    expect(dropped!.state).toEqual({ user: { id: me.userId, name: 'Gina Guest', color: '#2563eb' }, activity: null });
  });

  it('[presence-size] a state over the limit is refused; one connection keeps a few client ids', () => {
    expect(bindPresence(awarenessBody([[7, 1, { user: owner, pad: 'x'.repeat(MAX_PRESENCE_STATE_BYTES) }]]), me, new Set())).toBeNull();
    const owned = new Set<number>();
    const many = Array.from({ length: 20 }, (_, i) => [100 + i, 1, { user: owner }] as [number, number, unknown]);
    expect(readBody(bindPresence(awarenessBody(many), me, owned)!)).toHaveLength(MAX_PRESENCE_CLIENTS_PER_CONNECTION);
  });
});

describe('update limits', () => {
  const syncUpdate = (update: Uint8Array) => encodeSyncMessage('project:x', MessageType.Sync, SyncStep.Update, update);

  it('[update-limits] an update adding more tasks than one may is refused; the limit itself passes', () => {
    const tasksAdded = (n: number) => {
      const doc = new Y.Doc();
      doc.transact(() => {
        for (let i = 0; i < n; i++) doc.getMap('tasks').set(`t${i}`, new Y.Map());
      });
      return Y.encodeStateAsUpdate(doc);
    };
    expect(inspectMessage(syncUpdate(tasksAdded(MAX_TASKS_PER_UPDATE)))).toMatchObject({ ok: true });
    expect(inspectMessage(syncUpdate(tasksAdded(MAX_TASKS_PER_UPDATE + 1)))).toEqual({ ok: false, reason: 'update adds too many tasks', code: CloseCode.UpdateTooLarge });
  });

  it('[update-limits] an update over the byte limit is refused', () => {
    const doc = new Y.Doc();
    doc.getMap('tasks').set('x', 'y'.repeat(MAX_DOCUMENT_UPDATE_BYTES));
    expect(inspectMessage(syncUpdate(Y.encodeStateAsUpdate(doc)))).toEqual({ ok: false, reason: 'update too large', code: CloseCode.UpdateTooLarge });
  });
});

describe('[workload-preview] which documents feed the workload previews', () => {
  const me = { userId: '5b7c3c1e-9f0d-4a57-8a3e-0d8b9a1f2c44', name: 'Gina Guest' };
  const document = 'project:0f0e0d0c-0b0a-4908-8706-050403020100';
  const taskId = '11111111-2222-4333-8444-555555555555';
  const dragging = { taskId, kind: 'dragging', preview: { startDate: '2026-11-24', endDate: '2026-11-26' } };
  const quiet = { info() {}, warn() {}, error() {} } as never;

  function connect() {
    const ws = Object.assign(new EventEmitter(), { bufferedAmount: 0, close() {}, pause() {}, terminate() {} });
    const request = {} as IncomingMessage;
    const heard: [string, unknown][] = [];
    const feed = { activity: (doc: string, activity: unknown) => void heard.push([doc, activity]), close() {} };
    const admit = guardConnection(ws as unknown as WebSocket, request, quiet, me, new WriteBudgets(), feed);
    const send = (type: number, body: Uint8Array) => admit({ data: encodeMessage(document, type, body) });
    const drag = (clock: number) => send(MessageType.Awareness, awarenessBody([[7, clock, { user: me, activity: dragging }]]));
    return { ws, request, heard, send, drag };
  }

  it('a state for a document that is not open on the connection is no drag: sent after Auth, or refused', () => {
    const { request, heard, send, drag } = connect();
    drag(1);
    send(MessageType.Auth, Uint8Array.of(0));
    // The client sent Auth; the server has not opened the document (or never will).
    expect(drag(2)).not.toBeNull();
    documentRefused(request, document);
    drag(3);
    expect(heard.filter(([, a]) => a !== null)).toEqual([]);
  });

  it('an open document feeds them; once it is closed (access lost) or refused, its drag ends and no more is heard', () => {
    const { request, heard, send, drag } = connect();
    send(MessageType.Auth, Uint8Array.of(0));
    let close: () => void = () => {};
    documentOpened(request, document, (closed) => (close = closed));
    drag(1);
    expect(heard).toEqual([[document, dragging]]);
    close();
    expect(heard.at(-1)).toEqual([document, null]);
    drag(2);
    expect(heard).toHaveLength(2);

    const again = connect();
    again.send(MessageType.Auth, Uint8Array.of(0));
    documentOpened(again.request, document, () => {});
    again.drag(1);
    documentRefused(again.request, document);
    again.drag(2);
    expect(again.heard).toEqual([[document, dragging], [document, null]]);
  });
});
