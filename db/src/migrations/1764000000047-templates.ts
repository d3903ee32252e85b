import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37, project templates. A template saved from a project belongs to that project's team (the gallery shows
 * a team its own templates, and public ones from any team); the four built-in templates live in code
 * (domain/src/templates/built-in-templates.ts) and keep only their usage count here, in a row of their fixed id
 * with built_in set. Template tasks get a key local to the template (names may repeat), the key of the phase they
 * belong to, a kind, and links with type and lag; depends_on keeps the predecessors' keys.
 */
export class Templates1764000000047 implements MigrationInterface {
  name = 'Templates1764000000047';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE project_templates
        ADD COLUMN team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
        ADD COLUMN built_in boolean NOT NULL DEFAULT false;
      CREATE INDEX project_templates_team_idx ON project_templates (team_id);
      CREATE INDEX project_templates_public_idx ON project_templates (is_public) WHERE is_public;

      ALTER TABLE template_tasks
        ADD COLUMN key varchar(40),
        ADD COLUMN parent_key varchar(40),
        ADD COLUMN kind varchar(20) NOT NULL DEFAULT 'task' CONSTRAINT template_tasks_kind_check CHECK (kind IN ('phase', 'task', 'milestone')),
        ADD COLUMN links jsonb NOT NULL DEFAULT '[]'::jsonb CONSTRAINT template_tasks_links_check CHECK (jsonb_typeof(links) = 'array');
      CREATE UNIQUE INDEX template_tasks_template_key_idx ON template_tasks (template_id, key);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX template_tasks_template_key_idx;
      ALTER TABLE template_tasks DROP COLUMN links, DROP COLUMN kind, DROP COLUMN parent_key, DROP COLUMN key;
      DROP INDEX project_templates_public_idx;
      DROP INDEX project_templates_team_idx;
      ALTER TABLE project_templates DROP COLUMN built_in, DROP COLUMN team_id;
    `);
  }
}
