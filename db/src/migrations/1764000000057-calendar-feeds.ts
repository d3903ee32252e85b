import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37, the calendar feed: one secret subscription link per person. Only the SHA-256 of the token is kept (a
 * database read gives nobody a working link); making a new link replaces the row, revoking deletes it, and the
 * person's deletion takes it with them.
 */
export class CalendarFeeds1764000000057 implements MigrationInterface {
  name = 'CalendarFeeds1764000000057';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE calendar_feeds (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL CONSTRAINT calendar_feeds_token_hash_key UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE calendar_feeds;`);
  }
}
