/**
 * Values read for a project at one version of its rows (`projects.tasks_version`, raised with every change to
 * them), answered again while that version holds. Bounded by a size the caller measures (bytes, rows); the least
 * recently used project goes first, a value larger than the whole bound is not kept, and a value read at an older
 * version never replaces one read at a later version (a slow read that lost a race).
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: bigint; value: T; size: number }>();
  private total = 0;

  constructor(
    private readonly capacity: number,
    private readonly sizeOf: (value: T) => number,
  ) {}

  get(key: string, version: bigint): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(key); // to the end: most recently used
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * The value kept for `key` at whatever version, without counting as a use: a base that a caller brings up to date
   * (reading only what changed since) instead of reading everything again.
   */
  latest(key: string): { version: bigint; value: T } | undefined {
    const entry = this.entries.get(key);
    return entry && { version: entry.version, value: entry.value };
  }

  /** Keeps `value` as read at `version`, and returns it. */
  set(key: string, version: bigint, value: T): T {
    const kept = this.entries.get(key);
    if (kept && kept.version > version) return value;
    this.drop(key);
    const size = this.sizeOf(value);
    if (size > this.capacity) return value;
    this.entries.set(key, { version, value, size });
    this.total += size;
    for (const [other] of this.entries) {
      if (this.total <= this.capacity) break;
      this.drop(other);
    }
    return value;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }
}
