import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A project's task list version: raised in the same transaction as any change to its tasks' rows (or to an
 * assignee's name), so a reader can tell whether a task list it built earlier is still what the rows say.
 */
export class TaskListVersion1764000000007 implements MigrationInterface {
  name = 'TaskListVersion1764000000007';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects ADD COLUMN tasks_version bigint NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects DROP COLUMN tasks_version`);
  }
}
