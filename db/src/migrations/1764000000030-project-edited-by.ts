import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who last changed a project's name, description and status (issue 33 item 2): a save that started from an older
 * value is answered 409 with the current one and that person's name, instead of overwriting it.
 */
export class ProjectEditedBy1764000000030 implements MigrationInterface {
  name = 'ProjectEditedBy1764000000030';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects ADD COLUMN edited_by jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects DROP COLUMN edited_by`);
  }
}
