import type { HistoryRow, PlanState } from '@planline/domain';
import { VersionedCache } from '../../http/versioned-cache.js';
import type { HistorySince } from './time-travel.queries.js';

/** A project's history as read so far: every row with a seq up to `lastSeq`, newest first. */
export interface HistoryRead {
  history: readonly HistoryRow[];
  lastSeq: bigint;
}

interface Entry extends HistoryRead {
  version: bigint;
  now: PlanState;
}

/**
 * `base` brought up to date with the rows read after its mark (`since`, read with `base.lastSeq`, or 0 without a
 * base), or null when the rows up to the mark are no longer the ones it holds: a transaction that took its seq
 * before the mark was read committed after (rows commit out of seq and time order), and only reading the whole
 * history again puts its rows in their place. History rows are never changed or removed (but with their project),
 * so the same count means the same rows.
 */
export function extendHistory(base: HistoryRead | undefined, since: HistorySince): HistoryRead | null {
  if (since.rowsUpToMark !== (base?.history.length ?? 0)) return null;
  return { history: base ? since.rows.concat(base.history) : since.rows, lastSeq: since.lastSeq };
}

/**
 * A project's rows and history as read at one task list version (projects.tasks_version, raised with every change
 * of its rows and history): a scrubber asks for many instants of the same plan. After a change, the history is
 * brought up to date from the one kept (`latest`, extendHistory) instead of read whole again: reading and parsing
 * 100,000 rows cost most of the first rebuild after each change. Kept for a few projects at most (`maxRows` history
 * rows in all), the least recently used going first. The cached values are never changed (planAt copies what it
 * changes; a newer history is a new array).
 */
export class PlanHistoryCache {
  private readonly plans: VersionedCache<Entry>;

  constructor(maxRows: number) {
    this.plans = new VersionedCache(maxRows, (entry) => entry.history.length);
  }

  get(projectId: string, version: bigint): Entry | undefined {
    return this.plans.get(projectId, version);
  }

  /** The history kept for the project at whatever version, to read only what is newer. */
  latest(projectId: string): HistoryRead | undefined {
    return this.plans.latest(projectId)?.value;
  }

  set(projectId: string, entry: Entry): Entry {
    return this.plans.set(projectId, entry.version, entry);
  }
}
