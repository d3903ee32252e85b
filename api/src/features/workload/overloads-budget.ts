import { AppError } from '../../errors.js';

export const OVERLOADS_BUSY_MESSAGE =
  'Over-allocation is being worked out again too often for this person or team. The chart keeps the last figures it had and reads them again by itself in a moment.';

/** The computation time one person, and one team, may spend on working out spans (a kept answer costs nothing). */
export interface OverloadsBudgetLimits {
  /** What a person may spend at once, from a full balance, in ms of computation. */
  personBurstMs: number;
  /** How fast a person's balance refills: ms of computation per second of the clock. */
  personMsPerSecond: number;
  teamBurstMs: number;
  teamMsPerSecond: number;
  /** Reserved at the start of a team's computation before any has been measured (then: its last measured cost). */
  firstEstimateMs: number;
}

/**
 * The budget exists only so that one person or team cannot hold the server for seconds on end (a 100,000-task team
 * computes for seconds). A person may spend 10 s of computation a minute, in a burst of up to 10 s: at 2.5 s a
 * computation that is 4 in a row then one every 15 s, and at a few ms (a team of small projects) thousands, so
 * every edit's refetch is served. A team (its members together) gets twice that: a third of one event loop, the
 * rest left to everyone else. Before a team's first measured computation 1 s is reserved, so a burst of parallel
 * reads of new ranges cannot all start on an unknown cost.
 */
export const OVERLOADS_BUDGET: OverloadsBudgetLimits = {
  personBurstMs: 10_000,
  personMsPerSecond: 10_000 / 60,
  teamBurstMs: 30_000,
  teamMsPerSecond: 20_000 / 60,
  firstEstimateMs: 1_000,
};

/** Entries idle this long are forgotten once full again (a sweep at most this often). */
const FORGET_IDLE_MS = 60_000;

interface Balance {
  ms: number;
  /** When `ms` was last brought up to date (the budget's clock). */
  at: number;
}

/**
 * Balances by key in ms of computation, refilling at `msPerSecond` up to `burstMs`. A debt model: a charge is taken
 * whatever the balance, and a key below zero is refused until the refill has paid the debt back.
 */
class Balances {
  private readonly balances = new Map<string, Balance>();
  private lastSweep: number;

  constructor(
    private readonly burstMs: number,
    private readonly msPerSecond: number,
    private readonly now: () => number,
  ) {
    this.lastSweep = now();
  }

  /** The balance of `key` now: negative while it is in debt. */
  current(key: string): number {
    const now = this.now();
    if (now - this.lastSweep > FORGET_IDLE_MS) this.sweep(now);
    const balance = this.balances.get(key);
    if (!balance) return this.burstMs;
    balance.ms = Math.min(this.burstMs, balance.ms + ((now - balance.at) / 1000) * this.msPerSecond);
    balance.at = now;
    return balance.ms;
  }

  /** Takes `ms` from the balance of `key`, whatever it is; a negative charge gives back (up to the burst). */
  charge(key: string, ms: number): void {
    this.balances.set(key, { ms: Math.min(this.burstMs, this.current(key) - ms), at: this.now() });
  }

  /** Whole seconds until the debt of `key` is paid back (at least 1). */
  secondsToPay(key: string): number {
    return Math.max(1, Math.ceil(-this.current(key) / this.msPerSecond));
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    // A full balance and a forgotten one are the same.
    for (const [key, b] of this.balances) if (b.ms + ((now - b.at) / 1000) * this.msPerSecond >= this.burstMs) this.balances.delete(key);
  }
}

/**
 * [workload-overloads-cache] The computation time of spans a person and a team may spend (this process's; in scaled
 * mode each keeps its own). A computation is charged what it took, measured from begin() to its end, to the person
 * who started it and to their team: a cheap one is all but free, an expensive one puts them in debt, and a person or
 * team in debt is refused (429, with the seconds until it is paid back) until the refill has paid it. While a
 * computation runs, the team's last measured cost is reserved, so parallel starts cannot all pass on a full balance.
 */
export class OverloadsBudget {
  private readonly people: Balances;
  private readonly teams: Balances;
  /** Each team's last measured cost, the estimate reserved while its next computation runs. */
  private readonly lastCost = new Map<string, number>();

  private readonly now: () => number;
  private readonly cost: (elapsedMs: number) => number;

  /**
   * `now` is the clock in ms (performance.now); `cost` what a computation that took `elapsedMs` is charged (its
   * elapsed time; a test of the route charges a fixed cost, its computations being a few ms on any machine).
   */
  constructor(
    private readonly limits: OverloadsBudgetLimits = OVERLOADS_BUDGET,
    options: { now?: () => number; cost?: (elapsedMs: number) => number } = {},
  ) {
    this.now = options.now ?? (() => performance.now());
    this.cost = options.cost ?? ((elapsedMs) => elapsedMs);
    this.people = new Balances(limits.personBurstMs, limits.personMsPerSecond, this.now);
    this.teams = new Balances(limits.teamBurstMs, limits.teamMsPerSecond, this.now);
  }

  /**
   * Begins a computation of `userId` for `teamId`, or throws the 429 (nothing charged) when either is in debt. The
   * returned function ends it: call it once the computation has settled, failed ones too (they cost as much).
   */
  begin(userId: string, teamId: string): () => void {
    for (const [balances, key] of [[this.people, userId], [this.teams, teamId]] as const) {
      if (balances.current(key) < 0) {
        throw new AppError('too_many_requests', OVERLOADS_BUSY_MESSAGE, { retryAfterSeconds: balances.secondsToPay(key) });
      }
    }
    const reserved = this.lastCost.get(teamId) ?? this.limits.firstEstimateMs;
    this.people.charge(userId, reserved);
    this.teams.charge(teamId, reserved);
    const started = this.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const cost = this.cost(this.now() - started);
      this.people.charge(userId, cost - reserved);
      this.teams.charge(teamId, cost - reserved);
      // Oldest first: a team set again goes last, and past the cap the one not measured longest is forgotten.
      this.lastCost.delete(teamId);
      this.lastCost.set(teamId, cost);
      if (this.lastCost.size > MAX_TEAM_ESTIMATES) this.lastCost.delete(this.lastCost.keys().next().value!);
    };
  }
}

/** Teams whose last cost is remembered (a forgotten one reserves firstEstimateMs again). */
const MAX_TEAM_ESTIMATES = 10_000;
