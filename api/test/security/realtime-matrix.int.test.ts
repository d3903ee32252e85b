import { randomUUID } from 'node:crypto';
import { COLLAB_PATH, projectDocumentName, SOCKET_IO_PATH } from '@planline/domain';
import { writeTask } from '@planline/document';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { eventually, openProjectDocument } from '../collab-client.js';
import { joinedMember, registeredClient, startTestServer } from '../harness.js';
import { frames, rawCollab, sleep } from './collab-frames.js';
import { writeFigures } from './figures.js';
import { ACTORS, buildWorld, type Actor, type World } from './world.js';

/**
 * [realtime-matrix] Issue #9: who hears which Socket.IO event and who may open, read, write and be seen
 * (awareness) in which project document. Outsiders and removed members get nothing; nobody gets anything of
 * another team. A leak is delivery to someone the rule excludes; a miss is no delivery to someone it includes.
 */
const server = await startTestServer();
let world: World;
const sockets = new Map<Actor, { socket: Socket; heard: [string, any][] }>();
const figures = { socketCases: 0, documentCases: 0, leaks: 0, misses: 0 };
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  world = await buildWorld(server);
  for (const actor of ACTORS) {
    if (actor === 'anonymous') continue;
    const socket = connectSocket(server.url, {
      path: SOCKET_IO_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: world.users[actor].client.cookieHeader },
    });
    const heard: [string, any][] = [];
    socket.onAny((event, payload) => heard.push([event, payload]));
    await new Promise<void>((resolve, reject) => {
      socket.once('session:ready', () => resolve());
      socket.once('connect_error', reject);
    });
    // Clients never name rooms (protocol.ts); asking anyway must change nothing.
    for (const event of ['join', 'subscribe', 'joinRoom', 'room:join', 'socketsJoin']) {
      for (const fixture of [world.own, world.other]) socket.emit(event, `team:${fixture.team.id}`, `project:${fixture.project.id}`);
    }
    sockets.set(actor, { socket, heard });
  }
});
afterAll(async () => {
  sockets.forEach(({ socket }) => socket.disconnect());
  cleanups.forEach((c) => c());
  writeFigures('realtime-matrix', figures);
  await server.stop();
});

