import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 39, the task grid.
 * - tasks.custom: the task's custom field values as the document holds them ({ fieldId: value }, canonical).
 * - project_custom_fields: a project's own columns. A removed field keeps its row for CUSTOM_FIELD_RESTORE_DAYS
 *   (deleted_at set) with the values it took from tasks (`removed_values`, task id → value), so it can be brought
 *   back with them; its name is free again at once. `position` orders the columns.
 * - project_grid_views: named views of the grid (columns, filter, sort, grouping), a person's own or shared with
 *   everyone who sees the project. A deleted account's shared views stay (owner_id null); its personal ones are seen by no one.
 */
export class Grid1764000000070 implements MigrationInterface {
  name = 'Grid1764000000070';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE tasks ADD COLUMN custom jsonb NOT NULL DEFAULT '{}'::jsonb;
      ALTER TABLE tasks ADD CONSTRAINT tasks_custom_object_check CHECK (jsonb_typeof(custom) = 'object');

      CREATE TABLE project_custom_fields (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
        type text NOT NULL CHECK (type IN ('text', 'number', 'date', 'choice', 'checkbox')),
        options jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(options) = 'array'),
        position integer NOT NULL DEFAULT 0 CHECK (position >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        deleted_at timestamptz,
        removed_values jsonb
      );
      CREATE UNIQUE INDEX project_custom_fields_name_idx ON project_custom_fields (project_id, lower(name)) WHERE deleted_at IS NULL;
      CREATE INDEX project_custom_fields_project_idx ON project_custom_fields (project_id, position);

      CREATE TABLE project_grid_views (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
        shared boolean NOT NULL DEFAULT false,
        view jsonb NOT NULL CHECK (jsonb_typeof(view) = 'object'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX project_grid_views_project_idx ON project_grid_views (project_id, lower(name));
      CREATE INDEX project_grid_views_owner_idx ON project_grid_views (owner_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE project_grid_views;
      DROP TABLE project_custom_fields;
      ALTER TABLE tasks DROP CONSTRAINT tasks_custom_object_check;
      ALTER TABLE tasks DROP COLUMN custom;
    `);
  }
}
