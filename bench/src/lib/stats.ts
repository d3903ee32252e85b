/** The p-th percentile (0-100) of samples, nearest-rank; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (!samples.length) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

export function mean(samples: readonly number[]): number {
  return samples.length ? samples.reduce((a, b) => a + b, 0) / samples.length : Number.NaN;
}

const BUCKET_MS = 0.1;
const MAX_MS = 10_000;
const BUCKETS = MAX_MS / BUCKET_MS + 1; // the last bucket holds everything at or above MAX_MS

/**
 * Latencies in 0.1 ms buckets up to 10 s: millions of receipts cost 400 KB, and histograms from several load
 * processes add up exactly. Percentiles are accurate to the bucket width.
 */
export class LatencyHistogram {
  readonly counts = new Uint32Array(BUCKETS);
  total = 0;
  maxMs = 0;

  record(ms: number): void {
    const clamped = Math.max(0, ms);
    this.counts[Math.min(BUCKETS - 1, Math.floor(clamped / BUCKET_MS))]! += 1;
    this.total += 1;
    if (clamped > this.maxMs) this.maxMs = clamped;
  }

  /** Non-empty buckets only, for sending between processes. */
  toJSON(): SerializedHistogram {
    const buckets: [number, number][] = [];
    this.counts.forEach((count, i) => {
      if (count) buckets.push([i, count]);
    });
    return { buckets, total: this.total, maxMs: this.maxMs };
  }

  add(other: SerializedHistogram): void {
    for (const [i, count] of other.buckets) this.counts[i]! += count;
    this.total += other.total;
    this.maxMs = Math.max(this.maxMs, other.maxMs);
  }

  /** Upper edge of the bucket holding the p-th percentile (the max itself for p = 100). */
  percentile(p: number): number {
    if (!this.total) return Number.NaN;
    if (p >= 100) return this.maxMs;
    const rank = Math.max(1, Math.ceil((p / 100) * this.total));
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return i === BUCKETS - 1 ? this.maxMs : Math.min((i + 1) * BUCKET_MS, this.maxMs);
    }
    return this.maxMs;
  }
}

export interface SerializedHistogram {
  buckets: [number, number][];
  total: number;
  maxMs: number;
}
