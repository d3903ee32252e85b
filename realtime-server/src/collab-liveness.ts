import { CloseCode } from '@planline/domain';
import type { WebSocket } from 'ws';
import type { RealtimeLogger } from './logger.js';

/**
 * Under overload, /collab slows down and says so; it does not drop everyone (issue 34 item 9).
 *
 * Liveness. Hocuspocus pings each socket every 30 s and closes it when the pong has not been read by the next ping.
 * A pong is read only when the event loop gets to it: a loop stalled past one interval (a flood of work, a slow
 * persistence turn, a collection of a big heap), or a client slowed by its own load, failed every connection whose
 * ping was out, all in the same turn. Here a connection is cut only after COLLAB_SILENT_CHECKS_BEFORE_CUT checks in
 * a row heard nothing from it (no pong, no message), counting only checks that ran on time, made after this turn's
 * input was read, with nothing of ours still waiting to go to it (the ping may sit behind it). Hocuspocus's own
 * check is set beyond reach (see createDocumentServer).
 *
 * Admission. While the event loop runs late by more than BUSY_EVENT_LOOP_LAG_MS (and BUSY_HOLD_MS after), a new
 * /collab connection is closed with CloseCode.Busy once authenticated, before it opens anything; the provider retries
 * with its jittered backoff (a close before the first message is a failed attempt), and the web says the server is
 * busy. While MAX_COLLAB_HANDSHAKES_IN_FLIGHT connections are being authenticated, a new upgrade is answered 503
 * with Retry-After. The connections already in are served, slower.
 */
export const COLLAB_PING_INTERVAL_MS = 30_000;
export const COLLAB_SILENT_CHECKS_BEFORE_CUT = 2;
export const BUSY_EVENT_LOOP_LAG_MS = 1000;
/** How long after a late turn new connections are still refused: the reconnect wave that follows a stall waits. */
export const BUSY_HOLD_MS = 2000;
export const MAX_COLLAB_HANDSHAKES_IN_FLIGHT = 32;
const LAG_SAMPLE_MS = 100;

interface Watched {
  heard: boolean;
  silentChecks: number;
}

export class CollabLiveness {
  private readonly sockets = new Map<WebSocket, Watched>();
  private readonly pingTimer: NodeJS.Timeout;
  private readonly lagTimer: NodeJS.Timeout;
  private lastPing = performance.now();
  private lastSample = performance.now();
  private busyUntil = 0;
  private handshakes = 0;
  /** The latest lateness of the event loop seen (ms), for logs and tests. */
  lagMs = 0;

  constructor(
    private readonly logger: RealtimeLogger,
    readonly pingIntervalMs = COLLAB_PING_INTERVAL_MS,
  ) {
    this.pingTimer = setInterval(() => this.tick(), pingIntervalMs).unref();
    this.lagTimer = setInterval(() => this.sample(), LAG_SAMPLE_MS).unref();
  }

  /** Watches a /collab socket until it closes: anything it sends, pongs included, says it is there. */
  watch(ws: WebSocket): void {
    const watched: Watched = { heard: true, silentChecks: 0 };
    this.sockets.set(ws, watched);
    const heard = () => (watched.heard = true);
    ws.on('pong', heard);
    ws.on('message', heard);
    ws.once('close', () => this.sockets.delete(ws));
  }

  /** True while the event loop runs (or just ran) late: a new connection is told to come back later. */
  get busy(): boolean {
    return performance.now() < this.busyUntil;
  }

  /** True while MAX_COLLAB_HANDSHAKES_IN_FLIGHT connections are being let in. */
  get handshakesFull(): boolean {
    return this.handshakes >= MAX_COLLAB_HANDSHAKES_IN_FLIGHT;
  }

  /** Counts a connection being let in (authentication and access checks) until `done` is called. */
  admitting(): () => void {
    this.handshakes += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.handshakes -= 1;
    };
  }

  /** Refuses a WebSocket the server has no room for now: it is told, and comes back later. */
  static refuseBusy(ws: WebSocket): void {
    ws.close(CloseCode.Busy, 'server busy');
    setTimeout(() => ws.terminate(), 1000).unref();
  }

  stop(): void {
    clearInterval(this.pingTimer);
    clearInterval(this.lagTimer);
  }

  private sample(): void {
    const now = performance.now();
    this.lagMs = Math.max(0, now - this.lastSample - LAG_SAMPLE_MS);
    this.lastSample = now;
    if (this.lagMs > BUSY_EVENT_LOOP_LAG_MS) {
      if (now >= this.busyUntil) this.logger.warn({ lagMs: Math.round(this.lagMs) }, 'event loop late: new collab connections wait');
      this.busyUntil = now + BUSY_HOLD_MS;
    }
  }

  private tick(): void {
    const now = performance.now();
    const late = now - this.lastPing - this.pingIntervalMs > this.pingIntervalMs / 2 || now < this.busyUntil;
    this.lastPing = now;
    // Judged once this turn has read what waits on the sockets (setImmediate runs after the poll phase): a pong that
    // arrived while the loop was busy counts.
    setImmediate(() => this.check(late));
  }

  private check(loopWasLate: boolean): void {
    for (const [ws, watched] of this.sockets) {
      if (ws.readyState !== ws.OPEN) continue;
      if (watched.heard) watched.silentChecks = 0;
      else if (!loopWasLate && ws.bufferedAmount === 0) watched.silentChecks += 1;
      watched.heard = false;
      if (watched.silentChecks >= COLLAB_SILENT_CHECKS_BEFORE_CUT) {
        this.logger.warn({ silentMs: watched.silentChecks * this.pingIntervalMs }, 'collab connection silent: cut');
        ws.terminate();
        continue;
      }
      try {
        ws.ping();
      } catch {
        // closing already
      }
    }
  }
}
