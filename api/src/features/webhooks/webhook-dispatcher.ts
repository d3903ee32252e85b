import { createHmac } from 'node:crypto';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@planline/domain';
import type { DataSource } from 'typeorm';
import type { Logger } from '../../logger.js';
import { checkWebhookTarget, type Resolver } from './webhook-address.js';
import { sendWebhook, WEBHOOK_TIMEOUT_MS, type SendResult } from './webhook-send.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** [webhook-retry] The wait after each failed attempt (the last repeats), until a day after the delivery was made. */
export const WEBHOOK_BACKOFF_MS: readonly number[] = [MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 2 * HOUR_MS, 6 * HOUR_MS, 12 * HOUR_MS];
export const ENDPOINT_DISABLED = 'The endpoint was disabled: this delivery was not sent';

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" with the secret>`: what a receiver recomputes to verify. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookDispatcherOptions {
  allowPrivate: boolean;
  now?: () => Date;
  backoffMs?: readonly number[];
  /** How long a delivery is retried after it was made. */
  retryForMs?: number;
  /** How long an endpoint's deliveries may all fail before it is disabled. */
  disableAfterMs?: number;
  /** How often due deliveries are looked for (this process's own new ones start at once). */
  pollMs?: number;
  timeoutMs?: number;
  /** Deliveries sent at once. */
  concurrency?: number;
  resolve?: Resolver;
  /** An endpoint was disabled: its team's creator or owner is told. */
  onDisabled?: (endpoint: DisabledEndpoint) => Promise<void>;
}

export interface DisabledEndpoint {
  webhookId: string;
  teamId: string;
  url: string;
  createdBy: string | null;
  reason: string;
}

interface ClaimedRow {
  id: string;
  webhook_id: string;
  team_id: string;
  payload: unknown;
  event: string;
  created_at: Date | string;
  attempts: number;
  url: string;
  secret: string;
  disabled_at: Date | string | null;
}

type State = 'stopped' | 'running' | 'stopping';

/**
 * Issue 40: sends stored deliveries, where the scheduled jobs run. Due deliveries are claimed by pushing their next
 * attempt past the send's timeout (FOR UPDATE SKIP LOCKED: several API processes never take the same one), sent up
 * to `concurrency` at once, each to the address checked just before ([webhook-ssrf]), and their outcome recorded:
 * delivered on a 2xx; else retried with backoff ([webhook-retry]) until a day after it was made, then failed. An
 * endpoint whose deliveries have all failed for a day is disabled and its creator (or the team owner) told.
 */
