import type { CrossedDrop } from '../model/crossed-drops';
import type { PresenceSnapshot } from '../model/presence';
import type { TimelineTask } from '../model/timeline-task';
import type { ConnectionState, ProjectConnection } from './connection-types';
import type { HostOptions } from './document-host';
import type { SocketEvent, SocketRequest } from './relayed-socket';
import type { TasksPatch } from './tasks-patch';

/**
 * [document-host] The messages between a page and the worker that holds a project's document
 * (worker-connection.ts on the page, document-serve.ts in the worker). The page asks for every change by name;
 * the worker sends back the connection's state, presence and the chart's tasks store as patches.
 */

/** Changes the page asks for: the connection's methods of the same names, answered by nothing. */
export const CALLS = ['writeTask', 'writeTasks', 'writeLink', 'removeLink', 'shiftTasks', 'undo', 'redo', 'setUser', 'setActivity', 'setCollapsed'] as const;
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
  /** `seq` counts the page's calls: the worker acknowledges each once done (`ack`). */
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
