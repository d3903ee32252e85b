import { z } from 'zod';

/**
 * The realtime protocol, one file per transport (STYLE §2).
 *
 * Socket.IO: the server alone puts a socket into rooms, after a membership check; clients never name a room.
 * Hocuspocus (Yjs) lives at COLLAB_PATH, one document per project named `project:{projectId}`.
 */
export const SOCKET_IO_PATH = '/socket.io';
export const COLLAB_PATH = '/collab';
/** Largest Socket.IO or WebSocket message accepted (ARCHITECTURE §4). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

export const rooms = {
  user: (userId: string) => `user:${userId}`,
  team: (teamId: string) => `team:${teamId}`,
  project: (projectId: string) => `project:${projectId}`,
} as const;

export const projectDocumentName = (projectId: string) => `project:${projectId}`;

export function parseProjectDocumentName(name: string): string | null {
  const match = /^project:([0-9a-f-]{36})$/i.exec(name);
  return match ? match[1]!.toLowerCase() : null;
}

/** Sent to a socket once the server has joined it to its rooms. */
export const sessionReadySchema = z.object({ userId: z.uuid() });

/** Payload schemas of server-to-client events, keyed by event name. Later features add theirs here. */
export const serverEventSchemas = {
  'session:ready': sessionReadySchema,
} as const;

export type ServerEventName = keyof typeof serverEventSchemas;

export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: z.infer<(typeof serverEventSchemas)[E]>) => void;
};

/** Clients send nothing over Socket.IO yet: writes go through REST or the project document. */
export type ClientToServerEvents = Record<string, never>;

/**
 * WebSocket close codes of /collab and reasons of refused Socket.IO handshakes. 4000-4999 is the range
 * RFC 6455 leaves to applications; the numbers mirror the HTTP statuses they stand for.
 */
export const CloseCode = {
  Unauthorized: 4401,
  Forbidden: 4403,
  NotFound: 4404,
  MessageTooBig: 1009,
} as const;

export const HandshakeError = {
  Unauthorized: 'unauthorized',
  ForbiddenOrigin: 'forbidden_origin',
} as const;
