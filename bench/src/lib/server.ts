import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, type ServerProcess } from '@planline/api/test/process';
import { assertRunning, onCleanup, trackPid, untrackPid } from './cleanup.js';
import type { BenchDatabase } from './database.js';

export interface BenchServer extends ServerProcess {
  /** Stops the server (graceful) and forgets its cleanup. */
  close(): Promise<void>;
}

/**
 * The product as production runs it (`node api/src/main.ts`, NODE_ENV=production) over the bench's PostgreSQL
 * database, in its own process, through the test suite's startServerProcess. Every Planline server of a run
 * shares one SESSION_SECRET, so sessions made through one are good on all.
 */
export async function startPlanlineServer(db: BenchDatabase, sessionSecret: string, env: Record<string, string> = {}): Promise<BenchServer> {
  assertRunning();
  const dataDir = mkdtempSync(join(tmpdir(), 'planline-bench-'));
  let server: ServerProcess;
  try {
    server = await startServerProcess({
      NODE_ENV: 'production',
      DATABASE_URL: db.url,
      REDIS_URL: '',
      DATA_DIR: dataDir,
      SESSION_SECRET: sessionSecret,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      ...env,
    });
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  trackPid(server.pid);
  const close = onCleanup(`server ${server.url}`, async () => {
    // Graceful first; a server that has not exited 15 s later is killed.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([server.stop(), new Promise<void>((r) => (timer = setTimeout(r, 15_000)))]);
    clearTimeout(timer);
    await server.kill();
    untrackPid(server.pid);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { ...server, close };
}
