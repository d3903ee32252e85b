import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Holidays get optional names (issue 33 item 9: "Fri 25 Dec 2026 — Christmas Day"). The dates stay in
 * projects.holidays, which the scheduling reads as it did; the names sit beside them as a JSON object keyed by
 * 'yyyy-MM-dd', so every project stored with bare dates reads as holidays without names.
 */
export class HolidayNames1764000000031 implements MigrationInterface {
  name = 'HolidayNames1764000000031';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE projects
        ADD COLUMN holiday_names jsonb NOT NULL DEFAULT '{}'::jsonb
          CONSTRAINT projects_holiday_names_check CHECK (jsonb_typeof(holiday_names) = 'object');
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects DROP COLUMN holiday_names;`);
  }
}
