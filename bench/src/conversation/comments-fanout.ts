import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SOCKET_IO_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@planline/domain';
import type pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { joinedMembers, teamWithProject, type User } from '../lib/seed.js';
import { percentile } from '../lib/stats.js';

/*
 * Issue 38's "a comment reaches the other browsers ≤ 100 ms p95 with 50 people on the project": one project of 50
 * people, 49 of them with a signed-in Socket.IO connection, and the 50th posting comments one after another. Each
 * sample is one socket's wait from the POST's start to its 'comment:created' for that comment (one clock: every
 * socket lives in this process).
 */

export interface CommentFanoutOptions {
  /** The Planline server (a production-like process: bench/src/lib/server.ts). */
  baseUrl: string;
  /** The server's database, to seed the team's plan and to clear the post limit between bursts. */
  pool: pg.Pool;
  /** People on the project, the poster included. */
  people?: number;
  /** Comments posted, one at a time. */
  comments?: number;
  log?: (message: string) => void;
}

export interface CommentFanoutResult {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Receipts measured: comments × listening sockets (fewer if any never arrived, see `missing`). */
  samples: number;
  /** Receipts that did not arrive within the wait (each would be a failure of the target). */
  missing: number;
  people: number;
  comments: number;
}

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A person's Socket.IO connection, resolved once the server has put it in its rooms. */
async function openSocket(baseUrl: string, user: User): Promise<ClientSocket> {
  const socket: ClientSocket = io(baseUrl, { path: SOCKET_IO_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { cookie: user.client.cookieHeader } });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('a socket was not ready within 15 s')), 15_000);
    socket.once('session:ready', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
  return socket;
}

/** The posts stay under the per-person limit (30 a minute): the bench clears its own count between bursts. */
const POSTS_BETWEEN_RESETS = 25;
const RECEIPT_WAIT_MS = 5_000;

export async function measureCommentFanout({ baseUrl, pool, people = 50, comments = 100, log = () => {} }: CommentFanoutOptions): Promise<CommentFanoutResult> {
  const team = await teamWithProject(baseUrl, pool, `Comment fanout ${randomUUID().slice(0, 8)}`);
  const members = await joinedMembers(baseUrl, team, people - 1, 'Listener', 8);
  const task = await team.owner.client.post<{ id: string }>('/api/tasks', { projectId: team.projectId, name: 'Talked about', startDate: '2026-03-02', endDate: '2026-03-06' });
  log(`comment fanout: ${people} people seeded, opening ${members.length} sockets`);

  const sockets: ClientSocket[] = [];
  try {
    for (let i = 0; i < members.length; i += 10) sockets.push(...(await Promise.all(members.slice(i, i + 10).map((m) => openSocket(baseUrl, m)))));

    // Per comment body: when its POST started, and each socket's receipt.
    const started = new Map<string, number>();
    const samples: number[] = [];
    let pending: { body: string; left: number; done: () => void } | null = null;
    for (const socket of sockets) {
      socket.on('comment:created', ({ comment }) => {
        const at = performance.now();
        const start = started.get(comment.body);
        if (start === undefined) return;
        samples.push(at - start);
        if (pending?.body === comment.body && --pending.left === 0) pending.done();
      });
    }

    let missing = 0;
    const nonce = randomUUID().slice(0, 8);
    for (let i = 0; i < comments; i += 1) {
      if (i % POSTS_BETWEEN_RESETS === 0) await pool.query(`DELETE FROM conversation_post_throttle WHERE user_key = $1`, [team.owner.id]);
      const body = `Fanout ${nonce} #${i}: looks **good** to me`;
      const received = new Promise<void>((resolve) => (pending = { body, left: sockets.length, done: resolve }));
      started.set(body, performance.now());
      await team.owner.client.post(`/api/tasks/${task.id}/comments`, { body });
      const timedOut = await Promise.race([received.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), RECEIPT_WAIT_MS))]);
      if (timedOut) missing += (pending as { left: number } | null)?.left ?? 0;
      pending = null;
    }

    const result = {
      p50Ms: percentile(samples, 50),
      p95Ms: percentile(samples, 95),
      maxMs: samples.length ? Math.max(...samples) : Number.NaN,
      samples: samples.length,
      missing,
      people,
      comments,
    };
    log(`comment fanout: p50 ${result.p50Ms.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms, max ${result.maxMs.toFixed(1)} ms over ${result.samples} receipts`);
    return result;
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}
