import type { HistoryRow, PlanState } from '@planline/domain';
import { VersionedCache } from '../../http/versioned-cache.js';

interface Entry {
  version: bigint;
  now: PlanState;
  history: readonly HistoryRow[];
}

/**
 * A project's rows and whole history as read at one task list version (projects.tasks_version, raised with every
 * change of its rows and history): a scrubber asks for many instants of the same plan, and reading 100,000 history
 * rows again for each cost most of a rebuild. Kept for a few projects at most (`maxRows` history rows in all), the
 * least recently used going first. The cached values are never changed (planAt copies what it changes).
 */
export class PlanHistoryCache {
  private readonly plans: VersionedCache<Entry>;

  constructor(maxRows: number) {
    this.plans = new VersionedCache(maxRows, (entry) => entry.history.length);
  }

  get(projectId: string, version: bigint): Entry | undefined {
    return this.plans.get(projectId, version);
  }

  set(projectId: string, entry: Entry): Entry {
    return this.plans.set(projectId, entry.version, entry);
  }
}
