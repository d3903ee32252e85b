import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 40, signed webhooks. `secret` is kept as is (it signs every delivery) and answered only when made or
 * rotated. `failing_since`: when the endpoint's deliveries started failing with none delivered since; a day of that
 * disables it (`disabled_at`, `disabled_reason`). A delivery's id is the `id` in its payload; `created_at` starts its
 * day of retries. Deliveries are kept 14 days (pruned by the scheduled job).
 */
export class Webhooks1764000000090 implements MigrationInterface {
  name = 'Webhooks1764000000090';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE team_webhooks (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2000),
        events text[] NOT NULL CHECK (cardinality(events) > 0),
        secret text NOT NULL,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        disabled_at timestamptz,
        disabled_reason text,
        failing_since timestamptz
      );
      CREATE INDEX team_webhooks_team_idx ON team_webhooks (team_id, created_at);
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY,
        webhook_id uuid NOT NULL REFERENCES team_webhooks (id) ON DELETE CASCADE,
        event text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        response_status int,
        error text,
        last_attempt_at timestamptz,
        duration_ms int
      );
      CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (status, next_attempt_at);
      CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (webhook_id, created_at DESC);
      ALTER TABLE notifications DROP CONSTRAINT notifications_reason_check;
      ALTER TABLE notifications ADD CONSTRAINT notifications_reason_check
        CHECK (reason IN ('mention', 'comment', 'assigned', 'task_changed', 'join_request', 'join_answered', 'project_restored', 'webhook_disabled'));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM notifications WHERE reason = 'webhook_disabled';
      ALTER TABLE notifications DROP CONSTRAINT notifications_reason_check;
      ALTER TABLE notifications ADD CONSTRAINT notifications_reason_check
        CHECK (reason IN ('mention', 'comment', 'assigned', 'task_changed', 'join_request', 'join_answered', 'project_restored'));
      DROP TABLE webhook_deliveries;
      DROP TABLE team_webhooks;
    `);
  }
}
