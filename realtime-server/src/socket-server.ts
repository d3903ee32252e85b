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

/**
 * Socket.IO's heartbeat (issue 34 item 9). The server pings every SOCKET_PING_INTERVAL_MS and closes a socket whose pong
 * it has not read within SOCKET_PING_TIMEOUT_MS; the client closes when no ping came for the sum of the two (the server
 * sends both in its handshake). The pong is read only when the event loop gets to it, and engine.io's timer runs
 * before the read: with its defaults (25 s and 20 s), one turn of an overloaded server longer than 20 s, or a client
 * slowed as long by its own load, closed every socket with a ping out, all at once (398 of 500 clients at 100 editors +
 * 400 viewers). A peer that is really gone is still cut, within two minutes; one that closes its connection
 * is seen at once.
 */
export const SOCKET_PING_INTERVAL_MS = 25_000;
export const SOCKET_PING_TIMEOUT_MS = 90_000;

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

/** The heartbeat's timings; a test's shorter interval keeps the same proportion to the timeout. */
export function socketHeartbeat(pingIntervalMs = SOCKET_PING_INTERVAL_MS): { pingInterval: number; pingTimeout: number } {
  return { pingInterval: pingIntervalMs, pingTimeout: Math.round((pingIntervalMs * SOCKET_PING_TIMEOUT_MS) / SOCKET_PING_INTERVAL_MS) };
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
    ...socketHeartbeat(options.socketPingIntervalMs),
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
