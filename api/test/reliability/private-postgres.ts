import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../process.js';

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary folder, trust auth, a free port), so a test
 * can stop and start it without touching the machine's shared server that other suites use. PostgreSQL
 * refuses to run as root: as root, the binaries run as the `postgres` user.
 */
function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  const found = versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  return found ?? null;
}

const START_ATTEMPTS = 3;

const asRoot = () => process.getuid?.() === 0;

function postgresUser(): { uid: number; gid: number } | null {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** initdb and pg_ctl are installed, and (as root) there is a `postgres` user and runuser to switch to it. */
export function privatePostgresAvailable(): boolean {
  if (!binDir()) return false;
  if (!asRoot()) return true;
  return !!postgresUser() && spawnSync('sh', ['-c', 'command -v runuser']).status === 0;
}

export class PrivatePostgres {
  private running = false;
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
  ) {}

  /** A fresh cluster, started. */
  static async start(): Promise<PrivatePostgres> {
    const bin = binDir();
    if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
    const dir = mkdtempSync(join(tmpdir(), 'planline-pg-'));
    if (asRoot()) {
      const user = postgresUser()!;
      chownSync(dir, user.uid, user.gid);
    }
    let pg = new PrivatePostgres(bin, dir, await freePort());
    try {
      pg.run('initdb', ['-D', pg.dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
      // The free port is only free when it was chosen: a suite running beside this one can bind it before the
      // server does. The first start therefore tries other ports before it gives up.
      for (let attempt = 1; ; attempt++) {
        try {
          pg.start();
          break;
        } catch (err) {
          if (attempt === START_ATTEMPTS) throw err;
          pg = new PrivatePostgres(bin, dir, await freePort());
        }
      }
    } catch (err) {
      pg.destroy();
      throw err;
    }
    return pg;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  private run(tool: string, args: string[]): void {
    const command = join(this.bin, tool);
    const [file, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    execFileSync(file, argv, { stdio: 'pipe', timeout: 60_000 });
  }

  private get logFile(): string {
    return join(this.dir, 'server.log');
  }

  /**
   * Starts the server and waits until it accepts connections (pg_ctl -w). A failed start says why: the end of
   * the server's log is in the error, since pg_ctl itself only says "could not start server".
   */
  start(): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
    try {
      this.run('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-o', options, '-w', '-t', '60', 'start']);
    } catch (err) {
      const log = existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8').slice(-4000) : '(no server log)';
      throw new Error(`${(err as Error).message}\nserver log (port ${this.port}):\n${log}`);
    }
    this.running = true;
  }

  /** Stops the server the way a restart does: `fast` ends every session (57P01) and shuts down cleanly. */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
    this.running = false;
  }

  /** Stops the server if it runs and removes its folder. */
  destroy(): void {
    if (this.running) {
      try {
        this.stop('immediate');
      } catch {
        // already gone
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
