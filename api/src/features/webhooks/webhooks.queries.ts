import type { Plan, SubscriptionStatus, Webhook, WebhookDelivery, WebhookDeliveryStatus, WebhookEvent } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';

/** Deliveries are kept this long (the scheduled prune). */
export const DELIVERY_KEEP_DAYS = 14;
/** Deliveries the log answers. */
export const DELIVERY_LOG_LIMIT = 100;

export interface WebhookRow {
  id: string;
  team_id: string;
  url: string;
  events: WebhookEvent[];
  created_by: string | null;
  created_at: Date | string;
  disabled_at: Date | string | null;
  disabled_reason: string | null;
  failing_since: Date | string | null;
}

const WEBHOOK_COLUMNS = 'id, team_id, url, events, created_by, created_at, disabled_at, disabled_reason, failing_since';
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const presentWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events,
  createdAt: iso(row.created_at)!,
  disabledAt: iso(row.disabled_at),
  disabledReason: row.disabled_reason,
  failingSince: iso(row.failing_since),
});

export function listWebhooks(sql: Sql, teamId: string): Promise<WebhookRow[]> {
  return sql.query(`SELECT ${WEBHOOK_COLUMNS} FROM team_webhooks WHERE team_id = $1 ORDER BY created_at, id`, [teamId]);
}

export async function countWebhooks(sql: Sql, teamId: string): Promise<number> {
  const rows: { n: number }[] = await sql.query(`SELECT count(*)::int AS n FROM team_webhooks WHERE team_id = $1`, [teamId]);
  return rows[0]?.n ?? 0;
}

export async function insertWebhook(
  sql: Sql,
  row: { id: string; teamId: string; url: string; events: WebhookEvent[]; secret: string; createdBy: string },
): Promise<WebhookRow> {
  const rows: WebhookRow[] = await sql.query(
    `INSERT INTO team_webhooks (id, team_id, url, events, secret, created_by) VALUES ($1, $2, $3, $4::text[], $5, $6) RETURNING ${WEBHOOK_COLUMNS}`,
    [row.id, row.teamId, row.url, row.events, row.secret, row.createdBy],
  );
  return rows[0]!;
}

export async function updateSecret(sql: Sql, teamId: string, webhookId: string, secret: string): Promise<WebhookRow | null> {
  const rows: WebhookRow[] = await sql.query(
    `WITH w AS (UPDATE team_webhooks SET secret = $3 WHERE id = $2 AND team_id = $1 RETURNING ${WEBHOOK_COLUMNS}) SELECT * FROM w`,
    [teamId, webhookId, secret],
  );
  return rows[0] ?? null;
}

export async function deleteWebhook(sql: Sql, teamId: string, webhookId: string): Promise<boolean> {
  // Inside a WITH: TypeORM answers a bare DELETE … RETURNING as [rows, count].
  const rows: unknown[] = await sql.query(`WITH w AS (DELETE FROM team_webhooks WHERE id = $2 AND team_id = $1 RETURNING id) SELECT * FROM w`, [teamId, webhookId]);
  return rows.length > 0;
}

export async function webhookExists(sql: Sql, teamId: string, webhookId: string): Promise<boolean> {
  const rows: unknown[] = await sql.query(`SELECT 1 FROM team_webhooks WHERE id = $2 AND team_id = $1`, [teamId, webhookId]);
  return rows.length > 0;
}

interface DeliveryRow {
  id: string;
  event: WebhookEvent;
  status: WebhookDeliveryStatus;
  attempts: number;
  created_at: Date | string;
  last_attempt_at: Date | string | null;
  next_attempt_at: Date | string;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
}

/** An endpoint's log, newest first. */
export async function listDeliveries(sql: Sql, webhookId: string): Promise<WebhookDelivery[]> {
  const rows: DeliveryRow[] = await sql.query(
    `SELECT id, event, status, attempts, created_at, last_attempt_at, next_attempt_at, response_status, error, duration_ms
       FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${DELIVERY_LOG_LIMIT}`,
    [webhookId],
  );
  return rows.map((r) => ({
    id: r.id,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    createdAt: iso(r.created_at)!,
    lastAttemptAt: iso(r.last_attempt_at),
    nextAttemptAt: r.status === 'pending' ? iso(r.next_attempt_at) : null,
    responseStatus: r.response_status,
    error: r.error,
    durationMs: r.duration_ms,
  }));
}

/** A team's enabled endpoints, with what its plan needs to say whether they may send. */
export interface SubscribedRow {
  id: string;
  team_id: string;
  events: WebhookEvent[];
  subscription_plan: Plan;
  subscription_status: SubscriptionStatus;
  trial_ends_at: Date | string | null;
}

export function enabledWebhooksOf(sql: Sql, teamIds: string[]): Promise<SubscribedRow[]> {
  return sql.query(
    `SELECT w.id, w.team_id, w.events, t.subscription_plan, t.subscription_status, t.trial_ends_at
       FROM team_webhooks w JOIN teams t ON t.id = w.team_id
      WHERE w.team_id = ANY($1::uuid[]) AND w.disabled_at IS NULL`,
    [teamIds],
  );
}

export interface NewDelivery {
  id: string;
  webhookId: string;
  event: WebhookEvent;
  payload: unknown;
  createdAt: Date;
}

/** Every delivery in one statement: the first attempt is due at once. */
export async function insertDeliveries(sql: Sql, deliveries: NewDelivery[]): Promise<void> {
  if (!deliveries.length) return;
  const col = <T>(f: (d: NewDelivery) => T) => deliveries.map(f);
  await sql.query(
    `INSERT INTO webhook_deliveries (id, webhook_id, event, payload, created_at, next_attempt_at)
     SELECT id, webhook_id, event, payload::jsonb, created_at, created_at
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::timestamptz[]) AS d (id, webhook_id, event, payload, created_at)`,
    [col((d) => d.id), col((d) => d.webhookId), col((d) => d.event), col((d) => JSON.stringify(d.payload)), col((d) => d.createdAt)],
  );
}

export async function pruneDeliveries(sql: Sql, now: Date): Promise<void> {
  await sql.query(`DELETE FROM webhook_deliveries WHERE created_at < $1 AND status <> 'pending'`, [
    new Date(now.getTime() - DELIVERY_KEEP_DAYS * 86_400_000),
  ]);
}
