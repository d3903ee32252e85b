import { CloseCode, projectDocumentName, SOCKET_IO_PATH } from '@planline/domain';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../collab-client.js';
import { startTestServer, type ApiClient } from '../harness.js';
import { frames, rawCollab, type RawCollab } from './collab-frames.js';
import { buildWorld, type World } from './world.js';

/**
 * [sign-out-closes] Issue 34 item 4: after `POST /api/auth/logout` the cookie was dead over HTTP, but the session's
 * open document and Socket.IO connections kept receiving teammates' changes and could still write. Ending a
 * session now closes every socket it opened; the person's other sessions keep theirs.
 */
const server = await startTestServer();
let world: World;
const opened: { close(): void }[] = [];

beforeAll(async () => {
  world = await buildWorld(server);
});
afterAll(async () => {
  opened.forEach((c) => c.close());
  await server.stop();
});

function socketOf(client: ApiClient): Promise<Socket> {
  const socket = connectSocket(server.url, { path: SOCKET_IO_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { cookie: client.cookieHeader } });
  opened.push({ close: () => socket.disconnect() });
  return new Promise((resolve, reject) => {
    socket.once('session:ready', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function documentOf(client: ApiClient): Promise<RawCollab> {
  const raw = rawCollab(server.url, client.cookieHeader);
  opened.push(raw);
  expect(await raw.opened).toBe(true);
  const name = projectDocumentName(world.own.project.id);
  raw.send(frames.auth(name));
  raw.send(frames.syncStep1(name));
  await eventually(() => raw.auth.get(name), (a) => a === 'authenticated', 10_000);
  return raw;
}

describe('[sign-out-closes] signing out ends the session\'s live connections', () => {
  for (const [how, signOut] of [
    ['POST /api/auth/logout', (c: ApiClient) => c.post('/api/auth/logout')],
    ['GET /api/logout', (c: ApiClient) => c.get('/api/logout')],
  ] as const) {
    it(`[sign-out-closes] ${how}: that session's Socket.IO and document sockets close; another session of the same person stays`, async () => {
      const leaving = await world.freshSession('member');
      const staying = await world.freshSession('member');
      const [leavingSocket, stayingSocket] = await Promise.all([socketOf(leaving), socketOf(staying)]);
      const [leavingDocument, secondLeavingDocument, stayingDocument] = await Promise.all([documentOf(leaving), documentOf(leaving), documentOf(staying)]);
      const disconnected = new Promise<string>((resolve) => leavingSocket.once('disconnect', (reason) => resolve(reason)));

      expect((await signOut(leaving)).status).toBeLessThan(400);

      expect(await disconnected).toBe('io server disconnect');
      expect(await leavingDocument.closed).toEqual({ code: CloseCode.Unauthorized, reason: 'signed out' });
      expect((await secondLeavingDocument.closed).code).toBe(CloseCode.Unauthorized);
      // Coming back with the old cookie is refused.
      const again = rawCollab(server.url, leaving.cookieHeader);
      opened.push(again);
      expect(await again.opened).toBe(false);
      // The other session is untouched.
      expect(stayingSocket.connected).toBe(true);
      expect(stayingDocument.ws.readyState).toBe(stayingDocument.ws.OPEN);
    });
  }
});
