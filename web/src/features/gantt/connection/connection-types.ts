import type { Link, PresenceActivity, Task } from '@planline/domain';
import type { DocTask } from '@planline/document';
import type { StoreApi } from 'zustand/vanilla';
import type { CrossedDrop } from '../model/crossed-drops';
import type { RestoreChanges } from '../model/past-moves';
import type { PresenceSnapshot, PresenceUser } from '../model/presence';
import type { TasksState } from '../model/tasks-store';
import type { DocumentEdit } from './tasks-edit';

/**
 * What a project's live connection (project-connection.ts) is and says, for the code that only reads it. Its Yjs
 * document and undo manager stay inside it: the chart reads the tasks store and asks the connection for every
 * change, so where the document lives (this thread or a worker, issue 18) is the connection's business alone.
 */

/**
 * A return visit goes 'connecting' → 'preview' → 'local' → 'synced' (or straight to 'synced' when the server is
 * quicker). 'preview': the chart shows the snapshot this device kept, read-only, while the copy of the document
 * is merged in. 'local': shown from that copy and editable, the first sync still to come; edits are kept in the
 * copy and go to the server with that sync.
 */
export type ConnectionStatus = 'connecting' | 'preview' | 'local' | 'synced' | 'denied' | 'unreachable';

export interface ConnectionState {
  status: ConnectionStatus;
  /** False while the socket is down or not yet synced: edits wait and merge on reconnect. */
  online: boolean;
  /** Closes of the socket since the document last synced (or opened). */
  failedAttempts: number;
  /** The server closed the socket for too many changes (CloseCode.TooManyChanges) and it has not synced since. */
  tooManyChanges?: boolean;
  /** The server refused the socket for being busy (CloseCode.Busy) and it has not synced since: it is retrying. */
  serverBusy?: boolean;
  /** This device keeps the document (IndexedDB): edits made offline survive a reload. */
  kept: boolean;
  readOnly: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

export interface ProjectConnection {
  projectId: string;
  /** Whose connection this is: the copy kept on this device is theirs. */
  userId: string;
  tasks: StoreApi<TasksState>;
  presence: StoreApi<PresenceSnapshot>;
  state: StoreApi<ConnectionState>;
  /** Who this browser is, for everyone else's avatars and bar outlines. */
  setUser(user: PresenceUser): void;
  /**
   * What this browser is doing with a bar (null when nothing): the in-flight drag, or the link being drawn from
   * it, travels here, not in the document.
   */
  setActivity(activity: PresenceActivity | null): void;
  /**
   * One transaction, tracked for undo: with auto-scheduling on, the successors the change pushes move in it too
   * (document-cascade.ts), so teammates see them move with it and one undo takes all of it back.
   */
  writeTask(taskId: string, fields: DocTask): void;
  /**
   * Several tasks in one transaction (an outline edit, a summary moved with its subtasks, leveling applied): one undo
   * step, with the cascade their new dates cause. `reasons` (task id → history reason, "Levelled: ..."): carried to
   * the server in the same transaction (protocol.ts EDIT_REASONS_MAP), which records them on the tasks it moved.
   */
  writeTasks(changes: ReadonlyMap<string, DocTask>, reasons?: ReadonlyMap<string, string>): void;
  /**
   * Adds the link of `taskId` to its predecessor, or changes its type and lag: one transaction, tracked for undo,
   * with the cascade the link causes.
   */
  writeLink(taskId: string, dependsOnTaskId: string, link: Link): void;
  removeLink(taskId: string, dependsOnTaskId: string): void;
  /**
   * [grid-cell-commit] Task fields and links (added, changed, or removed with `link: null`) in one transaction: one
   * undo step, with the cascade the new dates and links cause. The grid's cells write through it (typed, pasted,
   * filled down).
   */
  writeEdit(edit: DocumentEdit): void;
  /**
   * [summary-move] Moves a summary and everything below it to these dates (outline.ts summaryMoves, in working
   * days): the summary's own shown at once, before its roll-up comes back; one transaction, one undo step, with the
   * cascade their new dates cause.
   */
  shiftTasks(moves: ReadonlyMap<string, DocTask>): void;
  /**
   * Where dropping `taskId` on `dates` would push its successors (auto-scheduling on), for a drag's preview;
   * undefined when it pushes none. Nothing is written.
   */
  pushedBy(taskId: string, dates: { startDate: string; endDate: string }): Promise<ReadonlyMap<string, { startDate: string; endDate: string }> | undefined>;
  /** Hides or shows a summary's subtasks in this browser's chart (a view setting, not in the document). */
  setCollapsed(taskId: string, collapsed: boolean): void;
  /** Takes back this browser's last change (never a teammate's), or does again the last one taken back. */
  undo(): void;
  redo(): void;
  /** Whether the chart holds the task now (a restore of one it does not hold brings it back). */
  hasTask(taskId: string): boolean;
  /** [time-travel] What restoring `past` (or only its task `taskId`) would change in the document as it is now. */
  restoreChanges(past: readonly Task[], taskId?: string): Promise<RestoreChanges>;
  /** The last of our drops that a teammate's drop of the same bar overwrote (crossed-drops.ts). */
  crossedDrops: StoreApi<CrossedDrop | null>;
}
