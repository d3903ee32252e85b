import { CONVERSATION_POSTS_PER_MINUTE } from '@planline/domain';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { WindowedCounter } from '../../http/windowed-counter.js';

const WINDOW_MS = 60_000;

/**
 * Comments and chat messages per person (issue 38): the 31st inside a minute, of either kind, gets a 429 with
 * Retry-After. Counted in the database before the post is stored, so parallel posts cannot slip past the limit and
 * every process of a scaled deployment counts the same posts.
 */
export class PostThrottle {
  private readonly counter: WindowedCounter;

  constructor(dataSource: DataSource) {
    this.counter = new WindowedCounter(dataSource, { table: 'conversation_post_throttle', keyColumn: 'user_key', countColumn: 'posts' }, WINDOW_MS, CONVERSATION_POSTS_PER_MINUTE);
  }

  /** Counts one post of `userId`, or throws the 429 when it is over the limit. */
  async reserve(userId: string): Promise<void> {
    const result = await this.counter.hit(userId);
    if (!result.allowed) {
      throw new AppError(
        'too_many_requests',
        `You have posted ${CONVERSATION_POSTS_PER_MINUTE} comments and messages in the last minute. Please wait ${result.retryAfterSeconds} s before posting again.`,
        { retryAfterSeconds: result.retryAfterSeconds },
      );
    }
  }
}
