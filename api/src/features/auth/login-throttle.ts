import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_ADDRESS } from '@planline/domain';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { minutesText, WindowedCounter } from '../../http/windowed-counter.js';

/**
 * Sign-in throttles.
 * - Per account (issue 2: the 11th failure in 15 minutes gets 429). An attempt is counted before the password
 *   is checked, so parallel guesses cannot slip past the limit; a successful sign-in clears it.
 * - Per client address, over all accounts: guessing across many accounts (credential stuffing) from one
 *   address stops after 100 failures in the window. Only failures count, and success does not clear them, so
 *   signing in to one's own account between guesses does not help. Behind a proxy this needs TRUST_PROXY.
 */
export class LoginThrottle {
  private readonly counter: WindowedCounter;
  private readonly addresses: WindowedCounter;

  constructor(dataSource: DataSource) {
    const table = { table: 'login_throttle', keyColumn: 'email_key', countColumn: 'failures' } as const;
    this.counter = new WindowedCounter(dataSource, table, LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES);
    this.addresses = new WindowedCounter(dataSource, table, LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES_PER_ADDRESS);
  }

  /** Address keys share the table with e-mail keys; a space never appears in a valid e-mail address. */
  static addressKey(ip: string): string {
    return `address ${ip}`;
  }

  static key(email: string): string {
    return email.trim().toLowerCase();
  }

  async reserveAttempt(email: string, ip: string): Promise<void> {
    const fromAddress = await this.addresses.peek(LoginThrottle.addressKey(ip));
    if (!fromAddress.allowed) {
      throw new AppError(
        'too_many_requests',
        `Too many failed sign-in attempts from your network. Try again in ${minutesText(fromAddress.retryAfterSeconds)}.`,
        { retryAfterSeconds: fromAddress.retryAfterSeconds },
      );
    }
    const result = await this.counter.hit(LoginThrottle.key(email));
    if (!result.allowed) {
      throw new AppError(
        'too_many_requests',
        `Too many failed sign-in attempts for this account. Try again in ${minutesText(result.retryAfterSeconds)}.`,
        { retryAfterSeconds: result.retryAfterSeconds },
      );
    }
  }

  async recordFailure(ip: string): Promise<void> {
    await this.addresses.hit(LoginThrottle.addressKey(ip));
  }

  async clear(email: string): Promise<void> {
    await this.counter.clear(LoginThrottle.key(email));
  }
}
