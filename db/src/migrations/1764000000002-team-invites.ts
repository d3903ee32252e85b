import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Teams keep the description their creator gives (the create form sends one), and a second invite token for
 * admin invites: the role of an invite is bound to its token, never read from the link's query string.
 */
export class TeamInvites1764000000002 implements MigrationInterface {
  name = 'TeamInvites1764000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE teams ADD COLUMN description text;
      ALTER TABLE teams ADD COLUMN admin_invite_token varchar(255) UNIQUE;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE teams DROP COLUMN admin_invite_token; ALTER TABLE teams DROP COLUMN description;`);
  }
}
