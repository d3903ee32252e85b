import type { DataSource } from 'typeorm';

/** A table of the shape (key, count, window_started_at); names are ours, never input. */
export interface CounterTable {
  table: 'login_throttle' | 'support_ticket_throttle' | 'conversation_post_throttle';
  keyColumn: 'email_key' | 'user_key';
  countColumn: 'failures' | 'tickets' | 'posts';
}

/**
 * An atomic fixed-window counter per key, shared by every process through the database: `hit` counts one
 * attempt in a single upsert *before* the caller acts, so a burst of parallel attempts cannot slip past the
 * limit. The window starts at a key's first attempt and resets once it has run out.
 */
export class WindowedCounter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly where: CounterTable,
    private readonly windowMs: number,
    private readonly limit: number,
  ) {}

  async hit(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
    const { table, keyColumn, countColumn } = this.where;
    const expired = `${table}.window_started_at <= now() - $2::bigint * interval '1 millisecond'`;
    const rows: { count: number; retry_after_s: number }[] = await this.dataSource.query(
      `INSERT INTO ${table} (${keyColumn}, ${countColumn}, window_started_at) VALUES ($1, 1, now())
       ON CONFLICT (${keyColumn}) DO UPDATE SET
         ${countColumn} = CASE WHEN ${expired} THEN 1 ELSE ${table}.${countColumn} + 1 END,
         window_started_at = CASE WHEN ${expired} THEN now() ELSE ${table}.window_started_at END
       RETURNING ${countColumn} AS count,
         ceil(extract(epoch FROM (window_started_at + $2::bigint * interval '1 millisecond' - now())))::int AS retry_after_s`,
      [key, this.windowMs],
    );
    const row = rows[0];
    if (row && row.count > this.limit) return { allowed: false, retryAfterSeconds: Math.max(1, row.retry_after_s) };
    return { allowed: true };
  }

  /** The key's state without counting an attempt. */
  async peek(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
    const { table, keyColumn, countColumn } = this.where;
    const rows: { count: number; retry_after_s: number }[] = await this.dataSource.query(
      `SELECT ${countColumn} AS count,
              ceil(extract(epoch FROM (window_started_at + $2::bigint * interval '1 millisecond' - now())))::int AS retry_after_s
         FROM ${table}
        WHERE ${keyColumn} = $1 AND window_started_at > now() - $2::bigint * interval '1 millisecond'`,
      [key, this.windowMs],
    );
    const row = rows[0];
    if (row && row.count >= this.limit) return { allowed: false, retryAfterSeconds: Math.max(1, row.retry_after_s) };
    return { allowed: true };
  }

  async clear(key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM ${this.where.table} WHERE ${this.where.keyColumn} = $1`, [key]);
  }
}

export const minutesText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};
