import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openTestDatabase, type TestDatabase } from '@planline/db/testing';
import { freePort, startServerProcess, type ServerProcess } from './process.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Scaled mode needs PostgreSQL (DATABASE_URL), and the topology tests run their own redis-server and nginx. */
export function scaledTopologyAvailable(): boolean {
  const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
  return !!process.env.DATABASE_URL && !!process.env.REDIS_URL && has('redis-server') && has('nginx');
}

function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A redis-server of the test's own (so it can be stopped and started without touching anyone else's). */
export class RedisProcess {
  private child: ChildProcess | null = null;
  private constructor(readonly port: number) {}

  static async start(): Promise<RedisProcess> {
    const redis = new RedisProcess(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitForPort(this.port);
  }

  /** SIGKILL: Redis goes away with everything in it (nothing is saved). */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child) return;
    child.kill('SIGKILL');
    await exited(child);
  }
}

/** nginx running the committed deploy/nginx.conf, with the compose service names replaced by local ports. */
class ProxyProcess {
  private constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
    readonly url: string,
  ) {}

  static async start(apiPort: number, realtimePorts: number[]): Promise<ProxyProcess> {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'planline-nginx-'));
    let conf = readFileSync(join(root, 'deploy', 'nginx.conf'), 'utf8')
      .replace('server api:3000', `server 127.0.0.1:${apiPort}`)
      .replace('listen 8080;', `listen 127.0.0.1:${port};`)
      .replace('worker_processes auto;', 'worker_processes 1;');
    realtimePorts.forEach((p, i) => (conf = conf.replace(`server realtime-${i + 1}:3000`, `server 127.0.0.1:${p}`)));
    if (/ (api|realtime-\d):3000/.test(conf)) throw new Error('deploy/nginx.conf has upstreams this test does not know');
    writeFileSync(join(dir, 'nginx.conf'), conf);
    const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', `daemon off; pid ${join(dir, 'nginx.pid')};`], {
      stdio: 'ignore',
    });
    await waitForPort(port);
    return new ProxyProcess(child, dir, `http://127.0.0.1:${port}`);
  }

  async stop(): Promise<void> {
    this.child.kill('SIGTERM');
    await exited(this.child);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface ScaledTopology {
  /** The one public origin (nginx). */
  url: string;
  api: ServerProcess;
  realtime: ServerProcess[];
  redis: RedisProcess;
  database: TestDatabase;
  /** Starts realtime process `index` again on its port (after a test killed it). */
  restartRealtime(index: number): Promise<ServerProcess>;
  stop(): Promise<void>;
}

/**
 * The docker-compose topology as plain processes: a fresh PostgreSQL database, a redis-server, one api
 * process, `realtimeCount` realtime processes and nginx in front of them.
 */
export async function startScaledTopology(realtimeCount = 2): Promise<ScaledTopology> {
  const database = await openTestDatabase();
  if (database.config.kind !== 'postgres') throw new Error('scaled mode needs PostgreSQL (DATABASE_URL)');
  const redis = await RedisProcess.start();
  const dataDir = mkdtempSync(join(tmpdir(), 'planline-scaled-'));
  const env = {
    DATABASE_URL: database.config.url,
    REDIS_URL: redis.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'scaled-topology-test-secret-0123456789abcdef',
  };
  const processes: ServerProcess[] = [];
  let proxy: ProxyProcess | null = null;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(processes.map((p) => p.stop().catch(() => {})));
    await redis.kill();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The api process migrates the database first; the realtime processes then find it ready.
    const api = await startServerProcess({ ...env, ROLE: 'api' });
    processes.push(api);
    const realtime = await Promise.all(Array.from({ length: realtimeCount }, () => startServerProcess({ ...env, ROLE: 'realtime' })));
    processes.push(...realtime);
    proxy = await ProxyProcess.start(
      api.port,
      realtime.map((r) => r.port),
    );
    const restartRealtime = async (index: number) => {
      const previous = realtime[index]!;
      await previous.stop().catch(() => {});
      const started = await startServerProcess({ ...env, ROLE: 'realtime' }, previous.port);
      realtime[index] = started;
      processes.push(started);
      return started;
    };
    return { url: proxy.url, api, realtime, redis, database, restartRealtime, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
