import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dependency links get a type (FS, SS, FF, SF) and a lag in working days (issue 17). Existing links are what
 * they always meant: finish-to-start without lag. (Stored documents hold bare `true` values, which every reader
 * takes as the same link; the server rewrites them as { type, lagDays } when it loads such a document.)
 */
export class LinkTypes1764000000008 implements MigrationInterface {
  name = 'LinkTypes1764000000008';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE task_dependencies
        ADD COLUMN type varchar(2) NOT NULL DEFAULT 'FS' CONSTRAINT task_dependencies_type_check CHECK (type IN ('FS', 'SS', 'FF', 'SF')),
        ADD COLUMN lag_days integer NOT NULL DEFAULT 0 CONSTRAINT task_dependencies_lag_check CHECK (lag_days BETWEEN -999 AND 999);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE task_dependencies DROP COLUMN lag_days, DROP COLUMN type;`);
  }
}
