/**
 * [document-host] A project's live document: the Yjs document, its socket (Hocuspocus provider), this device's copy,
 * undo, presence and the chart's tasks store over it. It runs in a worker on a page (worker-connection.ts drives it
 * from the page), or in the page's own thread where there is no worker.
 */
import { HandshakeError, projectDocumentName, sendOnlyOwnAwareness, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@planline/domain';
import { HocuspocusProvider, type CompleteHocuspocusProviderWebsocketConfiguration } from '@hocuspocus/provider';
import { addDependency, applyCascade, dependenciesMap, documentCascade, fieldValue, readTask, removeDependency, tasksMap, writeTask, type DocTask } from '@planline/document';
import * as Y from 'yjs';
import { createStore } from 'zustand/vanilla';
import { CrossedDropWatch, type CrossedDrop, type DropFields } from '../model/crossed-drops';
import { restoreChanges } from '../model/past-moves';
import { readPresence, type PresenceSnapshot, type PresenceUser } from '../model/presence';
import { createTasksStore, setCollapsed, type PlainDocument } from '../model/tasks-store';
import { deviceDocumentsAvailable } from '../../../lib/device-documents';
import { openDeviceCopy } from './device-copy';
import { fetchServerSnapshot } from './server-snapshot';
import { messagesThrough, SLICE_FROM_BYTES, SLICE_FROM_TASKS, SLICE_ORIGIN, sliceBigSyncs } from './sliced-sync';
import { writeEditWithCascade, writeTasksWithCascade } from './tasks-edit';

/**
 * The origin of this browser's own edits of the document. The undo manager tracks it alone, so undo never takes
 * back a teammate's edit (theirs arrive with the provider as origin) or a server repair.
 */
export const LOCAL_ORIGIN = { source: 'planline-timeline' } as const;

import type { ConnectionState, ProjectConnection } from './connection-types';
import type { HostOptions } from './document-protocol';
import { collabUrl, HOLDING_KINDS } from './connection-constants';
import { withSyncLimits } from './limited-socket';
import { openSession, pictureFirst, sessionStep, type SessionEffect, type SessionEvent } from './session';

const DROP_FIELDS = ['startDate', 'endDate', 'progress'] as const;


export function openConnection(projectId: string, userId: string, options: HostOptions = {}): { connection: ProjectConnection; destroy: () => void } {
  const doc = new Y.Doc();
  const tasks = createTasksStore(doc);
  let closed = false;
  // A return visit paints the kept snapshot first (~30 ms to read at 10,000 tasks, where merging the kept
  // document takes ~0.6 s), unless the server has already answered.
  let storedSnapshot: PlainDocument | null = null;
  const copy = openDeviceCopy(
    doc,
    userId,
    projectId,
    (stored) => {
      storedSnapshot = stored.synced ? stored.snapshot : null;
      dispatch({ on: 'stored', snapshot: storedSnapshot !== null, readOnly: stored.readOnly });
      storedSnapshot = null;
    },
    options.deviceKnown,
  );
  // Every decision on what the chart shows is the session's (session.ts); this host reports what happens and
  // carries out the effects it is given.
  const opened = openSession(copy?.known ?? false, deviceDocumentsAvailable());
  let session = opened.session;
  const state = createStore<ConnectionState>(() => session.shown);
  // A first visit on this device: the server's task list paints the chart while the document comes.
  let serverSnapshot: PlainDocument | null = null;
  const snapshotRead = new AbortController();
  let retry: ReturnType<typeof setTimeout> | undefined;
  const dispatch = (event: SessionEvent) => {
    if (closed) return;
    const step = sessionStep(session, event);
    session = step.session;
    if (step.session.shown !== state.getState()) state.setState(step.session.shown, true);
    for (const effect of step.effects) carryOut(effect);
  };
  const carryOut = (effect: SessionEffect) => {
    switch (effect) {
      case 'ask-server-list':
        // Asked once this device is known to keep no snapshot of the project: a return visit paints from its own,
        // and reading the task list too cost it ~0.2 s of the main thread at 10,000 tasks (~1 s at 100,000).
        return void fetchServerSnapshot(projectId, snapshotRead.signal).then((plain) => {
          serverSnapshot = plain;
          dispatch({ on: 'server-list', found: plain !== null });
        });
      case 'expect-big-sync':
        // A big project's sync is cut into slices in a worker: started as soon as its task list says it is big.
        if (serverSnapshot && Object.keys(serverSnapshot.tasks).length >= SLICE_FROM_TASKS) slicing.expectBig();
        return;
      case 'paint-kept':
        if (storedSnapshot) tasks.seed(storedSnapshot);
        return;
      case 'paint-server-list':
        if (serverSnapshot) tasks.seed(serverSnapshot);
        serverSnapshot = null;
        return;
      case 'reconcile-copy':
        return void tasks.reconcile().then(() => dispatch({ on: 'copy-read' }));
      case 'reconcile-sync':
        // Editable once the chart shows the document (a big one is read a slot at a time), online if still so.
        return void tasks.reconcile().then(() => dispatch({ on: 'sync-read', online: provider.synced }));
      case 'stream-edits':
        doc.off('afterTransaction', noteEarlyEdit);
        return doc.on('update', sendUpdate);
      case 'resync':
        return provider.forceSync();
      case 'remember-sync':
        return copy?.rememberSync(state.getState().readOnly);
      case 'forget-copy':
        return void copy?.forget();
      case 'disconnect':
        return provider.disconnect();
      case 'retry-later':
        // The server could not check access (its database is away): not a refusal. Try again in a while.
        clearTimeout(retry);
        retry = setTimeout(() => void provider.connect(), UNAVAILABLE_RETRY_AFTER_SECONDS * 1000);
        return;
    }
  };
  const presence = createStore<PresenceSnapshot>(() => ({ viewers: [], activities: new Map(), linkDrafts: [] }));
  const undoManager = new Y.UndoManager([tasksMap(doc), dependenciesMap(doc)], {
    trackedOrigins: new Set([LOCAL_ORIGIN]),
    // Every drop or key press is its own step: two quick drags are undone one at a time.
    captureTimeout: 0,
  });
  // The provider hands its socket options to the socket it makes (HocuspocusProviderWebsocket). Edits bigger than
  // one message may be (offline ones, a cascade over thousands of tasks) go as several.
  // A big first sync is taken in slices on its way from the socket to the provider (sliced-sync.ts).
  const socketOptions: Partial<CompleteHocuspocusProviderWebsocketConfiguration> = {
    WebSocketPolyfill: messagesThrough(withSyncLimits((options.socketClass as typeof WebSocket | undefined) ?? WebSocket), (event, deliver) =>
      slicing.take(event, deliver),
    ),
  };
  const provider = new HocuspocusProvider({
    url: options.collabUrl ?? collabUrl(),
    name: projectDocumentName(projectId),
    document: doc,
    ...socketOptions,
  });
  // Until the first sync the provider need not hear the document's updates: they are the server's whole
  // document, which it would re-encode (~0.3 s for 10,000 tasks) only to ignore as its own, and this device's
  // copy being merged in. Edits made before then (on a return visit) are not lost: the server asks for what it
  // lacks right after its own part of the sync (its SyncStep1), and the provider answers from the document.
  // A change inside the provider, under the pin rule (README, "What it uses of other packages"; provider-pin.test.ts).
  doc.off('update', provider.boundDocumentUpdateHandler);
  // After it, only edits made here go out as they happen: the copy's merge is the sync's business, and as one
  // update it could be the whole document, over the server's limit for a message.
  const sendUpdate = (update: Uint8Array, origin: unknown) => {
    if (!copy?.isMerge(origin)) provider.boundDocumentUpdateHandler(update, origin);
  };
  sendOnlyOwnAwareness(provider);
  // A big first sync (a first visit to a project of thousands of tasks) is applied a few milliseconds a frame; the
  // chart keeps showing the snapshot and reads the document once, at 'synced'. While a snapshot is on screen or on
  // its way, a small one is too: the snapshot paints first (~0.1 s sooner at 1,000 tasks), not after the merge.
  const slicingHooks = {
    onStart: () => {
      tasks.hold();
      copy?.pause(SLICE_ORIGIN);
    },
    onApplied: (update: Uint8Array) => copy?.resume(update),
  };
  const slicing = sliceBigSyncs(doc, slicingHooks, () => (pictureFirst(session) ? 0 : SLICE_FROM_BYTES), options.sliceSyncs === false);
  provider.on('synced', slicing.synced);
  // Edits made here after the server asked what it lacks (its sync step 1) and before its state is all in (a kept
  // copy is editable meanwhile) are in no message yet: the sync is done again once, so they go out.
  // (afterTransaction, not 'update': a listener of 'update' makes Yjs encode every transaction, the slices too.)
  const noteEarlyEdit = (tr: Y.Transaction) => {
    if ((tr.origin === LOCAL_ORIGIN || tr.origin === undoManager) && tr.changed.size > 0) dispatch({ on: 'edited' });
  };
  doc.on('afterTransaction', noteEarlyEdit);

  const ownUserId = () => {
    const user: unknown = provider.awareness?.getLocalState()?.user;
    return user && typeof user === 'object' && typeof (user as PresenceUser).id === 'string' ? (user as PresenceUser).id : null;
  };
  const crossedDrops = createStore<CrossedDrop | null>(() => null);
  const drops = new CrossedDropWatch(ownUserId);
  const refreshPresence = () => {
    const awareness = provider.awareness;
    if (!awareness) return;
    const next = readPresence(awareness.getStates(), { clientId: doc.clientID, userId: ownUserId() }, presence.getState());
    for (const [taskId, activity] of next.activities) if (HOLDING_KINDS.has(activity.kind)) drops.held(taskId, activity.user);
    if (next !== presence.getState()) presence.setState(next, true);
  };
  // A teammate's change (not ours, not our undo) landing on a bar we just dropped may have crossed our drop.
  const onTasks = (events: Y.YEvent<Y.AbstractType<unknown>>[], tr: Y.Transaction) => {
    if (tr.origin === LOCAL_ORIGIN || tr.origin === undoManager) return;
    for (const event of events) {
      const taskId = event.target === tasksMap(doc) ? null : event.path[0];
      if (typeof taskId !== 'string') continue;
      const crossed = drops.remoteChange(taskId, (field) => fieldValue(field, tasksMap(doc).get(taskId)?.get(field)));
      if (crossed) crossedDrops.setState(crossed, true);
    }
  };
  tasksMap(doc).observeDeep(onTasks);
  const refreshUndo = () => dispatch({ on: 'undo-stack', canUndo: undoManager.canUndo(), canRedo: undoManager.canRedo() });

  provider.on('synced', () => dispatch({ on: 'synced' }));
  provider.on('authenticated', ({ scope }: { scope: string }) => dispatch({ on: 'authenticated', readOnly: scope === 'readonly' }));
  // The kept document is in: the chart shows it, editable as the server last allowed, until the sync.
  void copy?.loaded.then((synced) => dispatch({ on: 'copy-loaded', synced }));
  provider.on('authenticationFailed', ({ reason }: { reason: string }) => dispatch({ on: 'refused', unavailable: reason === HandshakeError.Unavailable }));
  provider.on('status', ({ status }: { status: string }) => {
    if (status === 'connected') dispatch({ on: 'socket-open' });
    if (status === 'disconnected') dispatch({ on: 'socket-down' });
  });
  provider.on('close', ({ event }: { event?: { code?: number } }) => dispatch({ on: 'socket-closed', code: event?.code }));
  provider.awareness?.on('change', refreshPresence);
  undoManager.on('stack-item-added', refreshUndo);
  undoManager.on('stack-item-popped', refreshUndo);
  undoManager.on('stack-cleared', refreshUndo);

  const writeTasks = (changes: ReadonlyMap<string, DocTask>, reasons?: ReadonlyMap<string, string>) => writeTasksWithCascade(doc, changes, LOCAL_ORIGIN, reasons);

  const connection: ProjectConnection = {
    projectId,
    userId,
    tasks: tasks.store,
    presence,
    state,
    setUser(input) {
      // The protocol caps names at 200 characters (presenceStateSchema); teammates drop longer states.
      const user = { ...input, name: input.name.slice(0, 200) };
      const current = provider.awareness?.getLocalState()?.user as PresenceUser | undefined;
      if (current && current.id === user.id && current.name === user.name && current.color === user.color) return;
      provider.setAwarenessField('user', user);
      refreshPresence();
    },
    setActivity(activity) {
      provider.setAwarenessField('activity', activity);
    },
    writeTask(taskId, fields) {
      doc.transact(() => {
        writeTask(doc, taskId, fields);
        if (fields.startDate !== undefined || fields.endDate !== undefined) applyCascade(doc, documentCascade(doc, [taskId]));
      }, LOCAL_ORIGIN);
      const dropped: DropFields = {};
      for (const field of DROP_FIELDS) if (fields[field] !== undefined) dropped[field] = fields[field] as string | number;
      if (Object.keys(dropped).length) drops.dropped(taskId, dropped);
    },
    writeTasks,
    writeLink(taskId, dependsOnTaskId, link) {
      doc.transact(() => {
        addDependency(doc, taskId, dependsOnTaskId, link);
        applyCascade(doc, documentCascade(doc, [taskId]));
      }, LOCAL_ORIGIN);
    },
    removeLink(taskId, dependsOnTaskId) {
      doc.transact(() => removeDependency(doc, taskId, dependsOnTaskId), LOCAL_ORIGIN);
    },
    writeEdit: (edit) => writeEditWithCascade(doc, edit, LOCAL_ORIGIN),
    shiftTasks: (moves) => writeTasks(moves),
    async pushedBy(taskId, dates) {
      const moves = documentCascade(doc, [taskId], new Map([[taskId, dates]]));
      return moves.length ? new Map(moves.map((m) => [m.taskId, { startDate: m.startDate, endDate: m.endDate }])) : undefined;
    },
    setCollapsed: (taskId, collapsed) => setCollapsed(tasks.store, taskId, collapsed),
    undo: () => void undoManager.undo(),
    redo: () => void undoManager.redo(),
    hasTask: (taskId) => readTask(doc, taskId) !== null,
    restoreChanges: async (past, taskId) => restoreChanges(doc, past, taskId),
    crossedDrops,
  };

  for (const effect of opened.effects) carryOut(effect);

  return {
    connection,
    destroy: () => {
      closed = true;
      snapshotRead.abort();
      clearTimeout(retry);
      slicing.cancel();
      copy?.destroy();
      tasksMap(doc).unobserveDeep(onTasks);
      tasks.dispose();
      undoManager.destroy();
      provider.destroy();
      doc.destroy();
    },
  };
}
