import { isDatabaseUnavailable } from '@planline/db';
import type { RealtimeLogger } from '../logger.js';

/** What the queue needs of a change: a promise its waiters (a REST edit) hold, settled by the queue. */
export interface Queued {
  /** Settles once the change is stored, or rejects once it could not be. */
  stored: Promise<void>;
  settleStored: (err?: unknown) => void;
}

/** `fields` as a queued change, its `stored` not yet settled. */
export function queued<T extends object>(fields: T): T & Queued {
  let settle!: (err?: unknown) => void;
  const stored = new Promise<void>((resolve, reject) => {
    settle = (err) => (err === undefined ? resolve() : reject(err));
  });
  // A browser's change has no waiter, and an unhandled rejection would end the process.
  stored.catch(() => {});
  return { ...fields, stored, settleStored: settle };
}

export interface WriteQueueOptions {
  /** Waits between the tries of one turn. */
  retryDelaysMs: readonly number[];
  /** After the retries: how often changes kept through an outage are tried again. */
  recoveryIntervalMs: number;
  /** Whether a failure means the database is away (the changes are kept) rather than a bad change (dropped). */
  isUnavailable: (err: unknown) => boolean;
}

const DEFAULTS: WriteQueueOptions = { retryDelaysMs: [100, 500, 2000], recoveryIntervalMs: 2000, isUnavailable: isDatabaseUnavailable };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * The most changes one turn stores: a turn holds the embedded database (one query at a time) for all its changes,
 * so a flood's turn must stay short for another project's to come between (about 2 statements per change).
 */
export const MAX_CHANGES_PER_TURN = 20;
/** The longest a project rests between turns, so a slow turn (an outage's retries) does not hold the next long. */
const MAX_REST_MS = 500;

/**
 * The write queues of this process with a turn waiting or writing. A project rests between turns only while
 * another is in here: resting when no one else wants the database would only cut a busy project's throughput
 * (with a rest after every turn, the realtime benchmark's one project of 20 editors fell seconds behind under load).
 */
const busyQueues = new Set<object>();

/**
 * One project's writes, in turns (ARCHITECTURE, the task write path). A turn takes every change queued since the
 * last one and hands them, oldest first, to `store` (one database transaction for all of them): under a burst of
 * edits a project's writes keep up because one transaction stores many changes, not one each.
 *
 * Failures: a turn is tried again after each of `retryDelaysMs`. If the database is away after that, the changes
 * stay in the live document, so they are kept, not dropped: stored, in order, with the next turn or by a
 * recovery attempt every `recoveryIntervalMs`, while their waiters are answered with the failure now. Any other
 * failure is retried change by change, and a change that fails alone is dropped (and logged): one bad change
 * cannot hold up the project's others.
 */
export class WriteQueue<C extends Queued> {
  private tail: Promise<void> = Promise.resolve();
  private pending: C[] = [];
  private turnQueued = false;
  /** Changes whose writes failed every retry (the database was away), oldest first: stored before any later one. */
  private unsaved: C[] = [];
  private recovery: NodeJS.Timeout | null = null;
  private closed = false;
  /** The change queued last: what a REST edit waits for. */
  last: C | null = null;
  /** When the project's next turn may start (fair shares of the database). */
  private restUntil = 0;
  private readonly options: WriteQueueOptions;

