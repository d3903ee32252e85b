import { HandshakeError, SOCKET_IO_PATH, UNAVAILABLE_RETRY_AFTER_SECONDS, type ClientToServerEvents } from '@planline/domain';
import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { AUTH_USER_KEY } from '../auth';
import { applyServerEvent, refreshAfterReconnect, type RealtimeEffects } from './apply-server-event';
import { parseServerEvent, SERVER_EVENT_NAMES } from './server-events';

/**
 * Opens the signed-in user's one Socket.IO connection (same origin, session cookie) and keeps the query caches
 * in step with its events. Returns the function that closes it.
 */
export function connectRealtime(queryClient: QueryClient, effects: RealtimeEffects): () => void {
  // forceNew: a fresh manager per connection, so StrictMode's mount-unmount-mount never reuses a closed one.
  // WebSocket only: the app is same-origin, and HTTP long-polling POSTs also reach the API's Koa pipeline on
  // the shared HTTP server (which answers them 415 while engine.io answers too).
  const socket: Socket<Record<string, (payload: unknown) => void>, ClientToServerEvents> = io({
    path: SOCKET_IO_PATH,
    withCredentials: true,
    forceNew: true,
    transports: ['websocket'],
  });

  for (const name of SERVER_EVENT_NAMES) {
    socket.on(name, (payload: unknown) => {
      const event = parseServerEvent(name, payload);
      if (!event) {
        console.warn(`Ignoring a malformed '${name}' event`, payload);
        return;
      }
      // The server sends session:ready once the socket is in its rooms. Anything that happened before that
      // (page load, or the time offline) may have been missed, so what is on screen is read again.
      if (event.name === 'session:ready') refreshAfterReconnect(queryClient);
      else applyServerEvent(queryClient, event, effects);
    });
  }

  let retry: ReturnType<typeof setTimeout> | undefined;
  socket.on('connect_error', (err) => {
    // A refused handshake means the session is gone: re-reading the user lets the session-expiry flow run.
    if (err.message === HandshakeError.Unauthorized) void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    // The server could not check the session (its database is away). Socket.IO does not retry a refused
    // handshake by itself, so try again in a while.
    if (err.message === HandshakeError.Unavailable && !socket.active) {
      clearTimeout(retry);
      retry = setTimeout(() => socket.connect(), UNAVAILABLE_RETRY_AFTER_SECONDS * 1000);
    }
  });

  return () => {
    clearTimeout(retry);
    socket.removeAllListeners();
    socket.disconnect();
  };
}
