import type { Server as HttpServer } from 'node:http';
import { createCollabServer } from './collab-server.js';
import { ProjectDocuments } from './documents/project-documents.js';
import { createRealtimeBus } from './realtime-bus.js';
import { createSocketServer } from './socket-server.js';
import type { RealtimeOptions } from './types.js';

export { createHandshakeAuthenticator, type HandshakeAuthenticator, type SessionLookup } from './handshake-auth.js';
export type { RealtimeIo, SocketData } from './socket-server.js';
export type { DocumentAccess, RealtimeLogger, RealtimeOptions } from './types.js';
export { assignableUsers, ProjectDocumentStore, serverEdit, taskFieldsFromRow, type PersistedChanges, type ServerEdit } from './documents/project-store.js';
export * from './documents/task-document.js';
export { ProjectDocuments } from './documents/project-documents.js';
export { createRealtimeBus, type RealtimeBus } from './realtime-bus.js';

/** Socket.IO and Hocuspocus on one HTTP server (embedded mode, or a realtime-server process). */
export function attachRealtime(httpServer: HttpServer, options: RealtimeOptions) {
  const io = createSocketServer(httpServer, options);
  const collab = createCollabServer(httpServer, options);
  const documents = new ProjectDocuments(collab.hocuspocus, options.store);
  return {
    io,
    hocuspocus: collab.hocuspocus,
    bus: createRealtimeBus(io, collab.hocuspocus),
    documents,
    async close() {
      await documents.releaseAll();
      await collab.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

export type Realtime = ReturnType<typeof attachRealtime>;
