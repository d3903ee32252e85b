import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Time travel (issue 19) rebuilds the plan at any instant from task_change_history, so the history must outlive
 * its task: a deletion is recorded (with the whole task) and must not take the task's earlier rows with it. The
 * rows now belong to their project (deleted with it) instead of their task, and a link's row names its
 * predecessor by id (`depends_on_task_id`), since the values name it only as people read it ("Design (SS +2d)").
 * Rows of tasks deleted before this migration are already gone: instants before it are approximate for them.
 */
export class CompleteHistory1764000000021 implements MigrationInterface {
  name = 'CompleteHistory1764000000021';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE task_change_history ADD COLUMN project_id uuid, ADD COLUMN depends_on_task_id uuid;
      UPDATE task_change_history h SET project_id = t.project_id FROM tasks t WHERE t.id = h.task_id;
      ALTER TABLE task_change_history
        ALTER COLUMN project_id SET NOT NULL,
        ADD CONSTRAINT task_change_history_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        DROP CONSTRAINT task_change_history_task_id_fkey;
      CREATE INDEX task_change_history_project_seq_idx ON task_change_history (project_id, seq);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX task_change_history_project_seq_idx;
      DELETE FROM task_change_history h WHERE NOT EXISTS (SELECT 1 FROM tasks t WHERE t.id = h.task_id);
      ALTER TABLE task_change_history
        DROP CONSTRAINT task_change_history_project_id_fkey,
        ADD CONSTRAINT task_change_history_task_id_fkey FOREIGN KEY (task_id) REFERENCES tasks (id) ON DELETE CASCADE,
        DROP COLUMN project_id, DROP COLUMN depends_on_task_id;
    `);
  }
}
