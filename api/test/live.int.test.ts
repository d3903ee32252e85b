import { COLLAB_PATH } from '@planline/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { joinedMember, registeredClient, startTestServer, teamWithOwner, type ApiClient, type TestServer } from './harness.js';
import { liveSocket as openLiveSocket } from './live-socket.js';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await server?.stop();
});

const liveSocket = (client: ApiClient) => openLiveSocket(server, client, sockets);

function next<T = any>(socket: Socket, event: string, timeoutMs = 2000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('live membership', () => {
  it('[live-join-request] a request reaches the owner at once; the answer reaches the asker and the team', async () => {
    const { owner, team } = await teamWithOwner(server);
    const ownerSocket = await liveSocket(owner.client);
    const asker = await registeredClient(server);
    const askerSocket = await liveSocket(asker.client);

    const created = next(ownerSocket, 'joinRequest:created');
    const ask = await asker.client.post('/api/teams/request-join', { teamCode: team.teamCode });
    expect(await created).toMatchObject({ teamId: team.id, request: { id: ask.body.id, status: 'pending', user: { id: asker.user.id } } });

    const toAsker = next(askerSocket, 'joinRequest:responded');
    const toOwner = next(ownerSocket, 'joinRequest:responded');
    const joined = next(ownerSocket, 'member:joined');
    const access = next(askerSocket, 'access:changed');
    await owner.client.post(`/api/teams/join-requests/${ask.body.id}/respond`, { response: 'approved' });
    expect(await toAsker).toMatchObject({ requestId: ask.body.id, response: 'approved' });
    expect(await toOwner).toMatchObject({ requestId: ask.body.id, response: 'approved' });
    expect(await joined).toMatchObject({ teamId: team.id, member: { userId: asker.user.id, role: 'member' } });
    expect(await access).toEqual({ teamId: team.id });
    // The new member's open socket now hears the team without reconnecting.
    const projectCreated = next(askerSocket, 'project:created');
    await owner.client.post('/api/projects', { name: 'Hello Newcomer', teamId: team.id });
    expect(await projectCreated).toMatchObject({ project: { name: 'Hello Newcomer' } });
  });

  it('[live-projects] created and renamed projects reach teammates, not outsiders', async () => {
    const { owner, team } = await teamWithOwner(server);
    const member = await joinedMember(server, owner.client, team.id);
    const memberSocket = await liveSocket(member.client);
    const outsiderSocket = await liveSocket((await registeredClient(server)).client);
    let outsiderHeard = 0;
    outsiderSocket.onAny(() => (outsiderHeard += 1));
    const created = next(memberSocket, 'project:created');
    const project = (await owner.client.post('/api/projects', { name: 'Live One', teamId: team.id })).body;
    expect((await created).project.id).toBe(project.id);
    const updated = next(memberSocket, 'project:updated');
    await owner.client.request('PATCH', `/api/projects/${project.id}`, { name: 'Live Two' });
    expect((await updated).project.name).toBe('Live Two');
    await new Promise((r) => setTimeout(r, 200));
    expect(outsiderHeard).toBe(0);
  });

  it('[live-removal] a removed member is told, leaves the team rooms and stops hearing the team', async () => {
    const { owner, team } = await teamWithOwner(server);
    const project = (await owner.client.post('/api/projects', { name: 'Secret Plans', teamId: team.id })).body;
    const member = await joinedMember(server, owner.client, team.id);
    const memberSocket = await liveSocket(member.client);
    expect(await server.realtime.io.in(`team:${team.id}`).fetchSockets()).toHaveLength(1);
    const removed = next(memberSocket, 'member:removed');
    await owner.client.request('DELETE', `/api/teams/${team.id}/members/${member.user.id}`);
    expect(await removed).toEqual({ teamId: team.id, userId: member.user.id });
    const inRooms = async (room: string) =>
      (await server.realtime.io.in(room).fetchSockets()).filter((s) => s.data.userId === member.user.id).length;
    expect(await inRooms(`team:${team.id}`)).toBe(0);
    expect(await inRooms(`project:${project.id}`)).toBe(0);
    let heard = false;
    memberSocket.on('project:updated', () => (heard = true));
    await owner.client.request('PATCH', `/api/projects/${project.id}`, { name: 'Still Secret' });
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toBe(false);
  });

  it('[live-removal] a removed member\'s open project document closes within a second', async () => {
    const { owner, team } = await teamWithOwner(server);
    const project = (await owner.client.post('/api/projects', { name: 'Doc', teamId: team.id })).body;
    const member = await joinedMember(server, owner.client, team.id);
    const { HocuspocusProvider, HocuspocusProviderWebsocket } = await import('@hocuspocus/provider');
    const cookie = member.client.cookieHeader;
    class CookieWebSocket extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers: { cookie } });
      }
    }
    const socket = new HocuspocusProviderWebsocket({ url: server.url.replace('http', 'ws') + COLLAB_PATH, WebSocketPolyfill: CookieWebSocket, maxAttempts: 1 });
    const provider = new HocuspocusProvider({ websocketProvider: socket, name: `project:${project.id}` });
    provider.attach();
    await new Promise<void>((resolve) => provider.on('synced', () => resolve()));
    // Browsers' connections only: the server's own hold on a document (ProjectDocuments) is not one of them.
    const browsers = () => server.realtime.hocuspocus.documents.get(`project:${project.id}`)?.getConnections().length ?? 0;
    expect(browsers()).toBe(1);
    const started = Date.now();
    await owner.client.request('DELETE', `/api/teams/${team.id}/members/${member.user.id}`);
    while (browsers() > 0) {
      if (Date.now() - started > 1000) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(browsers()).toBe(0);
    expect(Date.now() - started).toBeLessThan(1000);
    provider.destroy();
    socket.destroy();
  });
});
