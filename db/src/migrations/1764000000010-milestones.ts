import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Milestones (issue 17): a task's kind, 'task' or 'milestone'. A milestone sits on one day, so its end date is
 * its start date; the write path puts back any change that breaks that, and this CHECK is the last line. Every
 * existing task is a task. (Stored documents need no rewrite: a task without `kind` reads as a task.)
 */
export class Milestones1764000000010 implements MigrationInterface {
  name = 'Milestones1764000000010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE tasks
        ADD COLUMN kind varchar(20) NOT NULL DEFAULT 'task' CONSTRAINT tasks_kind_check CHECK (kind IN ('task', 'milestone')),
        ADD CONSTRAINT tasks_milestone_one_day_check CHECK (kind <> 'milestone' OR start_date = end_date);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tasks DROP CONSTRAINT tasks_milestone_one_day_check, DROP COLUMN kind;`);
  }
}