export class WebhookDispatcher {
  private state: State = 'stopped';
  private poll: NodeJS.Timeout | null = null;
  private inFlight = new Set<Promise<void>>();
  private filling = false;
  private fillAgain = false;
  private readonly now: () => Date;
  private readonly backoffMs: readonly number[];
  private readonly retryForMs: number;
  private readonly disableAfterMs: number;
  private readonly timeoutMs: number;
  private readonly concurrency: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
    private readonly options: WebhookDispatcherOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.backoffMs = options.backoffMs ?? WEBHOOK_BACKOFF_MS;
    this.retryForMs = options.retryForMs ?? DAY_MS;
    this.disableAfterMs = options.disableAfterMs ?? DAY_MS;
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    this.concurrency = options.concurrency ?? 8;
  }

  start(): void {
    if (this.state !== 'stopped') return;
    this.state = 'running';
    this.poll = setInterval(() => this.wake(), this.options.pollMs ?? 1000);
    this.poll.unref();
    this.wake();
  }

  /** Stops claiming, and waits for the sends under way (each ends by its timeout). */
  async stop(): Promise<void> {
    if (this.state !== 'running') return;
    this.state = 'stopping';
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
    while (this.inFlight.size || this.filling) await Promise.race([...this.inFlight, new Promise((r) => setTimeout(r, 20))]);
    this.state = 'stopped';
  }

  /** Looks for due deliveries now. */
  wake(): void {
    if (this.state !== 'running') return;
    if (this.filling) {
      this.fillAgain = true;
      return;
    }
    void this.fill();
  }

  private async fill(): Promise<void> {
    this.filling = true;
    try {
      do {
        this.fillAgain = false;
        while (this.state === 'running' && this.inFlight.size < this.concurrency) {
          const rows = await this.claim(this.concurrency - this.inFlight.size);
          for (const row of rows) {
            const sending: Promise<void> = this.deliver(row)
              .catch((err: unknown) => this.logger.error({ err, deliveryId: row.id }, 'webhook delivery failed to record'))
              .finally(() => {
                this.inFlight.delete(sending);
                this.wake();
              });
            this.inFlight.add(sending);
          }
          if (!rows.length) break;
        }
      } while (this.fillAgain && this.state === 'running');
    } catch (err) {
      this.logger.warn({ err }, 'webhook deliveries could not be claimed');
    } finally {
      this.filling = false;
    }
  }

  private async claim(limit: number): Promise<ClaimedRow[]> {
    const now = this.now();
    // Claimed until after the send could have timed out: a process that dies mid-send leaves it for another.
    const lease = new Date(now.getTime() + this.timeoutMs + 50_000);
    // Inside a WITH: TypeORM answers a bare UPDATE … RETURNING as [rows, count], a SELECT as rows.
    return this.dataSource.query(
      `WITH claimed AS (UPDATE webhook_deliveries d SET next_attempt_at = $2
         FROM team_webhooks w
        WHERE w.id = d.webhook_id
          AND d.id IN (SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1
                        ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING d.id, d.webhook_id, w.team_id, d.payload, d.event, d.created_at, d.attempts, w.url, w.secret, w.disabled_at)
       SELECT * FROM claimed`,
      [now, lease, limit],
    );
  }

  private async deliver(row: ClaimedRow): Promise<void> {
    if (row.disabled_at !== null) {
      await this.dataSource.query(`UPDATE webhook_deliveries SET status = 'failed', error = $2 WHERE id = $1`, [row.id, ENDPOINT_DISABLED]);
      return;
    }
    const body = JSON.stringify(row.payload);
    const target = await checkWebhookTarget(row.url, this.options.allowPrivate, this.options.resolve);
    let result: SendResult;
    if (!target.ok) result = { status: null, error: target.message, durationMs: 0 };
    else {
      const timestamp = Math.floor(this.now().getTime() / 1000);
      result = await sendWebhook(
        target,
        body,
        {
          'Content-Type': 'application/json',
          'User-Agent': 'Planline-Webhooks/1',
          'Planline-Event': row.event,
          'Planline-Delivery': row.id,
          [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
          [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(row.secret, timestamp, body),
        },
        this.timeoutMs,
      );
    }
    await this.record(row, result);
  }

  private async record(row: ClaimedRow, result: SendResult): Promise<void> {
    const now = this.now();
    const attempts = row.attempts + 1;
    if (result.error === null) {
      await this.dataSource.query(
        `UPDATE webhook_deliveries SET status = 'delivered', attempts = $2, response_status = $3, error = NULL, last_attempt_at = $4, duration_ms = $5, next_attempt_at = $4 WHERE id = $1`,
        [row.id, attempts, result.status, now, result.durationMs],
      );
      await this.dataSource.query(`UPDATE team_webhooks SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`, [row.webhook_id]);
      return;
    }
    const giveUpAt = new Date(row.created_at).getTime() + this.retryForMs;
    const wait = this.backoffMs[Math.min(attempts - 1, this.backoffMs.length - 1)]!;
    const next = Math.min(now.getTime() + wait, giveUpAt);
    const failed = now.getTime() >= giveUpAt;
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET status = $2, attempts = $3, response_status = $4, error = $5, last_attempt_at = $6, duration_ms = $7, next_attempt_at = $8 WHERE id = $1`,
      [row.id, failed ? 'failed' : 'pending', attempts, result.status, result.error.slice(0, 500), now, result.durationMs, new Date(next)],
    );
    const [hook]: { failing_since: Date | string }[] = await this.dataSource.query(
      `WITH w AS (UPDATE team_webhooks SET failing_since = COALESCE(failing_since, $2) WHERE id = $1 AND disabled_at IS NULL RETURNING failing_since) SELECT * FROM w`,
      [row.webhook_id, now],
    );
    if (hook && now.getTime() - new Date(hook.failing_since).getTime() >= this.disableAfterMs) await this.disable(row, result.error, now);
  }

  private async disable(row: ClaimedRow, lastError: string, now: Date): Promise<void> {
    const reason = `Disabled ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC: every delivery failed for a day (last: ${lastError.slice(0, 200)})`;
    const [hook]: { created_by: string | null }[] = await this.dataSource.query(
      `WITH w AS (UPDATE team_webhooks SET disabled_at = $2, disabled_reason = $3 WHERE id = $1 AND disabled_at IS NULL RETURNING created_by) SELECT * FROM w`,
      [row.webhook_id, now, reason],
    );
    // Another process disabled it first: it tells.
    if (!hook) return;
    await this.dataSource.query(`UPDATE webhook_deliveries SET status = 'failed', error = $2 WHERE webhook_id = $1 AND status = 'pending'`, [row.webhook_id, ENDPOINT_DISABLED]);
    this.logger.warn({ webhookId: row.webhook_id, teamId: row.team_id }, 'webhook endpoint disabled after a day of failures');
    await this.options.onDisabled?.({ webhookId: row.webhook_id, teamId: row.team_id, url: row.url, createdBy: hook.created_by, reason });
  }
}
