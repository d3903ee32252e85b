import type { Hocuspocus } from '@hocuspocus/server';
import { parseProjectDocumentName, rooms, type ServerEventName, type ServerToClientEvents } from '@planline/domain';
import type { RealtimeIo } from './socket-server.js';
import { onlineInRoom } from './team-presence.js';

/**
 * What the API does to live clients. Rooms are joined and left only here, by the server, after its own
 * membership checks; clients never name a room.
 */
export interface RealtimeBus {
  emit<E extends ServerEventName>(room: string | string[], event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void;
  /** Puts every socket of a user into rooms (after they gained access). */
  joinRooms(userId: string, roomNames: string[]): void;
  /** Takes every socket of a user out of rooms (after they lost access). */
  leaveRooms(userId: string, roomNames: string[]): void;
  /** Closes a user's open documents of these projects (after they lost access). */
  closeProjectDocuments(userId: string, projectIds: string[]): void;
  /** The people with a socket in the team's room (issue 38: who is online), on every process. */
  onlineInTeam(teamId: string): Promise<string[]>;
  /** Ends every live connection of a session, Socket.IO and /collab, on every realtime process (it signed out). */
  closeSession(sessionKey: string): void;
}

interface CollabContext {
  userId?: string;
}

export function createRealtimeBus(
  io: RealtimeIo,
  hocuspocus: Hocuspocus,
  options: { scaled: boolean; closeSessionSockets: (sessionKey: string) => void },
): RealtimeBus {
  const closeLocally = (userId: string, projectIds: string[]) => {
    const wanted = new Set(projectIds);
    for (const document of hocuspocus.documents.values()) {
      const projectId = parseProjectDocumentName(document.name);
      if (!projectId || !wanted.has(projectId)) continue;
      for (const connection of document.getConnections()) {
        if ((connection.context as CollabContext | undefined)?.userId === userId) connection.close();
      }
    }
  };
  // Scaled mode: the documents may be open on any realtime process.
  if (options.scaled) {
    io.on('documents:close', closeLocally);
    io.on('session:close', options.closeSessionSockets);
  }
  return {
    emit(room, event, payload) {
      // The typed emit cannot see through the generic event name; the payload type is checked above.
      (io.to(room) as unknown as { emit(e: string, p: unknown): void }).emit(event, payload);
    },
    joinRooms(userId, roomNames) {
      if (roomNames.length) io.in(rooms.user(userId)).socketsJoin(roomNames);
    },
    leaveRooms(userId, roomNames) {
      if (roomNames.length) io.in(rooms.user(userId)).socketsLeave(roomNames);
    },
    closeProjectDocuments(userId, projectIds) {
      closeLocally(userId, projectIds);
      if (options.scaled) io.serverSideEmit('documents:close', userId, projectIds);
    },
    onlineInTeam(teamId) {
      return onlineInRoom(io, rooms.team(teamId));
    },
    closeSession(sessionKey) {
      // Socket.IO: the adapter reaches the session's sockets on every process.
      io.in(rooms.session(sessionKey)).disconnectSockets(true);
      options.closeSessionSockets(sessionKey);
      if (options.scaled) io.serverSideEmit('session:close', sessionKey);
    },
  };
}
