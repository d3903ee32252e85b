import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Summary tasks (issue 17): a task's parent, a task of the same project. The foreign key names the project too,
 * so a parent in another project cannot be stored (hence the unique pair it references). Deleting a parent moves
 * its subtasks up to the deleted task's own parent: the write path does that in the transaction of the deletion
 * (docs/scheduling.md); ON DELETE SET NULL (parent_id) is the last line, putting them at the top level rather
 * than refusing the deletion. Loops of parents and milestones as parents are refused by the write path.
 */
export class SummaryTasks1764000000011 implements MigrationInterface {
  name = 'SummaryTasks1764000000011';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tasks ADD CONSTRAINT tasks_project_id_id_key UNIQUE (project_id, id);`);
    await q.query(`
      ALTER TABLE tasks
        ADD COLUMN parent_id uuid,
        ADD CONSTRAINT tasks_parent_fkey FOREIGN KEY (project_id, parent_id) REFERENCES tasks (project_id, id) ON DELETE SET NULL (parent_id),
        ADD CONSTRAINT tasks_parent_not_self_check CHECK (parent_id <> id);
    `);
    // The foreign key's action looks children up by their parent.
    await q.query(`CREATE INDEX tasks_parent_id_idx ON tasks (parent_id) WHERE parent_id IS NOT NULL;`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tasks DROP COLUMN parent_id;`);
    await q.query(`ALTER TABLE tasks DROP CONSTRAINT tasks_project_id_id_key;`);
  }
}
