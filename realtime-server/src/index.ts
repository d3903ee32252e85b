import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';
import { createDocumentServer, serveCollab } from './collab-server.js';
import { ProjectDocuments } from './documents/project-documents.js';
import { createRealtimeBus } from './realtime-bus.js';
import { createSocketEmitter, createSocketServer } from './socket-server.js';
import { watchTeamPresence } from './team-presence.js';
import type { RealtimeOptions } from './types.js';
import { WorkloadPreviews } from './workload-preview.js';
import { WriteBudgets } from './write-budgets.js';

export { createHandshakeAuthenticator, sessionKeyOf, type HandshakeAuthenticator, type HandshakeIdentity, type SessionLookup } from './handshake-auth.js';
export { socketHeartbeat, type RealtimeIo, type SocketData } from './socket-server.js';
export type { DocumentAccess, RealtimeLogger, RealtimeOptions } from './types.js';
export { assignableUsers, customFieldDefinitions, ProjectDocumentStore, serverEdit, taskFieldsFromRow, type PersistedChanges, type ServerEdit } from './documents/project-store.js';
export { ProjectDocuments } from './documents/project-documents.js';
export { createRealtimeBus, type RealtimeBus } from './realtime-bus.js';
export { DocumentCluster } from './scale/document-cluster.js';
export { connectRedis } from './scale/redis.js';
export { Buckets, WriteBudgets } from './write-budgets.js';
export { TokenBucket } from './token-bucket.js';
export type { PreviewTeam, PreviewTeamsReader } from './workload-preview.js';

export interface AttachOptions {
  /**
   * Where browsers connect (Socket.IO at /socket.io, documents at /collab). Null for the api process in
   * scaled mode, which edits documents and emits events but serves no sockets.
   */
  httpServer: HttpServer | null;
  /** Scaled mode: Socket.IO rooms and events span processes through Redis streams. */
  redis?: Redis;
}

/** Socket.IO and Hocuspocus (embedded mode, a realtime process, or the api process's share of them). */
export function attachRealtime({ httpServer, redis }: AttachOptions, options: RealtimeOptions) {
  const adapter = redis ? createAdapter(redis) : undefined;
  const io = httpServer ? createSocketServer(httpServer, options, adapter) : createSocketEmitter(adapter);
  // The document server and the server's own hold on documents need each other: a document whose last browser
  // leaves is held a while longer (ProjectDocuments.keepLoaded).
  let held: ProjectDocuments | undefined;
  const hocuspocus = createDocumentServer(options, (projectId) => held?.keepLoaded(projectId) ?? Promise.resolve());
  const budgets = new WriteBudgets();
  // A bar being dragged reaches the workload views of the teams it loads (issue 36): computed where its connection is.
  const previews = new WorkloadPreviews(io, hocuspocus, options.workloadTeams, options.logger);
  // Who of a team is online (the chat's presence), told by the processes whose sockets come and go.
  const stopPresence = httpServer ? watchTeamPresence(io, options.logger, !!redis) : () => {};
  const collab = httpServer ? serveCollab(httpServer, hocuspocus, options, budgets, previews) : null;
  const documents = new ProjectDocuments(hocuspocus, options.store);
  held = documents;
  return {
    io,
    hocuspocus,
    bus: createRealtimeBus(io, hocuspocus, { scaled: !!redis, closeSessionSockets: (key) => collab?.closeSession(key) }),
    documents,
    /** Edits and new tasks per person and project (write-budgets.ts), shared with the REST write paths. */
    budgets,
    async close() {
      stopPresence();
      await documents.releaseAll();
      if (collab) await collab.close();
      else hocuspocus.closeConnections();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

export type Realtime = ReturnType<typeof attachRealtime>;
