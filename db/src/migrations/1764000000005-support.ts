import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Support tickets from the help centre (PRODUCT-SPEC §3), the e-mail outbox they are sent through, and the
 * per-address throttle on sending them. The CHECK value lists mirror ticketPrioritySchema and
 * ticketCategorySchema in domain/src/schemas/enums.ts: change both together.
 *
 * Every e-mail is written to email_outbox in the transaction that stores its ticket; sent_at is set once an
 * SMTP server took it, so a message that could not be sent (no SMTP_URL, or the server was down) stays
 * visible and can be re-sent, and none is lost with the request.
 */
export class Support1764000000005 implements MigrationInterface {
  name = 'Support1764000000005';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE support_tickets (
        id uuid PRIMARY KEY,
        name varchar(200) NOT NULL CHECK (name ~ '[^[:space:]]'),
        email varchar(254) NOT NULL,
        subject varchar(200) NOT NULL CHECK (subject ~ '[^[:space:]]'),
        priority varchar(20) NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
        category varchar(20) NOT NULL DEFAULT 'general'
          CHECK (category IN ('general', 'technical', 'billing', 'feature', 'bug', 'account')),
        message text NOT NULL CHECK (message ~ '[^[:space:]]'),
        -- The signed-in user who sent it; the help centre is public, so often nobody.
        user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX support_tickets_user_id_idx ON support_tickets (user_id);
      CREATE INDEX support_tickets_created_at_idx ON support_tickets (created_at);

      CREATE TABLE email_outbox (
        id uuid PRIMARY KEY,
        to_address varchar(254) NOT NULL,
        reply_to varchar(254),
        subject varchar(300) NOT NULL,
        body text NOT NULL,
        support_ticket_id uuid REFERENCES support_tickets (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      );
      CREATE INDEX email_outbox_unsent_idx ON email_outbox (created_at) WHERE sent_at IS NULL;
      CREATE INDEX email_outbox_support_ticket_id_idx ON email_outbox (support_ticket_id);

      CREATE TABLE support_ticket_throttle (
        email_key varchar(254) PRIMARY KEY,
        tickets integer NOT NULL DEFAULT 0 CHECK (tickets >= 0),
        window_started_at timestamptz NOT NULL
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE support_ticket_throttle; DROP TABLE email_outbox; DROP TABLE support_tickets;`);
  }
}
