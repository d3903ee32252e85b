import { SOCKET_IO_PATH, COLLAB_PATH } from '@planline/domain';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ApiClient, registeredClient, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server?.stop();
});

function socketFor(client: ApiClient | null, headers: Record<string, string> = {}) {
  const socket = connectSocket(server.url, {
    path: SOCKET_IO_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { ...(client ? { cookie: client.cookieHeader } : {}), ...headers },
  });
  sockets.push(socket);
  return socket;
}

function outcome(socket: Socket): Promise<{ ready?: { userId: string }; error?: string }> {
  return new Promise((resolve) => {
    socket.on('session:ready', (ready: { userId: string }) => resolve({ ready }));
    socket.on('connect_error', (err) => resolve({ error: err.message }));
  });
}

function upgrade(headers: Record<string, string>, path = COLLAB_PATH): Promise<{ status?: number; open?: boolean }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(server.url.replace('http', 'ws') + path, { headers });
    ws.on('open', () => {
      ws.close();
      resolve({ open: true });
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode });
      ws.terminate();
    });
    ws.on('error', () => resolve({}));
  });
}

describe('Socket.IO handshake', () => {
  it('[socket-auth] refuses a connection without a session', async () => {
    expect(await outcome(socketFor(null))).toEqual({ error: 'unauthorized' });
  });

  it('[socket-auth] accepts a signed-in user and joins them to their own room', async () => {
    const { client, user } = await registeredClient(server);
    const socket = socketFor(client);
    expect(await outcome(socket)).toEqual({ ready: { userId: user.id } });
    const rooms = await server.realtime.io.in(`user:${user.id}`).fetchSockets();
    expect(rooms).toHaveLength(1);
  });

  it('[socket-origin] refuses a handshake from a foreign Origin even with a valid session', async () => {
    const { client } = await registeredClient(server);
    const result = await outcome(socketFor(client, { origin: 'https://evil.example' }));
    expect(result.ready).toBeUndefined();
    expect(result.error).toBeDefined();
  });

  it('[socket-auth] a session ended by logout cannot open new sockets', async () => {
    const { client } = await registeredClient(server);
    const replay = new ApiClient(server.url);
    client.cookies.forEach((v, k) => replay.cookies.set(k, v));
    await client.get('/api/logout');
    expect(await outcome(socketFor(replay))).toEqual({ error: 'unauthorized' });
  });
});

describe('/collab handshake', () => {
  it('[collab-auth] refuses the upgrade without a session (401)', async () => {
    expect(await upgrade({})).toEqual({ status: 401 });
  });

  it('[collab-origin] refuses the upgrade from a foreign Origin (403)', async () => {
    const { client } = await registeredClient(server);
    expect(await upgrade({ cookie: client.cookieHeader, origin: 'https://evil.example' })).toEqual({ status: 403 });
  });

  it('[collab-auth] opens for a signed-in user from our own origin', async () => {
    const { client } = await registeredClient(server);
    expect(await upgrade({ cookie: client.cookieHeader, origin: server.url })).toEqual({ open: true });
  });

  it('[collab-deflate] the socket is compressed (permessage-deflate, no context kept between messages)', async () => {
    const { client } = await registeredClient(server);
    const extensions = await new Promise<string | undefined>((resolve, reject) => {
      const ws = new WebSocket(server.url.replace('http', 'ws') + COLLAB_PATH, { headers: { cookie: client.cookieHeader, origin: server.url } });
      ws.on('upgrade', (res) => resolve(res.headers['sec-websocket-extensions']));
      ws.on('open', () => ws.close());
      ws.on('error', reject);
    });
    expect(extensions).toContain('permessage-deflate');
    expect(extensions).toContain('server_no_context_takeover');
    expect(extensions).toContain('client_no_context_takeover');
  });

  it('[upgrade-paths] other upgrade paths are refused (404), not left hanging', async () => {
    const { client } = await registeredClient(server);
    expect(await upgrade({ cookie: client.cookieHeader }, '/elsewhere')).toEqual({ status: 404 });
  });
});

describe('/collab documents', () => {
  async function openDocument(cookie: string, name: string): Promise<'synced' | 'refused'> {
    const { HocuspocusProvider, HocuspocusProviderWebsocket } = await import('@hocuspocus/provider');
    class CookieWebSocket extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers: { cookie } });
      }
    }
    const socket = new HocuspocusProviderWebsocket({
      url: server.url.replace('http', 'ws') + COLLAB_PATH,
      WebSocketPolyfill: CookieWebSocket,
      maxAttempts: 1,
    });
    return new Promise((resolve) => {
      const provider = new HocuspocusProvider({
        websocketProvider: socket,
        name,
        onSynced: () => {
          resolve('synced');
          provider.destroy();
          socket.destroy();
        },
        onAuthenticationFailed: () => {
          resolve('refused');
          provider.destroy();
          socket.destroy();
        },
      });
      provider.attach();
    });
  }

  it('[document-access] a member of the project\'s team can open its document; an outsider cannot', async () => {
    const { createProject, createTeam } = await import('@planline/db/test/factories');
    const member = await registeredClient(server);
    const outsider = await registeredClient(server);
    const team = await createTeam(server.dataSource, { id: member.user.id });
    const project = await createProject(server.dataSource, team);
    const name = `project:${project.id}`;
    expect(await openDocument(member.client.cookieHeader, name)).toBe('synced');
    expect(await openDocument(outsider.client.cookieHeader, name)).toBe('refused');
    expect(await openDocument(member.client.cookieHeader, 'project:not-a-uuid')).toBe('refused');
  });
});

describe('Socket.IO transports', () => {
  it('[socket-polling] the long-polling transport works and cannot crash the server', async () => {
    const { client, user } = await registeredClient(server);
    const socket = connectSocket(server.url, {
      path: SOCKET_IO_PATH,
      transports: ['polling'],
      reconnection: false,
      extraHeaders: { cookie: client.cookieHeader },
    });
    sockets.push(socket);
    expect(await outcome(socket)).toEqual({ ready: { userId: user.id } });
    // Raw polling requests without a session: refused by engine.io alone, and the server stays up.
    const open = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`);
    expect(open.status).toBeGreaterThanOrEqual(200);
    const post = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling&sid=nope`, { method: 'POST', body: '40' });
    expect(post.status).toBe(400);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
