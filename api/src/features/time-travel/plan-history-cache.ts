import type { HistoryRow, PlanState } from '@planline/domain';

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
  private readonly entries = new Map<string, Entry>();
  private rows = 0;

  constructor(private readonly maxRows: number) {}

  get(projectId: string, version: bigint): Entry | undefined {
    const entry = this.entries.get(projectId);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(projectId);
    this.entries.set(projectId, entry);
    return entry;
  }

  set(projectId: string, entry: Entry): Entry {
    this.drop(projectId);
    if (entry.history.length > this.maxRows) return entry;
    for (const [id] of this.entries) {
      if (this.rows + entry.history.length <= this.maxRows) break;
      this.drop(id);
    }
    this.entries.set(projectId, entry);
    this.rows += entry.history.length;
    return entry;
  }

  private drop(projectId: string): void {
    const entry = this.entries.get(projectId);
    if (!entry) return;
    this.entries.delete(projectId);
    this.rows -= entry.history.length;
  }
}
