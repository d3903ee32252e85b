import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import {
  acquireProjectConnection,
  discardProjectConnection,
  releaseProjectConnection,
  type ConnectionState,
  type ProjectConnection,
} from './project-connection';

/** Bumped by a retry, so every component holding the project's connection takes the fresh one. */
const attempts = createStore<Record<string, number>>(() => ({}));

/** The project's live document while the component is mounted; null until it is opened. */
export function useProjectConnection(projectId: string): ProjectConnection | null {
  const attempt = useStore(attempts, (s) => s[projectId] ?? 0);
  const [connection, setConnection] = useState<ProjectConnection | null>(null);
  useEffect(() => {
    const opened = acquireProjectConnection(projectId);
    setConnection(opened);
    return () => releaseProjectConnection(opened);
  }, [projectId, attempt]);
  return connection && connection.projectId === projectId ? connection : null;
}

/** Throws away a refused or unreachable connection and opens the project again. */
export function retryProjectConnection(connection: ProjectConnection): void {
  discardProjectConnection(connection);
  attempts.setState((s) => ({ ...s, [connection.projectId]: (s[connection.projectId] ?? 0) + 1 }));
}

const OFFLINE: ConnectionState = { status: 'connecting', online: false, readOnly: true, canUndo: false, canRedo: false };
const noState = createStore<ConnectionState>(() => OFFLINE);

export function useConnectionState<T>(connection: ProjectConnection | null, select: (s: ConnectionState) => T): T {
  return useStore(connection?.state ?? noState, select);
}
