/**
 * [document-host] A project's live document: the Yjs document, its socket (Hocuspocus provider), this device's copy,
 * undo, presence and the chart's tasks store over it. It runs in a worker on a page (worker-connection.ts drives it
 * from the page), or in the page's own thread where there is no worker.
 */
import { CloseCode, HandshakeError, projectDocumentName, sendOnlyOwnAwareness, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@planline/domain';
import { HocuspocusProvider } from '@hocuspocus/provider';
import { addDependency, applyCascade, dependenciesMap, documentCascade, limitSyncMessages, readTask, removeDependency, tasksMap, writeTask, type DocTask } from '@planline/document';
import * as Y from 'yjs';
import { createStore } from 'zustand/vanilla';
import { CrossedDropWatch, type CrossedDrop, type DropFields } from '../model/crossed-drops';
import { restoreChanges } from '../model/past-moves';
import { readPresence, type PresenceSnapshot, type PresenceUser } from '../model/presence';
import { createTasksStore, setCollapsed, type PlainDocument } from '../model/tasks-store';
import { deviceDocumentsAvailable } from '../../../lib/device-documents';
import { openDeviceCopy } from './device-copy';
import { fetchServerSnapshot } from './server-snapshot';
import { SLICE_FROM_BYTES, SLICE_FROM_TASKS, SLICE_ORIGIN, sliceBigSyncs } from './sliced-sync';

/**
 * The origin of this browser's own edits of the document. The undo manager tracks it alone, so undo never takes
 * back a teammate's edit (theirs arrive with the provider as origin) or a server repair.
 */
export const LOCAL_ORIGIN = { source: 'planline-timeline' } as const;

import type { ConnectionState, ConnectionStatus, ProjectConnection } from './connection-types';
import { collabUrl, FAILED_ATTEMPTS_BEFORE_ERROR, HOLDING_KINDS, openingState } from './connection-constants';

const DROP_FIELDS = ['startDate', 'endDate', 'progress'] as const;

export interface HostOptions {
  /** The /collab address (a worker has no window.location to derive it from). */
  collabUrl?: string;
  /** Whether this browser has recorded a copy of the document (device-documents.ts, which a worker cannot ask). */
  deviceKnown?: boolean;
  /**
   * Cut a big first sync into slices applied between frames (sliced-sync.ts): the page's thread needs it; a
   * worker's applies it whole (nothing there waits for a frame), through the same hooks.
   */
  sliceSyncs?: boolean;
  /** The socket is the page's, relayed (relayed-socket.ts): set by a page for the worker it opens. */
  relaySocket?: boolean;
  /** What the provider opens as its socket (the worker's relayed one); the browser's WebSocket when unset. */
  socketClass?: unknown;
}

export function openConnection(projectId: string, userId: string, options: HostOptions = {}): { connection: ProjectConnection; destroy: () => void } {
  const doc = new Y.Doc();
  const state = createStore<ConnectionState>(openingState);
  const tasks = createTasksStore(doc);
  let authenticated = false;
  let closed = false;
  // The server's word on editing, once heard, stands over what the copy remembers of it.
  const showStored = (status: ConnectionStatus, readOnly: boolean) => state.setState(authenticated ? { status } : { status, readOnly });
  let storedReadOnly = true;
  // A return visit paints the kept snapshot first (~30 ms to read at 10,000 tasks, where merging the kept
  // document takes ~0.6 s), unless the server has already answered.
  const copy = openDeviceCopy(doc, userId, projectId, (stored) => {
    storedReadOnly = stored.readOnly;
    const kept = stored.synced && stored.snapshot;
    keptSnapshot = kept ? 'yes' : 'no';
    if (!kept) askServerSnapshot();
    const { status } = state.getState();
    if (!kept || (status !== 'connecting' && status !== 'unreachable')) return seedFromServer();
    tasks.seed(stored.snapshot!);
    showStored('preview', stored.readOnly);
  }, options.deviceKnown);
  // A first visit on this device: the server's task list paints the chart (read-only) while the document comes.
  // The kept snapshot goes first when there is one (it may hold this device's offline edits).
  let keptSnapshot: 'unknown' | 'yes' | 'no' = copy?.known ? 'unknown' : 'no';
  let serverSnapshot: PlainDocument | null = null;
  let serverSnapshotRead = false;
  const snapshotRead = new AbortController();
  const seedFromServer = () => {
    const { status } = state.getState();
    if (closed || !serverSnapshot || keptSnapshot !== 'no' || (status !== 'connecting' && status !== 'unreachable')) return;
    tasks.seed(serverSnapshot);
    serverSnapshot = null;
    state.setState({ status: 'preview' });
  };
  // Asked once this device is known to keep no snapshot of the project: a return visit paints from its own, and
  // reading the task list too cost it ~0.2 s of the main thread at 10,000 tasks (~1 s at 100,000) for nothing.
  let serverSnapshotAsked = false;
  const askServerSnapshot = () => {
    if (serverSnapshotAsked || closed) return;
    serverSnapshotAsked = true;
    void fetchServerSnapshot(projectId, snapshotRead.signal).then((plain) => {
      serverSnapshotRead = true;
      serverSnapshot = plain;
      // A device that keeps the document syncs only what it lacks: a big sync is a first visit's.
      if (plain && keptSnapshot !== 'yes') expectBigSync(plain);
      seedFromServer();
    });
  };
  if (keptSnapshot === 'no') askServerSnapshot();
  const presence = createStore<PresenceSnapshot>(() => ({ viewers: [], activities: new Map(), linkDrafts: [] }));
  const undoManager = new Y.UndoManager([tasksMap(doc), dependenciesMap(doc)], {
    trackedOrigins: new Set([LOCAL_ORIGIN]),
    // Every drop or key press is its own step: two quick drags are undone one at a time.
    captureTimeout: 0,
  });
  const provider = new HocuspocusProvider({
    url: options.collabUrl ?? collabUrl(),
    name: projectDocumentName(projectId),
    document: doc,
    ...(options.socketClass ? { WebSocketPolyfill: options.socketClass } : {}),
  });
  // Edits bigger than one message may be (offline ones, a cascade over thousands of tasks) go as several.
  const socket = provider.configuration.websocketProvider;
  socket.send = limitSyncMessages(socket.send.bind(socket));
  // Until the first sync the provider need not hear the document's updates: they are the server's whole
  // document, which it would re-encode (~0.3 s for 10,000 tasks) only to ignore as its own, and this device's
  // copy being merged in. Edits made before then (on a return visit) are not lost: the server asks for what it
  // lacks right after its own part of the sync (its SyncStep1), and the provider answers from the document.
  doc.off('update', provider.boundDocumentUpdateHandler);
  // After it, only edits made here go out as they happen: the copy's merge is the sync's business, and as one
  // update it could be the whole document, over the server's limit for a message.
  const sendUpdate = (update: Uint8Array, origin: unknown) => {
    if (!copy?.isMerge(origin)) provider.boundDocumentUpdateHandler(update, origin);
  };
  sendOnlyOwnAwareness(provider);
  let listening = false;
  // A big first sync (a first visit to a project of thousands of tasks) is applied a few milliseconds a frame; the
  // chart keeps showing the snapshot and reads the document once, at 'synced'. While a snapshot is on screen or on
  // its way, a small one is too: the snapshot paints first (~0.1 s sooner at 1,000 tasks), not after the merge.
  const snapshotFirst = () => {
    const { status } = state.getState();
    return status === 'preview' || (status === 'connecting' && (keptSnapshot === 'unknown' || !serverSnapshotRead || serverSnapshot !== null));
  };
  // A big project's sync is cut into slices in a worker: started as soon as its task list says it is big.
  const expectBigSync = (plain: PlainDocument) => {
    if (Object.keys(plain.tasks).length >= SLICE_FROM_TASKS) slicing.expectBig();
  };
  const slicingHooks = {
    onStart: () => {
      tasks.hold();
      copy?.pause(SLICE_ORIGIN);
    },
    onApplied: (update: Uint8Array) => copy?.resume(update),
  };
  const slicing = sliceBigSyncs(provider, doc, slicingHooks, () => (snapshotFirst() ? 0 : SLICE_FROM_BYTES), options.sliceSyncs === false);
  // Edits made here after the server asked what it lacks (its sync step 1) and before its state is all in (a kept
  // copy is editable meanwhile) are in no message yet: the sync is done again once, so they go out.
  // (afterTransaction, not 'update': a listener of 'update' makes Yjs encode every transaction, the slices too.)
  let editedBeforeSync = false;
  const noteEarlyEdit = (tr: Y.Transaction) => {
    if ((tr.origin === LOCAL_ORIGIN || tr.origin === undoManager) && tr.changed.size > 0) editedBeforeSync = true;
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
      const crossed = drops.remoteChange(taskId, (field) => tasksMap(doc).get(taskId)?.get(field));
      if (crossed) crossedDrops.setState(crossed, true);
    }
  };
  tasksMap(doc).observeDeep(onTasks);
  const refreshUndo = () => state.setState({ canUndo: undoManager.canUndo(), canRedo: undoManager.canRedo() });

  provider.on('synced', () => {
    if (!listening) doc.on('update', sendUpdate);
    listening = true;
    doc.off('afterTransaction', noteEarlyEdit);
    if (editedBeforeSync) provider.forceSync();
    editedBeforeSync = false;
    // Editable once the chart shows the document (a big one is read a slot at a time), online if still so.
    void tasks.reconcile().then(() => {
      if (closed) return;
      state.setState({ status: 'synced', online: provider.synced, failedAttempts: 0, tooManyChanges: false, serverBusy: false });
      copy?.rememberSync(state.getState().readOnly);
    });
  });
  provider.on('authenticated', ({ scope }: { scope: string }) => {
    authenticated = true;
    state.setState({ readOnly: scope === 'readonly' });
  });
  // The kept document is in: the chart shows it, editable as the server last allowed, until the sync.
  void copy?.loaded.then((synced) => {
    if (keptSnapshot === 'unknown') keptSnapshot = 'no';
    if (keptSnapshot === 'no') askServerSnapshot();
    if (closed || !synced) return seedFromServer();
    void tasks.reconcile().then(() => {
      if (closed) return;
      const { status } = state.getState();
      // The server came first: the copy may hold edits made offline on an earlier visit, which the live update
      // handler leaves out. A new exchange of state vectors sends the server what it lacks.
      if (status === 'synced') provider.forceSync();
      if (status === 'connecting' || status === 'unreachable' || status === 'preview') showStored('local', storedReadOnly);
    });
  });
  let retry: ReturnType<typeof setTimeout> | undefined;
  provider.on('authenticationFailed', ({ reason }: { reason: string }) => {
    provider.disconnect();
    if (reason === HandshakeError.Unavailable) {
      // The server could not check access (its database is away): not a refusal. Try again in a while.
      clearTimeout(retry);
      retry = setTimeout(() => void provider.connect(), UNAVAILABLE_RETRY_AFTER_SECONDS * 1000);
      return;
    }
    // Trying again would be refused again; the error state's retry opens a fresh connection. Access is gone, so
    // is this device's copy of what it showed.
    state.setState({ status: 'denied' });
    void copy?.forget();
  });
  provider.on('status', ({ status }: { status: string }) => {
    if (status === 'connected' && state.getState().status === 'synced') state.setState({ online: true });
    if (status === 'disconnected') state.setState({ online: false });
  });
  provider.on('close', ({ event }: { event?: { code?: number } }) => {
    const { status, failedAttempts } = state.getState();
    if (status === 'denied') return;
    // Past the person's edit budget (issue 34): told, and the provider comes back by itself once it has refilled.
    if (event?.code === CloseCode.TooManyChanges) state.setState({ tooManyChanges: true });
    // Overloaded (issue 34 item 9): the provider tries again with its jittered backoff; the person is told meanwhile.
    // The server answered, so this is no failed attempt to reach it (nor a sign the session ended).
    if (event?.code === CloseCode.Busy) return state.setState({ serverBusy: true });
    const failed = failedAttempts + 1;
    const unreachable = status === 'connecting' && failed >= FAILED_ATTEMPTS_BEFORE_ERROR;
    state.setState(unreachable ? { status: 'unreachable', failedAttempts: failed } : { failedAttempts: failed });
  });
  provider.awareness?.on('change', refreshPresence);
  undoManager.on('stack-item-added', refreshUndo);
  undoManager.on('stack-item-popped', refreshUndo);
  undoManager.on('stack-cleared', refreshUndo);

  const writeTasks = (changes: ReadonlyMap<string, DocTask>) => {
    if (!changes.size) return;
    doc.transact(() => {
      changes.forEach((fields, taskId) => writeTask(doc, taskId, fields));
      const moved = [...changes].filter(([, fields]) => fields.startDate !== undefined || fields.endDate !== undefined).map(([taskId]) => taskId);
      if (moved.length) applyCascade(doc, documentCascade(doc, moved));
    }, LOCAL_ORIGIN);
  };

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
