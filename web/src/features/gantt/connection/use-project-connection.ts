import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useServerPicture } from '../model/server-picture';
import { createStore } from 'zustand/vanilla';
import { useAuth } from '../../auth';
import {
  acquireProjectConnection,
  discardProjectConnection,
  peekProjectConnection,
  releaseProjectConnection,
  type ConnectionState,
  type ProjectConnection,
} from './project-connection';

/** Bumped by a retry, so every component holding the project's connection takes the fresh one. */
const attempts = createStore<Record<string, number>>(() => ({}));

/** The project's live document while the component is mounted; null until it is opened (or signed out). */
export function useProjectConnection(projectId: string): ProjectConnection | null {
  // Rendered on the server, the chart shows the task list it was given (src/entry-server.tsx).
  const picture = useServerPicture()?.connection ?? null;
  const attempt = useStore(attempts, (s) => s[projectId] ?? 0);
  const userId = useAuth().user?.id ?? null;
  // A connection the workspace opened ahead (prewarm) is shown from the first render; the effect then takes its
  // share of that same connection, which changes nothing on screen.
  const [connection, setConnection] = useState<ProjectConnection | null>(() => (userId ? peekProjectConnection(projectId, userId) : null));
  useEffect(() => {
    if (!userId) return;
    const opened = acquireProjectConnection(projectId, userId);
    setConnection(opened);
    return () => releaseProjectConnection(opened);
  }, [projectId, userId, attempt]);
  if (picture) return picture.projectId === projectId ? picture : null;
  return connection && connection.projectId === projectId && connection.userId === userId ? connection : null;
}

/** Throws away a refused or unreachable connection and opens the project again. */
export function retryProjectConnection(connection: ProjectConnection): void {
  discardProjectConnection(connection);
  attempts.setState((s) => ({ ...s, [connection.projectId]: (s[connection.projectId] ?? 0) + 1 }));
}

const OFFLINE: ConnectionState = { status: 'connecting', online: false, failedAttempts: 0, kept: false, readOnly: true, canUndo: false, canRedo: false };
const noState = createStore<ConnectionState>(() => OFFLINE);

export function useConnectionState<T>(connection: ProjectConnection | null, select: (s: ConnectionState) => T): T {
  return useStore(connection?.state ?? noState, select);
}
