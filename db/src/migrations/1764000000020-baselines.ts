import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Baselines (issue 19): named snapshots of a project's stored tasks and links, kept apart from the live rows and
 * the document. A snapshot's task and link ids carry no foreign key: the tasks may be deleted later, and the
 * baseline still says what was planned for them. Up to 10 per project (Free: 1), checked under the project's
 * row lock (api features/baselines).
 */
export class Baselines1764000000020 implements MigrationInterface {
  name = 'Baselines1764000000020';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE project_baselines (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL CONSTRAINT project_baselines_name_check CHECK (name ~ '[^[:space:]]'),
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX project_baselines_project_idx ON project_baselines (project_id, created_at);

      CREATE TABLE project_baseline_tasks (
        baseline_id uuid NOT NULL REFERENCES project_baselines (id) ON DELETE CASCADE,
        task_id uuid NOT NULL,
        name varchar(255) NOT NULL,
        start_date date NOT NULL,
        end_date date NOT NULL,
        progress integer NOT NULL CONSTRAINT project_baseline_tasks_progress_check CHECK (progress BETWEEN 0 AND 100),
        "order" integer NOT NULL DEFAULT 0,
        PRIMARY KEY (baseline_id, task_id),
        CONSTRAINT project_baseline_tasks_dates_check CHECK (end_date >= start_date)
      );

      CREATE TABLE project_baseline_links (
        baseline_id uuid NOT NULL REFERENCES project_baselines (id) ON DELETE CASCADE,
        task_id uuid NOT NULL,
        depends_on_task_id uuid NOT NULL,
        type varchar(2) NOT NULL CONSTRAINT project_baseline_links_type_check CHECK (type IN ('FS', 'SS', 'FF', 'SF')),
        lag_days integer NOT NULL CONSTRAINT project_baseline_links_lag_check CHECK (lag_days BETWEEN -999 AND 999),
        PRIMARY KEY (baseline_id, task_id, depends_on_task_id)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE project_baseline_links; DROP TABLE project_baseline_tasks; DROP TABLE project_baselines;`);
  }
}
