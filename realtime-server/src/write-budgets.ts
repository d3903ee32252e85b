import {
  EDITS_BURST,
  EDITS_PER_SECOND,
  PROJECT_TASKS_ADDED_BURST,
  PROJECT_TASKS_ADDED_PER_SECOND,
  TASKS_ADDED_BURST,
  TASKS_ADDED_PER_SECOND,
} from '@planline/domain';
import { TokenBucket } from './token-bucket.js';

/** Buckets that have not been touched for this long are full again and are forgotten. */
const FORGET_IDLE_MS = 60_000;

/** Token buckets by key (a person, a project), each refilling within FORGET_IDLE_MS; idle ones are forgotten. */
export class Buckets {
  private readonly buckets = new Map<string, { bucket: TokenBucket; used: number }>();
  private lastSweep = performance.now();

  constructor(
    private readonly perSecond: number,
    private readonly capacity: number,
  ) {}

  take(key: string, count: number): boolean {
    const now = performance.now();
    if (now - this.lastSweep > FORGET_IDLE_MS) this.sweep(now);
    let entry = this.buckets.get(key);
    if (!entry) this.buckets.set(key, (entry = { bucket: new TokenBucket(this.perSecond, this.capacity), used: now }));
    entry.used = now;
    return entry.bucket.take(count);
  }

  /** Gives back what `take` took, when a later check refused the same write. */
  refund(key: string, count: number): void {
    this.buckets.get(key)?.bucket.give(count);
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    // A bucket idle this long has refilled (every bucket here refills within FORGET_IDLE_MS): a new one is the same.
    for (const [key, entry] of this.buckets) if (now - entry.used > FORGET_IDLE_MS) this.buckets.delete(key);
  }
}

/**
 * Write budgets (issue 34 items 1 and 8), per person and per project over every connection and write path of this
 * process: document updates (connection-guard.ts) and REST task writes take from the same buckets, so a person
 * with 25 connections has the budget of one. In scaled mode each process keeps its own.
 */
export class WriteBudgets {
  private readonly edits = new Buckets(EDITS_PER_SECOND, EDITS_BURST);
  private readonly personTasks = new Buckets(TASKS_ADDED_PER_SECOND, TASKS_ADDED_BURST);
  private readonly projectTasks = new Buckets(PROJECT_TASKS_ADDED_PER_SECOND, PROJECT_TASKS_ADDED_BURST);

  /** One edit (a document update, a REST write) of `userId`; false past the budget. */
  edit(userId: string): boolean {
    return this.edits.take(userId, 1);
  }

  /** `count` new tasks of `userId` in `projectId`; false past the person's or the project's budget. */
  addTasks(userId: string, projectId: string, count: number): boolean {
    if (!this.personTasks.take(userId, count)) return false;
    if (this.projectTasks.take(projectId, count)) return true;
    this.personTasks.refund(userId, count);
    return false;
  }
}
