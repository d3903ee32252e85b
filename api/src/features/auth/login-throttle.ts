import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@planline/domain';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { minutesText, WindowedCounter } from '../../http/windowed-counter.js';

/**
 * Per-account sign-in throttle (issue 2: the 11th failure in 15 minutes gets 429). An attempt is counted before
 * the password is checked, so parallel guesses cannot slip past the limit; a successful sign-in clears it.
 */
export class LoginThrottle {
  private readonly counter: WindowedCounter;

  constructor(dataSource: DataSource) {
    this.counter = new WindowedCounter(
      dataSource,
      { table: 'login_throttle', keyColumn: 'email_key', countColumn: 'failures' },
      LOGIN_FAILURE_WINDOW_MS,
      LOGIN_MAX_FAILURES,
    );
  }

  static key(email: string): string {
    return email.trim().toLowerCase();
  }

  async reserveAttempt(email: string): Promise<void> {
    const result = await this.counter.hit(LoginThrottle.key(email));
    if (!result.allowed) {
      throw new AppError(
        'too_many_requests',
        `Too many failed sign-in attempts for this account. Try again in ${minutesText(result.retryAfterSeconds)}.`,
        { retryAfterSeconds: result.retryAfterSeconds },
      );
    }
  }

  async clear(email: string): Promise<void> {
    await this.counter.clear(LoginThrottle.key(email));
  }
}
