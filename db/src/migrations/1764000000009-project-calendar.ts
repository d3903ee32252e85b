import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The project settings the scheduling engine reads (issue 17, ARCHITECTURE §3a): auto-scheduling, working weekdays
 * (0 = Sunday … 6 = Saturday) and holidays. New projects auto-schedule; existing ones do not, because their plans
 * were drawn by hand and never cascaded: turning it on for them would move tasks the first time anyone edits.
 * The holiday cap is the engine's (MAX_HOLIDAYS in domain/src/scheduling/scheduling.schema.ts).
 */
export class ProjectCalendar1764000000009 implements MigrationInterface {
  name = 'ProjectCalendar1764000000009';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE projects
        ADD COLUMN auto_schedule boolean NOT NULL DEFAULT true,
        ADD COLUMN working_weekdays smallint[] NOT NULL DEFAULT '{1,2,3,4,5}'
          CONSTRAINT projects_working_weekdays_check
          CHECK (cardinality(working_weekdays) BETWEEN 1 AND 7 AND working_weekdays <@ '{0,1,2,3,4,5,6}'::smallint[]),
        ADD COLUMN holidays date[] NOT NULL DEFAULT '{}'
          CONSTRAINT projects_holidays_check CHECK (cardinality(holidays) <= 10000);
    `);
    await q.query(`UPDATE projects SET auto_schedule = false;`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects DROP COLUMN holidays, DROP COLUMN working_weekdays, DROP COLUMN auto_schedule;`);
  }
}
