/** A token bucket: `perSecond` tokens a second, at most `capacity` held. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly capacity: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = capacity;
    this.last = now();
  }

  /** Takes `count` tokens if there are that many. */
  take(count = 1): boolean {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < count) return false;
    this.tokens -= count;
    return true;
  }

  /** Puts back `count` tokens taken by a write another check then refused. */
  give(count: number): void {
    this.tokens = Math.min(this.capacity, this.tokens + count);
  }
}
