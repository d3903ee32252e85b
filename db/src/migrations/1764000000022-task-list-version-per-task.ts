import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per task, the task list version of its last change (tasks.list_version): the first read after a change reads
 * only the tasks stamped after the list it keeps, instead of all of them. Existing rows start at 0, which every
 * list kept after this migration is at or past.
 */
export class TaskListVersionPerTask1764000000022 implements MigrationInterface {
  name = 'TaskListVersionPerTask1764000000022';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tasks ADD COLUMN list_version bigint NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX tasks_project_list_version_idx ON tasks (project_id, list_version)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX tasks_project_list_version_idx`);
    await q.query(`ALTER TABLE tasks DROP COLUMN list_version`);
  }
}
