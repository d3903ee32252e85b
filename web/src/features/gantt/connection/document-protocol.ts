import type { CrossedDrop } from '../model/crossed-drops';
import type { PresenceSnapshot } from '../model/presence';
import type { TimelineTask } from '../model/timeline-task';
import type { TasksState } from '../model/tasks-store';
import type { ConnectionState, ProjectConnection } from './connection-types';

/**
 * [document-host] The messages between a page and the worker that holds a project's document
 * (worker-connection.ts on the page, document-serve.ts in the worker). The page asks for every change by name;
 * the worker sends back the connection's state, presence and the chart's tasks store as patches.
 * Every message and option that crosses is declared here; this module imports neither side.
 */

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

export interface HostPort {
  postMessage(message: FromHost): void;
  onmessage: ((event: MessageEvent<ToHost>) => void) | null;
}

/**
 * How the chart's tasks store travels from the worker that holds the document to the page: each
 * change of the worker's store as what changed (the tasks whose objects changed, the rows when they did), so the
 * page copies a few tasks per edit, not the plan, and a task that did not change keeps its object (its row does
 * not render again).
 */
export interface TasksPatch {
  /** Tasks added or changed, whole. */
  set?: TimelineTask[];
  deleted?: string[];
  /** The rows in order, when they changed (rowIndex is derived from them). */
  rows?: readonly string[];
  depth?: TasksState['depth'];
  collapsed?: TasksState['collapsed'];
  edges?: TasksState['edges'];
  edgesByTask?: TasksState['edgesByTask'];
}

/** From the worker to the page. */
export type SocketRequest =
  | { t: 'ws-open'; id: number; url: string }
  | { t: 'ws-send'; id: number; data: ArrayBuffer | ArrayBufferView }
  | { t: 'ws-close'; id: number; code?: number; reason?: string };

/** From the page to the worker. */
export type SocketEvent =
  | { t: 'ws-event'; id: number; type: 'open' | 'error' }
  | { t: 'ws-event'; id: number; type: 'message'; data: ArrayBuffer }
  | { t: 'ws-event'; id: number; type: 'close'; code: number; reason: string; wasClean: boolean };

/** Changes the page asks for: the connection's methods of the same names, answered by nothing. */
export const CALLS = ['writeTask', 'writeTasks', 'writeLink', 'removeLink', 'writeEdit', 'shiftTasks', 'undo', 'redo', 'setUser', 'setActivity', 'setCollapsed'] as const;
export type CallName = (typeof CALLS)[number];
/** Questions the page asks: the connection's methods of the same names, answered by `answer`. */
export const ASKS = ['pushedBy', 'restoreChanges'] as const;
export type AskName = (typeof ASKS)[number];

export type ToHost =
  | {
      t: 'open';
      projectId: string;
      userId: string;
      options: HostOptions;
      /** The page's early read of the task list (early-task-list.ts) follows as `early-list`. */
      earlyList: boolean;
    }
  /** The body of the page's early read, or null when it failed. */
  | { t: 'early-list'; status: number; body: ArrayBuffer | null }
  /**
   * `seq` counts the page's calls: the worker acknowledges each once done (`ack`). A call that changes the document
   * waits in the worker, with those after it, until the document holds the project (session.ts documentIn).
   */
  | { t: 'call'; seq: number; name: CallName; args: Parameters<ProjectConnection[CallName]> }
  | { t: 'ask'; id: number; name: AskName; args: Parameters<ProjectConnection[AskName]> }
  /** The person scrolled, pointed or typed on the page (at most every INPUT_RELAY_MS): deferred work waits. */
  | { t: 'input' }
  | { t: 'close' }
  | SocketEvent;

export type FromHost =
  | { t: 'state'; state: ConnectionState }
  | { t: 'presence'; presence: PresenceSnapshot }
  | { t: 'crossed'; drop: CrossedDrop | null }
  /** Tasks of a patch too big for one message; the patch itself follows. */
  | { t: 'tasks-part'; set: TimelineTask[] }
  | { t: 'tasks'; patch: TasksPatch }
  | { t: 'answer'; id: number; value: unknown }
  /** The page's calls up to `seq` are done: their changes are in the tasks sent before this. */
  | { t: 'ack'; seq: number }
  /** The document is closed and its socket with it: the worker may end. */
  | { t: 'closed' }
  | SocketRequest;
