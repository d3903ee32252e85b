import { randomUUID } from 'node:crypto';
import type { NotificationSettings } from '@planline/domain';
import type { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { Mailer, OutgoingEmail } from '../support/mailer.js';
import { insertOutboxEmail, markEmailSent } from '../support/support.queries.js';
import {
  claimDigest,
  claimDigestSlot,
  claimInstant,
  digestCandidates,
  readSettings,
  turnOff,
  writeSettings,
  type ClaimedNotification,
} from './notification-email.queries.js';
import { UnsubscribeTokens, type UnsubscribeKind } from './unsubscribe-token.js';

/** How often the digest job looks for people owed one; each run is cheap when nobody is. */
export const DIGEST_CHECK_MS = 15 * 60 * 1000;
/** A person gets at most one digest in this long. */
export const DIGEST_PERIOD_MS = 24 * 60 * 60 * 1000;
/** A digest lists at most this many notifications; the rest are counted, and wait in the inbox. */
export const DIGEST_MAX_ITEMS = 50;
/** People one digest run serves; the next run (or the next pass of this one) takes the rest. */
const DIGEST_BATCH = 200;
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';
export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid';

export interface NotificationEmailOptions {
  dataSource: DataSource;
  mailer: Mailer;
  /** Where links in the e-mail point (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  /** The session secrets: the first signs unsubscribe links, all verify. */
  secrets: readonly string[];
  /** The From address. */
  from: string;
  logger: Logger;
}

/** What an unsubscribe link stops, in words. */
export const KIND_WORDS: Record<UnsubscribeKind, string> = {
  mentions: 'mentions of you',
  other: 'your other notifications',
  all: 'your notifications',
};

/** One line, whatever a notification says: a subject never carries a line break into the mail headers. */
const oneLine = (text: string, max = 200) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};
const quoted = (excerpt: string) =>
  excerpt
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
const kindOf = (n: Pick<ClaimedNotification, 'reason'>): 'mentions' | 'other' => (n.reason === 'mention' ? 'mentions' : 'other');

/**
 * Issue 38: notifications by e-mail, as each person chose per kind (mentions; everything else): never, at once, or
 * in a daily digest of what is still unread. A notification is claimed (emailed_at set) before its e-mail is
 * written, so it goes out once however many processes send; the e-mail is stored in `email_outbox` in the same
 * transaction, then sent (without SMTP_URL it stays there, as support tickets do). Nothing is sent about a project
 * the person can no longer see. Every e-mail carries a signed one-click unsubscribe link (RFC 8058).
 */
