import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The server's V8 flags, as `npm start` and the Dockerfile pass them. */
const nodeFlags = JSON.parse(readFileSync(join(root, 'api', 'node-flags.json'), 'utf8')) as string[];

/** Binds `port` (0: any) on 127.0.0.1 and closes it again: the port it got, or null when it is taken. */
function probePort(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(null));
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/**
 * A port free to listen on. It is chosen below Linux's ephemeral range (32768–60999), where the kernel never
 * puts the local end of an outgoing connection: a port from that range can be taken by one of the thousands of
 * client connections parallel suites open, between the probe and the listen, or while a test has its server
 * stopped to restart it on the same port (the likely reason a private PostgreSQL once failed to start in CI).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await probePort(20_000 + Math.floor(Math.random() * 12_000));
    if (port !== null) return port;
  }
  const any = await probePort(0);
  if (any === null) throw new Error('no free port');
  return any;
}

export interface ServerProcess {
  url: string;
  port: number;
  /** The server's process id (benchmarks sample its CPU and memory from /proc). */
  pid: number;
  output(): string;
  /** SIGTERM and wait (graceful). */
  stop(): Promise<void>;
  /** SIGKILL and wait: no shutdown code runs. */
  kill(): Promise<void>;
}

/**
 * The product as a user runs it — `node --import tsx api/src/main.ts` — in its own process, resolved once
 * /api/health answers. `env` adds to the current environment (DATA_DIR, DATABASE_URL, ...).
 */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', join(root, 'api', 'src', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(listenPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));
  return {
    url,
    port: listenPort,
    pid: child.pid!,
    output: () => log,
    async stop() {
      child.kill('SIGTERM');
      await exited();
    },
    async kill() {
      child.kill('SIGKILL');
      await exited();
    },
  };
}
