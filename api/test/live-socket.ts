import { SOCKET_IO_PATH } from '@planline/domain';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { ApiClient } from './harness.js';

/**
 * A signed-in browser's socket, resolved once the server has put it in its rooms; kept in `sockets` so the file's
 * afterAll can close it.
 */
export async function liveSocket(server: { url: string }, client: ApiClient, sockets: Socket[]): Promise<Socket> {
  const socket = connectSocket(server.url, {
    path: SOCKET_IO_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie: client.cookieHeader },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('session:ready', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Every payload of `event` the socket receives from now on. */
export function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Waits until `check` holds (polling every 20 ms), or throws after `ms`. */
export async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