export class NotificationEmail {
  readonly tokens: UnsubscribeTokens;
  private timer: { first: NodeJS.Timeout; every: NodeJS.Timeout } | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: NotificationEmailOptions) {
    this.tokens = new UnsubscribeTokens(options.secrets);
  }

  settings(userId: string): Promise<NotificationSettings> {
    return readSettings(this.options.dataSource, userId);
  }

  saveSettings(userId: string, settings: NotificationSettings): Promise<NotificationSettings> {
    return writeSettings(this.options.dataSource, userId, settings);
  }

  /** What an unsubscribe token names, or a 400 when it is not one of ours. */
  readToken(token: string): { userId: string; kind: UnsubscribeKind } {
    const named = this.tokens.verify(token);
    if (!named) throw new AppError('validation_failed', INVALID_UNSUBSCRIBE_LINK);
    return named;
  }

  /** The one-click unsubscribe: that kind of e-mail off. Returns what was turned off, in words. */
  async unsubscribe(token: string): Promise<string> {
    const { userId, kind } = this.readToken(token);
    await turnOff(this.options.dataSource, userId, kind === 'all' ? ['mentions', 'other'] : [kind]);
    return KIND_WORDS[kind];
  }

  unsubscribeUrl(userId: string, kind: UnsubscribeKind): string {
    return `${this.options.publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(this.tokens.sign(userId, kind))}`;
  }

  /**
   * The notifier's hook, once it stored notifications: e-mails at once those whose person takes their kind at once.
   * Never throws (a failure is logged; the notifications are in the inbox either way). Returns how many were claimed.
   */
  async sendInstant(ids: string[], now = new Date()): Promise<number> {
    if (ids.length === 0) return 0;
    try {
      const outgoing = await this.options.dataSource.transaction(async (manager) => {
        const claimed = await claimInstant(manager, ids, now);
        const emails = claimed.map((n) => this.instantEmail(n));
        for (const email of emails) await this.store(manager, email);
        return emails;
      });
      for (const email of outgoing) await this.send(email);
      return outgoing.length;
    } catch (err) {
      this.options.logger.warn({ err, notifications: ids.length }, 'notification e-mail failed; the notifications stay in the inbox');
      return 0;
    }
  }

  /**
   * One digest to each person owed one (none in the last 24 hours) listing what is unread and not yet e-mailed of the
   * kinds they take daily. Safe beside another process running it: a person's digest and each notification are
   * claimed. Returns how many digests went into the outbox.
   */
  async sendDigests(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - DIGEST_PERIOD_MS);
    let sent = 0;
    for (;;) {
      const people = await digestCandidates(this.options.dataSource, cutoff, DIGEST_BATCH);
      let progress = false;
      for (const userId of people) {
        const email = await this.claimAndStoreDigest(userId, now, cutoff);
        if (!email) continue;
        progress = true;
        sent += 1;
        await this.send(email);
      }
      if (people.length < DIGEST_BATCH || !progress) return sent;
    }
  }

  /** Runs the digest job `firstRunMs` after start and then every `intervalMs`; never keeps the process alive. */
  start(intervalMs = DIGEST_CHECK_MS, firstRunMs = 10_000): void {
    if (this.timer) return;
    const run = () => {
      this.running = this.sendDigests().then(
        (n) => {
          if (n) this.options.logger.info({ digests: n }, 'notification digests sent');
        },
        (err: unknown) => this.options.logger.warn({ err }, 'notification digest job failed; it runs again later'),
      );
    };
    this.timer = { first: setTimeout(run, firstRunMs), every: setInterval(run, intervalMs) };
    this.timer.first.unref();
    this.timer.every.unref();
  }

  /** Stops the timer and waits for a run under way (its e-mails are claimed: they must reach the outbox). */
  async stop(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer.first);
      clearInterval(this.timer.every);
      this.timer = null;
    }
    await this.running;
  }

  private async claimAndStoreDigest(userId: string, now: Date, cutoff: Date): Promise<OutboxEmail | null> {
    const nothing = new Error('no digest');
    try {
      return await this.options.dataSource.transaction(async (manager) => {
        const settings = await claimDigestSlot(manager, userId, now, cutoff);
        if (!settings) return null;
        const items = await claimDigest(manager, userId, settings, now);
        // Taken by a sender a moment ago (read, or e-mailed at once): no empty digest, and the day's slot stays free.
        if (items.length === 0) throw nothing;
        const email = this.digestEmail(items);
        await this.store(manager, email);
        return email;
      });
    } catch (err) {
      if (err === nothing) return null;
      throw err;
    }
  }

  private async store(manager: EntityManager, email: OutboxEmail): Promise<void> {
    await insertOutboxEmail(manager, {
      id: email.outboxId,
      toAddress: email.to,
      replyTo: null,
      subject: email.subject,
      body: email.text,
      headers: email.headers ?? null,
    });
  }

  private async send(email: OutboxEmail): Promise<void> {
    if (await this.options.mailer.send(email)) await markEmailSent(this.options.dataSource, email.outboxId);
  }

  private instantEmail(n: ClaimedNotification): OutboxEmail {
    const kind = kindOf(n);
    return this.email(n, kind, `Planline: ${oneLine(n.text)}`, [
      `Hi ${oneLine(n.firstName, 100) || 'there'},`,
      '',
      n.text,
      ...(n.excerpt ? ['', quoted(n.excerpt)] : []),
      '',
      `Open it in your inbox: ${this.options.publicUrl}/inbox`,
    ]);
  }

  private digestEmail(items: ClaimedNotification[]): OutboxEmail {
    const first = items[0]!;
    const kinds = new Set(items.map(kindOf));
    const kind: UnsubscribeKind = kinds.size > 1 ? 'all' : [...kinds][0]!;
    const shown = items.slice(0, DIGEST_MAX_ITEMS);
    const more = items.length - shown.length;
    const count = items.length === 1 ? '1 unread notification' : `${items.length} unread notifications`;
    return this.email(first, kind, `Planline: ${count}`, [
      `Hi ${oneLine(first.firstName, 100) || 'there'},`,
      '',
      `Here is what is still unread in your Planline inbox:`,
      '',
      ...shown.flatMap((n) => [`- ${oneLine(n.text, 500)}`, ...(n.excerpt ? [`  "${oneLine(n.excerpt, 200)}"`] : [])]),
      ...(more > 0 ? [`- and ${more} more`] : []),
      '',
      `Open your inbox: ${this.options.publicUrl}/inbox`,
    ]);
  }

  private email(to: ClaimedNotification, kind: UnsubscribeKind, subject: string, lines: string[]): OutboxEmail {
    const unsubscribe = this.unsubscribeUrl(to.userId, kind);
    return {
      outboxId: randomUUID(),
      from: this.options.from,
      to: to.email,
      replyTo: null,
      subject: oneLine(subject, 300),
      text: [
        ...lines,
        '',
        '--',
        'You get this e-mail because of your Planline e-mail settings.',
        `Stop e-mail about ${KIND_WORDS[kind]}: ${unsubscribe}`,
        `Change your settings: ${this.options.publicUrl}/profile`,
      ].join('\n'),
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }
}

type OutboxEmail = OutgoingEmail & { outboxId: string };
