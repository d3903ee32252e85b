import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each persisted change of a project document appends its Yjs update here, in the same transaction as the
 * task rows it produced; `project_documents.state` is the compacted base. Appending keeps a write small
 * whatever the project's size; compaction folds the log into the base now and then.
 */
export class DocumentUpdates1764000000003 implements MigrationInterface {
  name = 'DocumentUpdates1764000000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE project_document_updates (
        id bigserial PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        "update" bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX project_document_updates_project_idx ON project_document_updates (project_id, id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE project_document_updates`);
  }
}