  constructor(
    private readonly store: (changes: C[]) => Promise<void>,
    private readonly logger: RealtimeLogger,
    private readonly projectId: string,
    options: Partial<WriteQueueOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Queues a change for the next turn; a turn already writing leaves it to the one after. */
  enqueue(change: C): void {
    this.pending.push(change);
    this.last = change;
    if (this.turnQueued) return;
    this.turnQueued = true;
    this.queueTurn();
  }

  /** Settles once everything queued so far was stored (rejects when any of the last turn's changes was not). */
  get settled(): Promise<void> {
    return this.tail;
  }

  /** Resolves once every change queued so far has been tried, whatever became of it. */
  whenSettled(): Promise<void> {
    return this.tail.catch(() => {});
  }

  /** Resolves once the last change is stored (rejects if it could not be). */
  whenPersisted(): Promise<void> {
    return this.last?.stored ?? Promise.resolve();
  }

  /**
   * Finishes the queued turns and tries once more what an outage kept; no more recovery after this. What still
   * fails is logged: whoever has those changes (a browser that was cut off) sends them again on reconnect.
   */
  async close(): Promise<void> {
    // A turn that left changes for the next queues it before it settles.
    do await this.tail.catch(() => {});
    while (this.turnQueued);
    this.closed = true;
    if (this.recovery) clearTimeout(this.recovery);
    this.recovery = null;
    if (!this.unsaved.length) return;
    await this.store(this.unsaved).catch((err: unknown) => {
      this.logger.error({ err, projectId: this.projectId, changes: this.unsaved.length }, 'document unloaded with changes that could not be stored');
    });
  }

  private queueTurn(): void {
    busyQueues.add(this);
    this.tail = this.tail
      .catch(() => {}) // an earlier failure was reported to its own waiters
      .then(async () => {
        // Fair shares of the database (issue 34): while another project has a turn waiting or writing, a project
        // rests as long as its last turn took before it takes the next, gathering what arrives meanwhile into that
        // one turn. A flood of one project then holds the database at most half the time while others want it,
        // and another project's turn waits for at most one of its turns; alone, a project writes back to back.
        const rest = this.restUntil - performance.now();
        if (rest > 0 && busyQueues.size > 1) await sleep(Math.min(rest, MAX_REST_MS));
        this.turnQueued = false;
        const started = performance.now();
        try {
          return await this.turn();
        } finally {
          this.restUntil = performance.now() + (performance.now() - started);
          // What a turn left for the next (more than MAX_CHANGES_PER_TURN were waiting) goes after the rest.
          if (this.pending.length && !this.turnQueued && !this.closed) {
            this.turnQueued = true;
            this.queueTurn();
          } else if (!this.turnQueued) {
            busyQueues.delete(this);
          }
        }
      });
    // A database outage must not take the process down through an unhandled rejection.
    this.tail.catch(() => {});
  }

  /** One turn: the changes kept from an outage, then everything queued since. Rejects when any was not stored. */
  private async turn(): Promise<void> {
    const fresh = this.pending.splice(0, MAX_CHANGES_PER_TURN);
    const changes = [...this.unsaved, ...fresh];
    if (!changes.length) return;
    try {
      await this.storeWithRetry(changes);
      this.unsaved = [];
      for (const change of fresh) change.settleStored();
      return;
    } catch (err) {
      if (this.options.isUnavailable(err)) return this.keepUnsaved(changes, fresh, err);
      if (changes.length === 1) {
        this.unsaved = [];
        this.logger.error({ err, projectId: this.projectId }, 'could not persist a document change');
        changes[0]!.settleStored(err);
        throw err;
      }
    }
    this.unsaved = [];
    let failure: unknown;
    for (const [i, change] of changes.entries()) {
      try {
        await this.storeWithRetry([change]);
        change.settleStored();
      } catch (err) {
        if (this.options.isUnavailable(err)) return this.keepUnsaved(changes.slice(i), fresh, err);
        this.logger.error({ err, projectId: this.projectId }, 'could not persist a document change; dropped');
        change.settleStored(err);
        failure ??= err;
      }
    }
    if (failure !== undefined) throw failure;
  }

  private keepUnsaved(kept: C[], fresh: C[], err: unknown): never {
    this.logger.error({ err, projectId: this.projectId, changes: kept.length }, 'could not persist a document change; kept (with any later ones) until the database is back');
    this.unsaved = kept;
    const waiting = new Set(kept);
    for (const change of fresh) change.settleStored(waiting.has(change) ? err : undefined);
    this.scheduleRecovery();
    throw err;
  }

  private async storeWithRetry(changes: C[]): Promise<void> {
    const delays = this.options.retryDelaysMs;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.store(changes);
      } catch (err) {
        if (attempt >= delays.length) throw err;
        this.logger.warn({ err, projectId: this.projectId, attempt, changes: changes.length }, 'persisting document changes failed; retrying');
        await sleep(delays[attempt]!);
      }
    }
  }

  private scheduleRecovery(): void {
    if (this.recovery || this.closed) return;
    this.recovery = setTimeout(() => {
      this.recovery = null;
      if (this.closed || !this.unsaved.length) return;
      this.queueTurn();
      this.tail.then(
        () => this.logger.info({ projectId: this.projectId }, 'document changes stored after the database came back'),
        () => {}, // still away: the turn has logged it and scheduled the next attempt
      );
    }, this.options.recoveryIntervalMs);
    this.recovery.unref();
  }
}

/** A turn gives the event loop a turn of its own after about this many tasks judged or written. */
const TASKS_BETWEEN_PAUSES = 100;

/**
 * Judging and storing run on promises that settle as microtasks (PGlite answers on this thread), so a turn of
 * many changes would hold every timer and request of the process until it ends. Counting the tasks handled, this
 * lets the event loop run once per TASKS_BETWEEN_PAUSES; a turn of a few edits never pauses.
 */
export function pauser(): (tasks: number) => Promise<void> {
  let handled = 0;
  return async (tasks) => {
    handled += tasks;
    if (handled < TASKS_BETWEEN_PAUSES) return;
    handled = 0;
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
}
