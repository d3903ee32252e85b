import { createHash, randomBytes } from 'node:crypto';
import { addDays, CALENDAR_FEED_MAX_EVENTS, CALENDAR_FEED_PAST_DAYS, type CalendarFeedLink, type CalendarFeedStatus } from '@planline/domain';
import { Buckets, TokenBucket } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { calendarFeedIcs } from './calendar-feed.ics.js';
import { deleteFeed, feedCreatedAt, feedOwner, feedTasks, saveFeedTokenHash } from './calendar-feed.queries.js';

export const FEED_NOT_FOUND = 'This calendar link does not exist or was turned off. Make a new one on your profile page.';
const FEED_TOO_OFTEN = 'This calendar link is being read too often. Calendar apps need it about once an hour; try again later.';
export const FEED_MISSES_FROM_ADDRESS =
  'Too many calendar links from your network did not exist. Check that the link is copied whole from your profile page, then try again in a minute.';

/** 32 random bytes, base64url: 43 characters. Anything else cannot be a link we made. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Reads of one link: a burst of 20 (setting up several devices), then one a minute. */
const FEED_READS_BURST = 20;
const FEED_READS_PER_SECOND = 1 / 60;
/** Links whose read budget is remembered; past this the longest-unread are forgotten (each starts full again). */
const MAX_TRACKED_LINKS = 10_000;
/**
 * Unknown, revoked or malformed tokens per client address: 10 at once, then one every 6 s. A guess cannot find a
 * 256-bit token anyway; this keeps a guesser (or a calendar app polling a revoked link in a loop) from costing a
 * database lookup per request. It refills within a minute, as Buckets forgets idle addresses after one.
 */
const FEED_MISSES_BURST = 10;
const FEED_MISSES_PER_SECOND = 1 / 6;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface FeedFile {
  body: string;
  etag: string;
}

/**
 * Issue 37, the personal calendar feed. The token is shown once and kept only as its SHA-256; the feed itself is
 * computed per read from current access, so revoking the link or leaving a project takes effect on the next poll.
 */
export class CalendarFeedService {
  private readonly reads = new Map<string, TokenBucket>();
  private readonly misses = new Buckets(FEED_MISSES_PER_SECOND, FEED_MISSES_BURST);

  constructor(
    private readonly dataSource: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async status(userId: string): Promise<CalendarFeedStatus> {
    const createdAt = await feedCreatedAt(this.dataSource, userId);
    return { active: createdAt !== null, createdAt: createdAt?.toISOString() ?? null };
  }

  /** Makes the person's link, replacing (and so revoking) the one they had. */
  async create(userId: string, origin: string): Promise<CalendarFeedLink> {
    const token = randomBytes(32).toString('base64url');
    await saveFeedTokenHash(this.dataSource, userId, hashToken(token));
    return { url: new URL(`/api/calendar/${token}.ics`, origin).toString() };
  }

  async revoke(userId: string): Promise<void> {
    await deleteFeed(this.dataSource, userId);
  }

  /**
   * The feed behind a token, or 404 (a malformed, unknown or revoked token alike); 429 when polled too often, or
   * when `clientIp` has missed too often. A miss is paid before the lookup (and given back on a hit), so a burst
   * of parallel guesses cannot slip past the limit. The token is looked up by its SHA-256 only: how long the
   * comparison takes says something about the hash, which gives nothing away about any token.
   */
  async read(token: string, origin: string, clientIp: string): Promise<FeedFile> {
    if (!this.misses.take(clientIp, 1)) {
      throw new AppError('too_many_requests', FEED_MISSES_FROM_ADDRESS, { retryAfterSeconds: Math.ceil(1 / FEED_MISSES_PER_SECOND) });
    }
    if (!TOKEN_PATTERN.test(token)) throw new AppError('not_found', FEED_NOT_FOUND);
    const tokenHash = hashToken(token);
    const owner = await feedOwner(this.dataSource, tokenHash);
    if (!owner) throw new AppError('not_found', FEED_NOT_FOUND);
    this.misses.refund(clientIp, 1);
    this.chargeRead(tokenHash);
    const today = this.now().toISOString().slice(0, 10);
    const tasks = await feedTasks(this.dataSource, owner.id, addDays(today, -CALENDAR_FEED_PAST_DAYS), CALENDAR_FEED_MAX_EVENTS);
    const body = calendarFeedIcs(owner, tasks, origin);
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
  }

  private chargeRead(tokenHash: string): void {
    let bucket = this.reads.get(tokenHash);
    if (bucket) {
      this.reads.delete(tokenHash);
    } else {
      bucket = new TokenBucket(FEED_READS_PER_SECOND, FEED_READS_BURST);
      if (this.reads.size >= MAX_TRACKED_LINKS) this.reads.delete(this.reads.keys().next().value!);
    }
    // Re-inserted: the map's order is least recently read first.
    this.reads.set(tokenHash, bucket);
    if (!bucket.take()) throw new AppError('too_many_requests', FEED_TOO_OFTEN, { retryAfterSeconds: Math.ceil(1 / FEED_READS_PER_SECOND) });
  }
}
