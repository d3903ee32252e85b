import { SUPPORT_TICKETS_PER_WINDOW, SUPPORT_TICKET_WINDOW_MS } from '@planline/domain';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';

/**
 * [support-rate-limit] Tickets per sender address: the 6th inside an hour gets 429 with Retry-After. A ticket
 * is counted in one atomic upsert before it is stored, so parallel submissions cannot slip past the limit (the
 * same shape as the sign-in throttle).
 */
export class SupportThrottle {
  constructor(private readonly dataSource: DataSource) {}

  static key(email: string): string {
    return email.trim().toLowerCase();
  }

  async reserve(email: string): Promise<void> {
    const rows: { tickets: number; retry_after_s: number }[] = await this.dataSource.query(
      `INSERT INTO support_ticket_throttle (email_key, tickets, window_started_at) VALUES ($1, 1, now())
       ON CONFLICT (email_key) DO UPDATE SET
         tickets = CASE WHEN support_ticket_throttle.window_started_at <= now() - $2::bigint * interval '1 millisecond'
                        THEN 1 ELSE support_ticket_throttle.tickets + 1 END,
         window_started_at = CASE WHEN support_ticket_throttle.window_started_at <= now() - $2::bigint * interval '1 millisecond'
                        THEN now() ELSE support_ticket_throttle.window_started_at END
       RETURNING tickets,
         ceil(extract(epoch FROM (window_started_at + $2::bigint * interval '1 millisecond' - now())))::int AS retry_after_s`,
      [SupportThrottle.key(email), SUPPORT_TICKET_WINDOW_MS],
    );
    const row = rows[0];
    if (row && row.tickets > SUPPORT_TICKETS_PER_WINDOW) {
      const minutes = Math.max(1, Math.ceil(row.retry_after_s / 60));
      throw new AppError(
        'too_many_requests',
        `You have sent ${SUPPORT_TICKETS_PER_WINDOW} support requests in the last hour. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before sending another.`,
        { retryAfterSeconds: Math.max(1, row.retry_after_s) },
      );
    }
  }
}
