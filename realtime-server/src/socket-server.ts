import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { isDatabaseUnavailable } from '@planline/db';
import {
  HandshakeError,
  MAX_MESSAGE_BYTES,
  rooms,
  SOCKET_IO_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@planline/domain';
import { Server } from 'socket.io';
import { TokenBucket } from './token-bucket.js';
import type { RealtimeOptions } from './types.js';

/**
 * Clients send nothing over Socket.IO (protocol.ts: writes go through REST or the document), so any event is
 * stray; a few are tolerated, a flood (more than 20 in a second) disconnects that socket, as /collab does for
 * an awareness flood. Each event costs the server a parse and a middleware pass, so it is not free to ignore.
 */
export const SOCKET_EVENTS_PER_SECOND = 20;
export const SOCKET_EVENT_BURST = 20;

export interface SocketData {
  userId: string;
  /** The session it was opened with (handshake-auth.ts): signing out disconnects it. */
  sessionKey: string;
}

/** Between processes in scaled mode (through the Redis adapter). */
export interface InterServerEvents {
  /** Close a user's open documents of these projects, wherever they are open. */
  'documents:close': (userId: string, projectIds: string[]) => void;
  /** Close every /collab connection a session opened, wherever it is (the session ended). */
  'session:close': (sessionKey: string) => void;
}

export type RealtimeIo = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

type AdapterFactory = NonNullable<ConstructorParameters<typeof Server>[1]>['adapter'];

/**
 * A Socket.IO server with no clients of its own, for the api process in scaled mode: it emits to rooms and
 * moves sockets between rooms on the realtime processes through the adapter.
 */
export function createSocketEmitter(adapter: AdapterFactory): RealtimeIo {
  return new Server({ adapter, serveClient: false });
}

/**
 * Socket.IO for events (ARCHITECTURE §4). The handshake must come from an allowed Origin and carry a live
 * session; the server alone joins sockets to rooms (`user:{id}` here, team and project rooms after a
 * membership check in later features).
 */
export function createSocketServer(httpServer: HttpServer, options: RealtimeOptions, adapter?: AdapterFactory): RealtimeIo {
  const io: RealtimeIo = new Server(httpServer, {
    ...(adapter ? { adapter } : {}),
    path: SOCKET_IO_PATH,
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    // Other upgrade paths (/collab) belong to Hocuspocus: leave them alone instead of destroying them.
    destroyUpgrade: false,
    allowRequest: (req: IncomingMessage, callback) => {
      if (!options.isAllowedOrigin(req)) return callback(HandshakeError.ForbiddenOrigin, false);
      callback(null, true);
    },
  });

  io.use((socket, next) => {
    options
      .authenticate(socket.request)
      .then((identity) => {
        if (!identity) return next(new Error(HandshakeError.Unauthorized));
        socket.data.userId = identity.userId;
        socket.data.sessionKey = identity.sessionKey;
        next();
      })
      .catch((err: unknown) => {
        options.logger.error({ err }, 'socket handshake failed');
        // Unauthorized would send the browser to sign in again; with the database away, it should wait and retry.
        next(new Error(isDatabaseUnavailable(err) ? HandshakeError.Unavailable : HandshakeError.Unauthorized));
      });
  });

  io.on('connection', (socket) => {
    const { userId } = socket.data;
    const budget = new TokenBucket(SOCKET_EVENTS_PER_SECOND, SOCKET_EVENT_BURST);
    socket.use((_packet, next) => {
      if (budget.take()) return next();
      if (socket.connected) {
        options.logger.warn({ userId }, 'socket disconnected: client event rate limit exceeded');
        socket.disconnect(true);
      }
    });
    options
      .roomsFor(userId)
      .then(async (memberRooms) => {
        await socket.join([rooms.user(userId), rooms.session(socket.data.sessionKey), ...memberRooms]);
        socket.emit('session:ready', { userId });
      })
      .catch((err: unknown) => {
        options.logger.error({ err, userId }, 'joining rooms failed');
        socket.disconnect(true);
      });
  });

  return io;
}
