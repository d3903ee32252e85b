import type { IncomingMessage } from 'node:http';
import type { HandshakeIdentity } from './handshake-auth.js';
import type { ProjectDocumentStore } from './documents/project-store.js';
import type { RealtimeLogger } from './logger.js';
import type { PreviewTeamsReader } from './workload-preview.js';

export type { RealtimeLogger } from './logger.js';

export type DocumentAccess = 'write' | 'read';

/** What the composition root gives the realtime servers: who is asking, from where, and what they may open. */
export interface RealtimeOptions {
  authenticate(req: IncomingMessage): Promise<HandshakeIdentity | null>;
  isAllowedOrigin(req: IncomingMessage): boolean;
  /** The name presence shows for a signed-in user (bound by the server, never taken from the client). */
  presenceName(userId: string): Promise<string>;
  /** Access of a user to a project's document, or null for none. */
  documentAccess(userId: string, projectId: string): Promise<DocumentAccess | null>;
  /** Loads, persists and releases project documents (ARCHITECTURE §3). */
  store: ProjectDocumentStore;
  /** The team and project rooms a user belongs in, joined when a socket connects. */
  roomsFor(userId: string): Promise<string[]>;
  logger: RealtimeLogger;
  /** The teams a task's load counts in, for the workload preview of a bar being dragged (workload-preview.ts); none without it. */
  workloadTeams?: PreviewTeamsReader;
  /** How often /collab connections are pinged (collab-liveness.ts; COLLAB_PING_INTERVAL_MS unless a test sets it). */
  collabPingIntervalMs?: number;
  /** How often Socket.IO sockets are pinged (socket-server.ts; SOCKET_PING_INTERVAL_MS unless a test sets it). */
  socketPingIntervalMs?: number;
}
