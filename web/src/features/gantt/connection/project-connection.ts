import { openWorkerConnection } from './worker-connection';
import type { ProjectConnection } from './connection-types';

export { FAILED_ATTEMPTS_BEFORE_ERROR, HOLDING_KINDS } from './connection-constants';
export type { ConnectionState, ConnectionStatus, ProjectConnection } from './connection-types';

/** A connection nobody uses any more is closed after this, so StrictMode's remount and quick switches reuse it. */
const RELEASE_DELAY_MS = 1000;
/**
 * How long a connection opened ahead of the page (prewarmProjectConnection) waits for the page to take it: the
 * workspace's code may still be arriving on a slow network. Unclaimed, it closes like any released one.
 */
const PREWARM_HOLD_MS = 15_000;

interface Entry {
  connection: ProjectConnection;
  destroy: () => void;
  users: number;
  closeTimer: ReturnType<typeof setTimeout> | null;
}

const open = new Map<string, Entry>();

/** Connections are the signed-in person's: their copy on this device, their presence. */
const entryKey = (projectId: string, userId: string) => `${userId}:${projectId}`;
const keyOf = (connection: ProjectConnection) => entryKey(connection.projectId, connection.userId);

/**
 * One live document per project for the whole page: the timeline and the header's avatars share it. Each user
 * of it acquires and releases; the last release closes it shortly after.
 */
export function acquireProjectConnection(projectId: string, userId: string): ProjectConnection {
  const key = entryKey(projectId, userId);
  let entry = open.get(key);
  if (!entry) {
    const opened = openWorkerConnection(projectId, userId);
    entry = { ...opened, users: 0, closeTimer: null };
    open.set(key, entry);
  }
  if (entry.closeTimer) clearTimeout(entry.closeTimer);
  entry.closeTimer = null;
  entry.users += 1;
  return entry.connection;
}

/** The connection open for the project (prewarmed, or held elsewhere), without taking a share of it. */
export function peekProjectConnection(projectId: string, userId: string): ProjectConnection | null {
  return open.get(entryKey(projectId, userId))?.connection ?? null;
}

/**
 * Opens a project's document before any component asks for it (the workspace knows the project before its
 * timeline has rendered), and holds it for a while so the first acquire finds it syncing or synced.
 */
export function prewarmProjectConnection(projectId: string, userId: string): void {
  const connection = acquireProjectConnection(projectId, userId);
  setTimeout(() => releaseProjectConnection(connection), PREWARM_HOLD_MS);
}

export function releaseProjectConnection(connection: ProjectConnection): void {
  const key = keyOf(connection);
  const entry = open.get(key);
  if (!entry || entry.connection !== connection) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  entry.closeTimer = setTimeout(() => {
    open.delete(key);
    entry.destroy();
  }, RELEASE_DELAY_MS);
}

/** Drops a project's connection at once (after a refusal), so the next acquire opens a fresh one. */
export function discardProjectConnection(connection: ProjectConnection): void {
  const key = keyOf(connection);
  const entry = open.get(key);
  if (!entry || entry.connection !== connection) return;
  open.delete(key);
  if (entry.closeTimer) clearTimeout(entry.closeTimer);
  entry.destroy();
}
