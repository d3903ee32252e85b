import { createStore } from 'zustand/vanilla';
import { deviceDocumentName, deviceDocumentsAvailable, forgetDeviceDocument, noteDeviceDocument } from '../../../lib/device-documents';
import { takeEarlyTaskList } from '../../../lib/early-task-list';
import { INPUT_RELAY_MS, watchPersonInput } from '../../../lib/person-input';
import type { CrossedDrop } from '../model/crossed-drops';
import type { PresenceSnapshot } from '../model/presence';
import { emptyTasksState, type TasksState } from '../model/tasks-store';
import type { TimelineTask } from '../model/timeline-task';
import type { ConnectionState, ProjectConnection } from './connection-types';
import { collabUrl, openingState } from './connection-constants';
import type { AskName, CallName, FromHost, HostPort, ToHost } from './document-protocol';
import { takeDocumentWorker } from './document-worker';
import { socketRelay } from './relayed-socket';
import { Outbox } from './outbox';
import { applyTasksPatch } from './tasks-patch';

/** How long a closing document may take to say goodbye on its socket before its worker is ended anyway. */
const CLOSE_GRACE_MS = 3000;

interface HostChannel {
  post(message: ToHost, transfer?: Transferable[]): void;
  /** The host has closed the document ('closed'): end it. */
  end(): void;
}

/**
 * The host of a document: a worker, or this thread (through a message channel, the same messages) where there
 * are no workers or the worker cannot start (its script refused). Messages sent before a failed worker said
 * anything go again to the thread's host, which then reads the task list itself and slices its big sync.
 */
function openHost(receive: (message: FromHost) => void): HostChannel {
  const sent: ToHost[] = [];
  let heard = false;
  let post: (message: ToHost, transfer?: Transferable[]) => void;
  let end: () => void;
  const inThread = () => {
    const channel = new MessageChannel();
    channel.port2.onmessage = ({ data }: MessageEvent<FromHost>) => receive(data);
    void import('./document-serve').then(({ serveDocument }) => serveDocument(channel.port1 as unknown as HostPort));
    // In the page's thread the big first sync is sliced between frames, and the socket is the host's own.
    post = (message, transfer = []) =>
      channel.port2.postMessage(message.t === 'open' ? { ...message, options: { ...message.options, sliceSyncs: true, relaySocket: false } } : message, transfer);
    end = () => {
      channel.port1.close();
      channel.port2.close();
    };
    // A failed worker was handed the early task list's bytes (transferred, so gone): the host reads the list itself.
    for (const message of sent.splice(0)) {
      if (message.t === 'open') post({ ...message, earlyList: false });
      else if (message.t !== 'early-list') post(message);
    }
  };
  if (typeof Worker !== 'function') {
    inThread();
  } else {
    const { worker, failed } = takeDocumentWorker();
    worker.onmessage = ({ data }: MessageEvent<FromHost>) => {
      heard = true;
      sent.length = 0;
      receive(data);
    };
    worker.onerror = () => {
      if (heard) return;
      worker.terminate();
      inThread();
    };
    post = (message, transfer = []) => {
      if (!heard) sent.push(message);
      worker.postMessage(message, transfer);
    };
    end = () => worker.terminate();
    // Started ahead (document-worker.ts), it may have failed already: its error will not come again.
    if (failed) {
      worker.terminate();
      inThread();
    }
  }
  return { post: (message, transfer) => post(message, transfer), end: () => end() };
}

/**
 * [document-host] A project's connection whose document lives in a worker (document.worker.ts; openHost falls
 * back to this thread): the page keeps the chart's plain tasks, the connection's state and presence as the
 * worker sends them, and sends every change there. The chart reads the same stores as from an in-thread
 * connection; the questions that read the document (a drag's push, a restore's count) are answered a message later.
 */
