import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * History rows of one change share a timestamp down to the microsecond at times; a sequence gives every row a
 * total order, so "newest first" is the order the changes were written in.
 */
export class HistoryOrder1764000000004 implements MigrationInterface {
  name = 'HistoryOrder1764000000004';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE task_change_history ADD COLUMN seq bigserial;
      CREATE INDEX task_change_history_task_seq_idx ON task_change_history (task_id, seq);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX task_change_history_task_seq_idx; ALTER TABLE task_change_history DROP COLUMN seq;`);
  }
}
