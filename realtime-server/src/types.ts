import type { IncomingMessage } from 'node:http';

export interface RealtimeLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export type DocumentAccess = 'write' | 'read';

/** What the composition root gives the realtime servers: who is asking, from where, and what they may open. */
export interface RealtimeOptions {
  authenticate(req: IncomingMessage): Promise<string | null>;
  isAllowedOrigin(req: IncomingMessage): boolean;
  /** Access of a user to a project's document, or null for none. */
  documentAccess(userId: string, projectId: string): Promise<DocumentAccess | null>;
  /** Loads, persists and releases project documents (ARCHITECTURE §3). */
  store: import('./documents/project-store.js').ProjectDocumentStore;
  /** The team and project rooms a user belongs in, joined when a socket connects. */
  roomsFor(userId: string): Promise<string[]>;
  logger: RealtimeLogger;
}