/** A Socket.IO client of the person with `cookie`, in its rooms: the names of the events it hears from now on. */
async function listeningSocket(cookie: string): Promise<string[]> {
  const socket = connectSocket(server.url, { path: SOCKET_IO_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
  cleanups.push(() => socket.disconnect());
  const heard: string[] = [];
  socket.onAny((event) => heard.push(event));
  await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
  return heard;
}

/** A raw /collab connection of the person with `cookie`, with the project document open. */
async function openDocumentAs(cookie: string, projectId: string) {
  const name = projectDocumentName(projectId);
  const raw = rawCollab(server.url, cookie);
  cleanups.push(() => raw.close());
  await raw.opened;
  raw.send(frames.auth(name));
  raw.send(frames.syncStep1(name));
  await eventually(() => raw.auth.get(name), (a) => a === 'authenticated');
  const document = server.realtime.hocuspocus.documents.get(name)!;
  return { raw, name, document };
}

/** Waits until a user has no connection left to a document; how long that took, in ms (at most a second). */
async function closedWithinASecond(document: { getConnections(): { context: unknown }[] }, userId: string): Promise<number> {
  const started = Date.now();
  const count = () => document.getConnections().filter((c) => (c.context as { userId?: string }).userId === userId).length;
  await eventually(count, (n) => n === 0, 1000);
  return Date.now() - started;
}

type Audience = 'team' | 'project' | 'managers';
const AUDIENCE: Record<Audience, Actor[]> = {
  team: ['member', 'admin', 'owner'],
  project: ['member', 'admin', 'owner', 'guest'],
  managers: ['admin', 'owner'],
};

/** One thing the server announces, made to happen by the owner of the scope's team. */
interface Trigger {
  event: string;
  audience: Audience;
  fire(fixture: World['own']): Promise<(payload: any) => boolean>;
}

const triggers: Trigger[] = [
  {
    event: 'task:created',
    audience: 'project',
    async fire(f) {
      const name = `rt-${randomUUID().slice(0, 8)}`;
      await f.owner.client.post('/api/tasks', { projectId: f.project.id, name, startDate: '2026-04-01', endDate: '2026-04-02' });
      return (p) => p.task?.name === name;
    },
  },
  {
    event: 'project:updated',
    audience: 'project',
    async fire(f) {
      const description = `rt-${randomUUID()}`;
      await f.owner.client.request('PATCH', `/api/projects/${f.project.id}`, { description });
      return (p) => p.project?.description === description;
    },
  },
  {
    event: 'report:created',
    audience: 'project',
    async fire(f) {
      const summary = `rt-${randomUUID()}`;
      await f.owner.client.post(`/api/projects/${f.project.id}/weekly-reports`, { weekEndingDate: '2026-04-05', summary });
      return (p) => p.report?.summary === summary;
    },
  },
  {
    event: 'joinRequest:created',
    audience: 'managers',
    async fire(f) {
      const id = await world.newJoinRequest(f === world.own ? 'own' : 'other');
      return (p) => p.request?.id === id;
    },
  },
  {
    event: 'member:joined',
    audience: 'team',
    async fire(f) {
      const joined = await joinedMember(server, f.owner.client, f.team.id);
      return (p) => p.member?.userId === joined.user.id;
    },
  },
  {
    event: 'member:removed',
    audience: 'team',
    async fire(f) {
      const joined = await joinedMember(server, f.owner.client, f.team.id);
      await f.owner.client.request('DELETE', `/api/teams/${f.team.id}/members/${joined.user.id}`);
      return (p) => p.userId === joined.user.id && p.teamId === f.team.id;
    },
  },
];

describe('Socket.IO: who hears what', () => {
  it('[socket-auth] no session, no socket', async () => {
    const socket = connectSocket(server.url, { path: SOCKET_IO_PATH, transports: ['websocket'], reconnection: false });
    const outcome = await new Promise<string>((resolve) => {
      socket.on('session:ready', () => resolve('ready'));
      socket.on('connect_error', (err) => resolve(err.message));
    });
    socket.disconnect();
    expect(outcome).toBe('unauthorized');
  });

  it('[socket-rooms] each socket is in exactly the rooms its memberships give, whatever it asked for', async () => {
    const all = await server.realtime.io.fetchSockets();
    const own = world.own;
    const expected: Record<Exclude<Actor, 'anonymous'>, string[]> = {
      outsider: [],
      removed: [],
      guest: [`project:${own.project.id}`],
      member: [`team:${own.team.id}`, `project:${own.project.id}`],
      admin: [`team:${own.team.id}`, `project:${own.project.id}`],
      owner: [`team:${own.team.id}`, `project:${own.project.id}`],
    };
    for (const [actor, { socket }] of sockets) {
      if (actor === 'anonymous') continue;
      const remote = all.find((s) => s.id === socket.id)!;
      // Its own id, its person's room and its session's (sign-out closes it): no one else's.
      const joined = [...remote.rooms].filter((r) => r !== socket.id && r !== `user:${world.users[actor].user.id}` && r !== `session:${remote.data.sessionKey}`);
      figures.socketCases += 1;
      if (joined.some((r) => !expected[actor].includes(r))) figures.leaks += 1;
      if (expected[actor].some((r) => !joined.includes(r))) figures.misses += 1;
      expect(joined.sort(), actor).toEqual([...expected[actor]].sort());
    }
  });

  for (const trigger of triggers) {
    for (const scope of ['own', 'other'] as const) {
      const audience = scope === 'own' ? AUDIENCE[trigger.audience] : [];
      it(`[socket-rooms] ${trigger.event} in ${scope} team → ${audience.join(', ') || 'nobody here'}`, async () => {
        const matches = await trigger.fire(world.team(scope));
        const heardBy = () =>
          [...sockets].filter(([, s]) => s.heard.some(([event, payload]) => event === trigger.event && matches(payload))).map(([actor]) => actor);
        if (audience.length) await eventually(heardBy, (who) => audience.every((a) => who.includes(a)), 3000).catch(() => undefined);
        // Give a misdirected copy time to arrive too.
        await sleep(150);
        const who = heardBy();
        for (const actor of ACTORS.filter((a) => a !== 'anonymous')) {
          figures.socketCases += 1;
          if (who.includes(actor) && !audience.includes(actor)) figures.leaks += 1;
          if (!who.includes(actor) && audience.includes(actor)) figures.misses += 1;
        }
        expect(who.sort()).toEqual([...audience].sort());
      });
    }
  }

  it('[remove-member] a member removed while connected stops hearing the team at once', async () => {
    const gone = await joinedMember(server, world.own.owner.client, world.own.team.id);
    const heard = await listeningSocket(gone.client.cookieHeader);
    await world.own.owner.client.request('DELETE', `/api/teams/${world.own.team.id}/members/${gone.user.id}`);
    await eventually(() => heard, (h) => h.includes('member:removed'));
    heard.length = 0;
    for (const trigger of triggers) await trigger.fire(world.own);
    await sleep(300);
    // What a user's own room still carries (their own access change) is fine; nothing of the team is.
    expect(heard.filter((e) => e !== 'access:changed')).toEqual([]);
  });
});

/** What a caller managed to do to a document, seen from the server and from a member watching it. */
interface DocumentOutcome {
  open: boolean;
  read: boolean;
  write: boolean;
  awareness: boolean;
}

async function tryDocument(actor: Actor, fixture: World['own']): Promise<DocumentOutcome> {
  const name = projectDocumentName(fixture.project.id);
  const watcher = openProjectDocument(server.url, fixture.owner.client.cookieHeader, fixture.project.id);
  cleanups.push(() => watcher.close());
  await watcher.synced;
  const marker = `probe-${actor}-${randomUUID().slice(0, 6)}`;
  const cookie = actor === 'anonymous' ? '' : world.users[actor].client.cookieHeader;
  const raw = rawCollab(server.url, cookie);
  cleanups.push(() => raw.close());
  const upgraded = await raw.opened;
  const injected = randomUUID();
  const local = new Y.Doc();
  if (upgraded) {
    writeTask(local, injected, {
      name: marker,
      description: null,
      startDate: '2026-05-04',
      endDate: '2026-05-05',
      status: 'pending',
      priority: 'low',
      progress: 0,
      color: '#3b82f6',
      assigneeId: null,
      assigneeIds: [],
      order: 99,
    });
    // Everything at once, before the answer to auth: Hocuspocus queues it until (unless) auth passes.
    raw.send(frames.auth(name));
    raw.send(frames.syncStep1(name));
    raw.send(frames.update(name, Y.encodeStateAsUpdate(local)));
    raw.send(frames.awareness(name, local.clientID, 1, { user: { id: randomUUID(), name: marker, color: '#112233' } }));
    await eventually(() => raw.auth.get(name), (a) => a !== undefined, 3000).catch(() => undefined);
  }
  const open = raw.auth.get(name) === 'authenticated';
  // The state is relayed under its client id, with the sender's own identity whatever it claimed.
  const seenByWatcher = () => {
    const state = watcher.provider.awareness?.getStates().get(local.clientID);
    return state !== undefined && actor !== 'anonymous' && state.user?.id === world.users[actor].user.id;
  };
  const stored = async () => (await server.dataSource.query(`SELECT 1 FROM tasks WHERE id = $1`, [injected])).length > 0;
  if (open) {
    await eventually(async () => (await stored()) && seenByWatcher(), Boolean, 3000).catch(() => undefined);
  } else {
    await sleep(300);
  }
  const outcome = {
    open,
    read: raw.doc.getMap('tasks').has(fixture.task.id),
    write: (await stored()) || !!server.realtime.hocuspocus.documents.get(name)?.getMap('tasks').has(injected),
    awareness: seenByWatcher(),
  };
  raw.close();
  watcher.close();
  return outcome;
}

describe('/collab documents: open, read, write, awareness', () => {
  for (const actor of ACTORS) {
    for (const scope of ['own', 'other'] as const) {
      const allowed = scope === 'own' && ['guest', 'member', 'admin', 'owner'].includes(actor);
      const expected: DocumentOutcome = { open: allowed, read: allowed, write: allowed, awareness: allowed };
      it(`[document-access] ${actor} · ${scope} project → ${allowed ? 'open, read, write, seen' : 'nothing'}`, async () => {
        const got = await tryDocument(actor, world.team(scope));
        for (const key of Object.keys(expected) as (keyof DocumentOutcome)[]) {
          figures.documentCases += 1;
          if (got[key] && !expected[key]) figures.leaks += 1;
          if (!got[key] && expected[key]) figures.misses += 1;
        }
        expect(got).toEqual(expected);
      });
    }
  }

  it('[document-access] a document name that is not a project, or another team\'s in other spelling, opens for nobody (and says nothing on stderr)', async () => {
    const errors = vi.spyOn(console, 'error');
    cleanups.push(() => errors.mockRestore());
    const cookie = world.users.owner.client.cookieHeader;
    for (const name of ['project:not-a-uuid', `PROJECT:${world.other.project.id}`, `project:${world.other.project.id.toUpperCase()}`, 'tasks', '']) {
      const raw = rawCollab(server.url, cookie);
      await raw.opened;
      raw.send(frames.auth(name));
      await eventually(() => raw.auth.get(name), (a) => a !== undefined, 3000).catch(() => undefined);
      expect(raw.auth.get(name), name).not.toBe('authenticated');
      raw.close();
    }
    // A refusal is an answer, not an error: Hocuspocus printed "[onConnect] forbidden" for each before (#9).
    expect(errors).not.toHaveBeenCalled();
  });

  it('[remove-member] a removed member\'s open document closes within a second and takes no more writes', async () => {
    const gone = await joinedMember(server, world.own.owner.client, world.own.team.id);
    const { raw, name, document } = await openDocumentAs(gone.client.cookieHeader, world.own.project.id);
    await world.own.owner.client.request('DELETE', `/api/teams/${world.own.team.id}/members/${gone.user.id}`);
    expect(await closedWithinASecond(document, gone.user.id)).toBeLessThan(1000);
    const local = new Y.Doc();
    const late = randomUUID();
    writeTask(local, late, { name: 'After removal', startDate: '2026-05-04', endDate: '2026-05-05', status: 'pending', priority: 'low', progress: 0, color: '#3b82f6', order: 1 });
    raw.send(frames.update(name, Y.encodeStateAsUpdate(local)));
    await sleep(300);
    expect(document.getMap('tasks').has(late)).toBe(false);
    expect((await server.dataSource.query(`SELECT 1 FROM tasks WHERE id = $1`, [late])).length).toBe(0);
  });

  it('[project-guests] a removed guest\'s open document closes within a second, and their sockets stop hearing the project', async () => {
    const link = (await world.own.owner.client.get(`/api/projects/${world.own.project.id}/invite-link`)).body.inviteLink as string;
    const gone = await registeredClient(server);
    expect((await gone.client.post('/api/projects/join', { token: link.split('/').pop() })).status).toBe(200);
    const heard = await listeningSocket(gone.client.cookieHeader);
    const { document } = await openDocumentAs(gone.client.cookieHeader, world.own.project.id);
    expect((await world.own.owner.client.request('DELETE', `/api/projects/${world.own.project.id}/guests/${gone.user.id}`)).status).toBe(204);
    expect(await closedWithinASecond(document, gone.user.id)).toBeLessThan(1000);
    await eventually(() => heard, (h) => h.includes('access:changed'));
    heard.length = 0;
    for (const trigger of triggers.filter((t) => t.audience === 'project')) await trigger.fire(world.own);
    await sleep(300);
    expect(heard.filter((e) => e !== 'access:changed')).toEqual([]);
  });

  it('[collab-auth] anonymous upgrades are refused before any WebSocket exists', async () => {
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(server.url.replace('http', 'ws') + COLLAB_PATH);
      ws.on('unexpected-response', (_q, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
    });
    expect(status).toBe(401);
  });
});