export function openWorkerConnection(projectId: string, userId: string): { connection: ProjectConnection; destroy: () => void } {
  const state = createStore<ConnectionState>(openingState);
  const presence = createStore<PresenceSnapshot>(() => ({ viewers: [], activities: new Map(), linkDrafts: [] }));
  const crossedDrops = createStore<CrossedDrop | null>(() => null);
  const tasks = createStore<TasksState>(emptyTasksState);
  // The worker's state of the tasks; the store shows it with this browser's edits in the outbox over it.
  let base = tasks.getState();
  const outbox = new Outbox();
  const show = () => tasks.setState(outbox.over(base), true);
  const asked = new Map<number, (value: unknown) => void>();
  let lastAsk = 0;
  let parts: TimelineTask[] = [];
  let closed = false;

  const receive = (message: FromHost) => {
    switch (message.t) {
      case 'state':
        // Refused: the worker deleted its copy; the picture of the chart is kept in the page's storage, which a
        // worker cannot reach.
        if (message.state.status === 'denied' && state.getState().status !== 'denied') void forgetDeviceDocument(userId, projectId);
        return state.setState(message.state, true);
      case 'presence':
        return presence.setState(message.presence, true);
      case 'crossed':
        return crossedDrops.setState(message.drop, true);
      case 'tasks-part':
        parts = parts.concat(message.set);
        return;
      case 'tasks': {
        const patch = parts.length ? { ...message.patch, set: parts.concat(message.patch.set ?? []) } : message.patch;
        parts = [];
        base = applyTasksPatch(base, patch);
        return show();
      }
      case 'ack': {
        const shown = outbox.shown;
        outbox.acknowledged(message.seq);
        if (shown) show();
        return;
      }
      case 'answer':
        asked.get(message.id)?.(message.value);
        asked.delete(message.id);
        return;
      case 'closed':
        // The worker is ended by destroy's grace timer, not now: its copy's last writes to IndexedDB (an edit's
        // update, the sync it remembers) would be aborted with it.
        return relay.closeAll();
      case 'ws-open':
      case 'ws-send':
      case 'ws-close':
        return relay.handle(message);
    }
  };
  const host = openHost(receive);
  const relay = socketRelay((event, transfer) => post(event, transfer));
  const post = (message: ToHost, transfer: Transferable[] = []) => {
    if (!closed) host.post(message, transfer);
  };

  const early = takeEarlyTaskList(projectId);
  const name = deviceDocumentName(userId, projectId);
  post({
    t: 'open',
    projectId,
    userId,
    options: { collabUrl: collabUrl(), deviceKnown: deviceDocumentsAvailable() ? noteDeviceDocument(name) : undefined, sliceSyncs: false, relaySocket: true },
    earlyList: early !== null,
  });
  // The page's early read of the task list is handed over as bytes: the worker reads the JSON, not the page.
  void early
    ?.then(async (response) => ({ status: response.status, body: await response.arrayBuffer() }))
    .then(
      ({ status, body }) => post({ t: 'early-list', status, body }, [body]),
      () => post({ t: 'early-list', status: 0, body: null }),
    );

  let relayedAt = Number.NEGATIVE_INFINITY;
  const input = watchPersonInput(() => {
    const now = performance.now();
    if (now - relayedAt < INPUT_RELAY_MS) return;
    relayedAt = now;
    post({ t: 'input' });
  });

  /** Sends a call numbered `seq` by the outbox (by default one that shows nothing until the worker's state). */
  const call = <N extends CallName>(name: N, args: Parameters<ProjectConnection[N]>, seq = outbox.sent()) => {
    post({ t: 'call', seq, name, args } as ToHost);
  };
  const ask = <N extends AskName>(name: N, ...args: Parameters<ProjectConnection[N]>) =>
    new Promise<Awaited<ReturnType<ProjectConnection[N]>>>((resolve) => {
      if (closed) return;
      const id = ++lastAsk;
      asked.set(id, resolve as (value: unknown) => void);
      post({ t: 'ask', id, name, args } as ToHost);
    });

  const connection: ProjectConnection = {
    projectId,
    userId,
    tasks,
    presence,
    state,
    crossedDrops,
    setUser: (user) => call('setUser', [user]),
    setActivity: (activity) => call('setActivity', [activity]),
    writeTask(taskId, fields) {
      call('writeTask', [taskId, fields], outbox.written(new Map([[taskId, fields]])));
      show();
    },
    writeTasks(changes, reasons) {
      if (!changes.size) return;
      call('writeTasks', reasons?.size ? [changes, reasons] : [changes], outbox.written(changes));
      show();
    },
    writeLink: (taskId, dependsOnTaskId, link) => call('writeLink', [taskId, dependsOnTaskId, link]),
    removeLink: (taskId, dependsOnTaskId) => call('removeLink', [taskId, dependsOnTaskId]),
    writeEdit(edit) {
      if (!edit.tasks.size && !edit.links.length) return;
      // The fields show at once (as writeTasks'); the links with the worker's state.
      call('writeEdit', [edit], edit.tasks.size ? outbox.written(edit.tasks) : outbox.sent());
      show();
    },
    shiftTasks(moves) {
      if (!moves.size) return;
      call('shiftTasks', [moves], outbox.shifted(moves));
      show();
    },
    pushedBy: (taskId, dates) => ask('pushedBy', taskId, dates),
    setCollapsed(taskId, collapsed) {
      call('setCollapsed', [taskId, collapsed], outbox.collapsed(taskId, collapsed));
      show();
    },
    undo: () => call('undo', []),
    redo: () => call('redo', []),
    hasTask: (taskId) => tasks.getState().tasks.has(taskId),
    restoreChanges: (past, taskId) => ask('restoreChanges', past, taskId),
  };

  return {
    connection,
    destroy: () => {
      input.stop();
      post({ t: 'close' });
      closed = true;
      // Questions still open go unanswered: whoever asked is going too.
      asked.clear();
      setTimeout(() => {
        relay.closeAll();
        host.end();
      }, CLOSE_GRACE_MS);
    },
  };
}
