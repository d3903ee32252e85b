import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { freePort } from '@planline/api/test/process';
import { assertRunning, onCleanup, trackPid, untrackPid } from '../lib/cleanup.js';
import type { BenchDatabase } from '../lib/database.js';
import { benchRoot, repoRoot } from '../lib/paths.js';
import { startPlanlineServer, type BenchServer } from '../lib/server.js';

/**
 * The server side of the realtime benchmark is pluggable: a topology starts its processes and says where load
 * clients connect (spread round-robin over `clientUrls`) and which pids to sample for CPU and memory.
 */
export interface TopologyContext {
  db: BenchDatabase;
  sessionSecret: string;
}

export interface RunningTopology {
  clientUrls: string[];
  /** Where seeding calls the API; null for bare Hocuspocus (no API, no auth, no persistence). */
  apiUrl: string | null;
  serverPids: number[];
  stop(): Promise<void>;
}

export interface Topology {
  id: 'one-instance' | 'two-instances' | 'bare-hocuspocus';
  label: string;
  /** Planline (auth, persistence, Socket.IO events) rather than bare Hocuspocus. */
  planline: boolean;
  start(context: TopologyContext): Promise<RunningTopology>;
}

/** A topology that cannot run on this machine (no redis-server); the benchmark reports it as not run, with this reason. */
export class TopologyUnavailable extends Error {}

/** Embedded mode: one process serving the API, Socket.IO and Hocuspocus over PostgreSQL. */
export const oneInstance: Topology = {
  id: 'one-instance',
  label: 'Planline, one instance',
  planline: true,
  async start({ db, sessionSecret }) {
    const server = await startPlanlineServer(db, sessionSecret);
    return { clientUrls: [server.url], apiUrl: server.url, serverPids: [server.pid], stop: server.close };
  },
};

/** A redis-server of the run's own (nothing shared with anyone else's tests), gone with the topology. */
async function startRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  assertRunning();
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  let missing = false;
  child.once('error', () => (missing = true));
  trackPid(child.pid);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = onCleanup('redis-server', async () => {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    child.kill('SIGKILL');
    untrackPid(child.pid);
  });
  const deadline = Date.now() + 10_000;
  while (!(await new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => (socket.destroy(), resolve(false)));
  }))) {
    if (missing || child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new TopologyUnavailable('redis-server did not start (scaled mode needs it installed)');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, stop };
}

/**
 * Scaled mode (ARCHITECTURE "Scaled mode"): one api process and two realtime processes (ROLE=api|realtime) on the
 * bench's PostgreSQL and a Redis of the run's own. Clients alternate between the two realtime processes, as the
 * proxy's round-robin would send them (connecting directly leaves nginx's hop out of the figures), so every edit
 * has receivers on the instance that does not own the document. All three processes are sampled.
 */
export async function startTwoInstances({ db, sessionSecret }: TopologyContext): Promise<RunningTopology> {
  const redis = await startRedis();
  const started: BenchServer[] = [];
  const stop = async () => {
    for (const server of started.reverse()) await server.close();
    await redis.stop();
  };
  try {
    // The api process first: it migrates, the realtime processes then find the database ready.
    const api = await startPlanlineServer(db, sessionSecret, { REDIS_URL: redis.url, ROLE: 'api' });
    started.push(api);
    const realtime = await Promise.all([1, 2].map(() => startPlanlineServer(db, sessionSecret, { REDIS_URL: redis.url, ROLE: 'realtime' })));
    started.push(...realtime);
    return { clientUrls: realtime.map((r) => r.url), apiUrl: api.url, serverPids: started.map((s) => s.pid), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export const twoInstances: Topology = {
  id: 'two-instances',
  label: 'Planline, two instances (Redis)',
  planline: true,
  start: startTwoInstances,
};

/** `new Server({ port })` of Hocuspocus 3 with no extensions and no hooks: no auth, no persistence. */
export const bareHocuspocus: Topology = {
  id: 'bare-hocuspocus',
  label: 'Bare Hocuspocus 3',
  planline: false,
  async start() {
    assertRunning();
    const port = await freePort();
    let log = '';
    const child = spawn(process.execPath, ['--import', 'tsx', join(benchRoot, 'src', 'realtime', 'bare-hocuspocus-server.ts')], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (log += d));
    child.stderr?.on('data', (d) => (log += d));
    trackPid(child.pid);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const stop = onCleanup('bare Hocuspocus', async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      child.kill('SIGKILL');
      untrackPid(child.pid);
    });
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`bare Hocuspocus exited early:\n${log}`);
      try {
        if ((await fetch(url)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`bare Hocuspocus did not start:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return { clientUrls: [url], apiUrl: null, serverPids: [child.pid!], stop };
  },
};

export const TOPOLOGIES: readonly Topology[] = [oneInstance, twoInstances, bareHocuspocus];
