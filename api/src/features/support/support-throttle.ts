import { SUPPORT_TICKETS_PER_WINDOW, SUPPORT_TICKET_WINDOW_MS } from '@planline/domain';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { minutesText, WindowedCounter } from '../../http/windowed-counter.js';

/**
 * [support-rate-limit] Tickets per sender address: the 6th inside an hour gets 429 with Retry-After, counted
 * before the ticket is stored so parallel submissions cannot slip past the limit.
 */
export class SupportThrottle {
  private readonly counter: WindowedCounter;

  constructor(dataSource: DataSource) {
    this.counter = new WindowedCounter(
      dataSource,
      { table: 'support_ticket_throttle', keyColumn: 'email_key', countColumn: 'tickets' },
      SUPPORT_TICKET_WINDOW_MS,
      SUPPORT_TICKETS_PER_WINDOW,
    );
  }

  static key(email: string): string {
    return email.trim().toLowerCase();
  }

  async reserve(email: string): Promise<void> {
    const result = await this.counter.hit(SupportThrottle.key(email));
    if (!result.allowed) {
      throw new AppError(
        'too_many_requests',
        `You have sent ${SUPPORT_TICKETS_PER_WINDOW} support requests in the last hour. Please wait ${minutesText(result.retryAfterSeconds)} before sending another.`,
        { retryAfterSeconds: result.retryAfterSeconds },
      );
    }
  }
}
