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
 * Unknown, revoked or malformed tokens per client address: 10 at once, then one every 6 s; past it a miss is 429
 * with Retry-After instead of 404. Charged after the lookup, so a link that exists is never refused for its
 * address's misses: calendar apps fetch many people's feeds from a few shared addresses and keep polling revoked
 * links for ever, and one person's revoked link must not cut everyone else's feed there. It refills within a minute,
 * as Buckets forgets idle addresses after one.
 */
const FEED_MISSES_BURST = 10;
const FEED_MISSES_PER_SECOND = 1 / 6;
/**
 * Lookups in flight per client address: what a burst of parallel guesses from one address can cost the database at
 * once (each is one indexed read); the others get 429 at once, before any lookup.
 */
export const FEED_LOOKUPS_PER_ADDRESS = 4;
export const FEED_LOOKUPS_AT_ONCE =
  'Too many calendar links are being read from your network at once. Try again in a few seconds.';

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
  private readonly lookups = new Map<string, number>();

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
   * The feed behind a token, or 404 (a malformed, unknown or revoked token alike); 429 when the link is polled too
   * often, when `clientIp` has missed too often (a miss is charged once it is known to be one: FEED_MISSES_BURST),
   * or when it has FEED_LOOKUPS_PER_ADDRESS lookups in flight already. The token is looked up by its SHA-256 only:
   * how long the comparison takes says something about the hash, which gives nothing away about any token.
   */
  async read(token: string, origin: string, clientIp: string): Promise<FeedFile> {
    if (!TOKEN_PATTERN.test(token)) throw this.miss(clientIp);
    const tokenHash = hashToken(token);
    const owner = await this.lookUp(tokenHash, clientIp);
    if (!owner) throw this.miss(clientIp);
    this.chargeRead(tokenHash);
    const today = this.now().toISOString().slice(0, 10);
    const tasks = await feedTasks(this.dataSource, owner.id, addDays(today, -CALENDAR_FEED_PAST_DAYS), CALENDAR_FEED_MAX_EVENTS);
    const body = calendarFeedIcs(owner, tasks, origin);
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
  }

  /** The link's owner, looked up while the address has fewer than FEED_LOOKUPS_PER_ADDRESS in flight (checked and taken in one step). */
  private async lookUp(tokenHash: string, clientIp: string) {
    const inFlight = this.lookups.get(clientIp) ?? 0;
    if (inFlight >= FEED_LOOKUPS_PER_ADDRESS) throw new AppError('too_many_requests', FEED_LOOKUPS_AT_ONCE, { retryAfterSeconds: 1 });
    this.lookups.set(clientIp, inFlight + 1);
    try {
      return await feedOwner(this.dataSource, tokenHash);
    } finally {
      const left = (this.lookups.get(clientIp) ?? 1) - 1;
      if (left > 0) this.lookups.set(clientIp, left);
      else this.lookups.delete(clientIp);
    }
  }

  /** A miss of `clientIp`: 404 while its allowance lasts, then 429 with Retry-After. */
  private miss(clientIp: string): AppError {
    if (this.misses.take(clientIp, 1)) return new AppError('not_found', FEED_NOT_FOUND);
    return new AppError('too_many_requests', FEED_MISSES_FROM_ADDRESS, { retryAfterSeconds: Math.ceil(1 / FEED_MISSES_PER_SECOND) });
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
