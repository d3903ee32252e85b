import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@planline/domain';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';

/**
 * Per-account sign-in throttle (issue 2: the 11th failure in 15 minutes gets 429). An attempt is counted
 * *before* the password is checked, in one atomic upsert, so a burst of parallel guesses cannot slip past
 * the limit; a successful sign-in clears the count.
 */
export class LoginThrottle {
  constructor(private readonly dataSource: DataSource) {}

  static key(email: string): string {
    return email.trim().toLowerCase();
  }

  async reserveAttempt(email: string): Promise<void> {
    const rows: { failures: number; retry_after_s: number }[] = await this.dataSource.query(
      `INSERT INTO login_throttle (email_key, failures, window_started_at) VALUES ($1, 1, now())
       ON CONFLICT (email_key) DO UPDATE SET
         failures = CASE WHEN login_throttle.window_started_at <= now() - $2::bigint * interval '1 millisecond'
                         THEN 1 ELSE login_throttle.failures + 1 END,
         window_started_at = CASE WHEN login_throttle.window_started_at <= now() - $2::bigint * interval '1 millisecond'
                         THEN now() ELSE login_throttle.window_started_at END
       RETURNING failures,
         ceil(extract(epoch FROM (window_started_at + $2::bigint * interval '1 millisecond' - now())))::int AS retry_after_s`,
      [LoginThrottle.key(email), LOGIN_FAILURE_WINDOW_MS],
    );
    const row = rows[0];
    if (row && row.failures > LOGIN_MAX_FAILURES) {
      const minutes = Math.max(1, Math.ceil(row.retry_after_s / 60));
      throw new AppError(
        'too_many_requests',
        `Too many failed sign-in attempts for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { retryAfterSeconds: Math.max(1, row.retry_after_s) },
      );
    }
  }

  async clear(email: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_throttle WHERE email_key = $1`, [LoginThrottle.key(email)]);
  }
}
