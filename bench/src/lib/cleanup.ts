/**
 * Everything a benchmark starts (server processes, load workers, browsers, the bench database) registers how to
 * undo it here. Undo runs in reverse order when the run ends, fails, or is interrupted (Ctrl-C, SIGTERM); a
 * process still alive when Node exits gets SIGKILL by its pid (only pids this run started).
 */
type Undo = () => Promise<void> | void;

const undos: { label: string; undo: Undo }[] = [];
let interrupted = false;
const pids = new Set<number>();

/** Thrown where a run that was interrupted would start something new. */
export class Interrupted extends Error {
  constructor() {
    super('interrupted');
  }
}

/** Call before starting a process or making a resource: an interrupted run starts nothing more. */
export function assertRunning(): void {
  if (interrupted) throw new Interrupted();
}

/**
 * Registers an undo; the returned function runs it now (once) and forgets it. Registered after an interruption
 * (the thing was already under way), the undo runs at once and Interrupted is thrown.
 */
export function onCleanup(label: string, undo: Undo): () => Promise<void> {
  const entry = { label, undo };
  if (interrupted) {
    undos.push(entry);
    void cleanupAll();
    throw new Interrupted();
  }
  undos.push(entry);
  return async () => {
    const i = undos.indexOf(entry);
    if (i < 0) return;
    undos.splice(i, 1);
    await entry.undo();
  };
}

/** A child process this run started: killed by pid if it outlives the run. */
export function trackPid(pid: number | undefined): void {
  if (pid) pids.add(pid);
}

export function untrackPid(pid: number | undefined): void {
  if (pid) pids.delete(pid);
}

let running: Promise<void> | undefined;
/** Runs every registered undo, newest first; callers at the same time (a signal and the run's own end) share one pass. */
export function cleanupAll(): Promise<void> {
  running ??= (async () => {
    while (undos.length) {
      const { label, undo } = undos.pop()!;
      try {
        await undo();
      } catch (err) {
        console.error(`cleanup (${label}) failed:`, err instanceof Error ? err.message : err);
      }
    }
  })().finally(() => (running = undefined));
  return running;
}

function killTracked(): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  pids.clear();
}

/** True once Ctrl-C or SIGTERM arrived: the run stops and writes no report. */
export const wasInterrupted = () => interrupted;

/** Ctrl-C or SIGTERM: undo everything (a second signal skips straight to killing), then exit 130. */
export function installSignalHandlers(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (interrupted) {
        killTracked();
        process.exit(130);
      }
      interrupted = true;
      console.error(`\n${signal}: stopping the benchmark and cleaning up…`);
      const timer = setTimeout(() => {
        killTracked();
        process.exit(130);
      }, 30_000);
      cleanupAll().finally(() => {
        clearTimeout(timer);
        killTracked();
        process.exit(130);
      });
    });
  }
  process.on('exit', killTracked);
}
