import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plans and billing (issue 7). The CHECK value lists mirror paidPlanSchema (domain/src/plans.ts) and
 * providerSubscriptionStatusSchema (domain/src/schemas/enums.ts): change both together.
 *
 * - stripe_events: each provider event id once. The row is inserted in the transaction that applies the event,
 *   so a delivery repeated (or sent in parallel) finds it and changes nothing.
 * - stripe_subscriptions: the state last applied of each subscription, with the event time and lifecycle rank it
 *   came from, so an older event arriving late is recognised and ignored (rule subscription-order). The team's
 *   subscription_plan / subscription_status / stripe_subscription_id are derived from these rows.
 * - checkout_sessions: the local checkout of test mode (no STRIPE_SECRET_KEY); a session is open until paid
 *   (complete) and expires 24 hours after it was made.
 */
export class Billing1764000000006 implements MigrationInterface {
  name = 'Billing1764000000006';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE stripe_events (
        id varchar(255) PRIMARY KEY,
        type varchar(100) NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX stripe_events_received_at_idx ON stripe_events (received_at);

      CREATE TABLE stripe_subscriptions (
        id varchar(255) PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        plan varchar(20) NOT NULL CHECK (plan IN ('pro', 'enterprise')),
        status varchar(20) NOT NULL CHECK (status IN ('incomplete', 'active', 'past_due', 'paused', 'canceled')),
        state_at timestamptz NOT NULL,
        state_rank integer NOT NULL CHECK (state_rank BETWEEN 0 AND 3),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX stripe_subscriptions_team_id_idx ON stripe_subscriptions (team_id);

      CREATE TABLE checkout_sessions (
        id varchar(255) PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        plan varchar(20) NOT NULL CHECK (plan IN ('pro', 'enterprise')),
        success_url text NOT NULL,
        cancel_url text NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        completed_at timestamptz,
        CONSTRAINT checkout_sessions_completed_check CHECK ((status = 'complete') = (completed_at IS NOT NULL)),
        CONSTRAINT checkout_sessions_expiry_check CHECK (expires_at > created_at)
      );
      CREATE INDEX checkout_sessions_team_id_idx ON checkout_sessions (team_id);
      CREATE INDEX checkout_sessions_created_by_idx ON checkout_sessions (created_by);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE checkout_sessions; DROP TABLE stripe_subscriptions; DROP TABLE stripe_events;`);
  }
}
