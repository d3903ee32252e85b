import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Teams, projects, tasks and everything hanging off them (PRODUCT-SPEC §3). The CHECK value lists mirror the
 * enums of domain/src/schemas/enums.ts and domain/src/plans.ts: change both together.
 *
 * Deletion: children of a team, project, task or template go with it (CASCADE); a reference to the user who
 * made or answered something becomes NULL (SET NULL); a user who owns a team cannot be deleted while the team
 * exists (the default NO ACTION, which fails with 23503 like any foreign key; RESTRICT would say 23001), so a
 * team is never left without an owner.
 */
export class Workspace1764000000001 implements MigrationInterface {
  name = 'Workspace1764000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE teams (
        id uuid PRIMARY KEY,
        name varchar(255) NOT NULL CHECK (name ~ '[^[:space:]]'),
        team_code char(8) NOT NULL UNIQUE CHECK (team_code ~ '^[A-Z0-9]{8}$'),
        owner_id uuid NOT NULL REFERENCES users (id),
        subscription_plan varchar(20) NOT NULL DEFAULT 'free'
          CHECK (subscription_plan IN ('free', 'pro', 'enterprise')),
        subscription_status varchar(20) NOT NULL DEFAULT 'active'
          CHECK (subscription_status IN ('trial', 'active', 'past_due', 'canceled')),
        trial_ends_at timestamptz,
        stripe_customer_id varchar(255),
        stripe_subscription_id varchar(255) UNIQUE,
        invite_token varchar(255) UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX teams_owner_id_idx ON teams (owner_id);
      CREATE INDEX teams_stripe_customer_id_idx ON teams (stripe_customer_id);

      CREATE TABLE team_members (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role varchar(20) NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'admin', 'member')),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT team_members_team_user_key UNIQUE (team_id, user_id)
      );
      CREATE INDEX team_members_user_id_idx ON team_members (user_id);

      CREATE TABLE team_join_requests (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        status varchar(20) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied')),
        requested_at timestamptz NOT NULL DEFAULT now(),
        responded_at timestamptz,
        responded_by uuid REFERENCES users (id) ON DELETE SET NULL,
        -- An answered request says when it was answered; a pending one has not been.
        CONSTRAINT team_join_requests_responded_check CHECK ((status = 'pending') = (responded_at IS NULL))
      );
      -- The last line behind "Request Sent!": asking twice while a request is open is refused.
      CREATE UNIQUE INDEX team_join_requests_one_pending_key ON team_join_requests (team_id, user_id)
        WHERE status = 'pending';
      CREATE INDEX team_join_requests_team_status_idx ON team_join_requests (team_id, status);
      CREATE INDEX team_join_requests_user_id_idx ON team_join_requests (user_id);
      CREATE INDEX team_join_requests_responded_by_idx ON team_join_requests (responded_by);

      CREATE TABLE projects (
        id uuid PRIMARY KEY,
        name varchar(255) NOT NULL CHECK (name ~ '[^[:space:]]'),
        description text,
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        project_code varchar(20) NOT NULL UNIQUE CHECK (project_code ~ '^[A-Z0-9]{2,8}-[0-9]{1,11}$'),
        invite_token varchar(255) UNIQUE,
        start_date date,
        end_date date,
        status varchar(20) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'on-hold')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT projects_dates_check CHECK (end_date >= start_date)
      );
      CREATE INDEX projects_team_id_idx ON projects (team_id);

      CREATE TABLE project_members (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role varchar(20) NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'admin', 'member')),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT project_members_project_user_key UNIQUE (project_id, user_id)
      );
      CREATE INDEX project_members_user_id_idx ON project_members (user_id);

      CREATE TABLE project_documents (
        project_id uuid PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
        state bytea NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE tasks (
        id uuid PRIMARY KEY,
        name varchar(255) NOT NULL CHECK (name ~ '[^[:space:]]'),
        description text,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        assignee_id uuid REFERENCES users (id) ON DELETE SET NULL,
        start_date date NOT NULL,
        end_date date NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'in_progress', 'completed', 'blocked')),
        priority varchar(20) NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'critical')),
        color varchar(7) NOT NULL DEFAULT '#3b82f6' CHECK (color ~ '^#[0-9A-Fa-f]{6}$'),
        progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
        "order" integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT tasks_dates_check CHECK (end_date >= start_date)
      );
      CREATE INDEX tasks_project_order_idx ON tasks (project_id, "order");
      CREATE INDEX tasks_assignee_id_idx ON tasks (assignee_id);

      CREATE TABLE task_assignments (
        id uuid PRIMARY KEY,
        task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT task_assignments_task_user_key UNIQUE (task_id, user_id)
      );
      CREATE INDEX task_assignments_user_id_idx ON task_assignments (user_id);

      CREATE TABLE task_dependencies (
        id uuid PRIMARY KEY,
        task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
        depends_on_task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT task_dependencies_pair_key UNIQUE (task_id, depends_on_task_id),
        CONSTRAINT task_dependencies_not_self_check CHECK (task_id <> depends_on_task_id)
      );
      CREATE INDEX task_dependencies_depends_on_task_id_idx ON task_dependencies (depends_on_task_id);

      CREATE TABLE task_change_history (
        id uuid PRIMARY KEY,
        task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
        changed_by uuid REFERENCES users (id) ON DELETE SET NULL,
        field_name varchar(64) NOT NULL CHECK (field_name ~ '[^[:space:]]'),
        old_value text,
        new_value text,
        change_reason text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX task_change_history_task_created_idx ON task_change_history (task_id, created_at);
      CREATE INDEX task_change_history_changed_by_idx ON task_change_history (changed_by);

      CREATE TABLE project_templates (
        id uuid PRIMARY KEY,
        name varchar(255) NOT NULL CHECK (name ~ '[^[:space:]]'),
        description text,
        category varchar(100),
        is_public boolean NOT NULL DEFAULT false,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        google_docs_id varchar(255),
        google_docs_url text,
        template_data jsonb,
        usage_count integer NOT NULL DEFAULT 0 CHECK (usage_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX project_templates_created_by_idx ON project_templates (created_by);

      CREATE TABLE template_tasks (
        id uuid PRIMARY KEY,
        template_id uuid NOT NULL REFERENCES project_templates (id) ON DELETE CASCADE,
        name varchar(255) NOT NULL CHECK (name ~ '[^[:space:]]'),
        description text,
        estimated_duration integer CHECK (estimated_duration >= 0),
        priority varchar(20) NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'critical')),
        depends_on text[] NOT NULL DEFAULT '{}',
        phase varchar(255),
        "order" integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX template_tasks_template_order_idx ON template_tasks (template_id, "order");

      CREATE TABLE google_docs_sync (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        google_docs_id varchar(255) NOT NULL,
        google_docs_url text,
        last_sync_at timestamptz,
        sync_status varchar(20) NOT NULL DEFAULT 'active' CHECK (sync_status ~ '[^[:space:]]'),
        sync_settings jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT google_docs_sync_project_doc_key UNIQUE (project_id, google_docs_id)
      );

      CREATE TABLE weekly_reports (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        week_ending_date date NOT NULL,
        gantt_screenshot text,
        tasks_completed integer NOT NULL DEFAULT 0 CHECK (tasks_completed >= 0),
        tasks_total integer NOT NULL DEFAULT 0 CHECK (tasks_total >= 0),
        progress_percentage integer NOT NULL DEFAULT 0 CHECK (progress_percentage BETWEEN 0 AND 100),
        summary text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT weekly_reports_completed_le_total_check CHECK (tasks_completed <= tasks_total),
        CONSTRAINT weekly_reports_project_week_key UNIQUE (project_id, week_ending_date)
      );

      CREATE TABLE dashboard_configs (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        project_id uuid REFERENCES projects (id) ON DELETE CASCADE,
        layout jsonb NOT NULL CHECK (jsonb_typeof(layout) = 'array'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- One layout per user and project, and one per user for the no-project dashboard: NULLS NOT DISTINCT
        -- (PostgreSQL 15+) makes (user, NULL) collide with itself, and ON CONFLICT (user_id, project_id) upserts.
        CONSTRAINT dashboard_configs_user_project_key UNIQUE NULLS NOT DISTINCT (user_id, project_id)
      );
      CREATE INDEX dashboard_configs_project_id_idx ON dashboard_configs (project_id);

      CREATE TABLE team_chat_messages (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        message text NOT NULL CHECK (message ~ '[^[:space:]]'),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX team_chat_messages_team_created_idx ON team_chat_messages (team_id, created_at);
      CREATE INDEX team_chat_messages_user_id_idx ON team_chat_messages (user_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE team_chat_messages;
      DROP TABLE dashboard_configs;
      DROP TABLE weekly_reports;
      DROP TABLE google_docs_sync;
      DROP TABLE template_tasks;
      DROP TABLE project_templates;
      DROP TABLE task_change_history;
      DROP TABLE task_dependencies;
      DROP TABLE task_assignments;
      DROP TABLE tasks;
      DROP TABLE project_documents;
      DROP TABLE project_members;
      DROP TABLE projects;
      DROP TABLE team_join_requests;
      DROP TABLE team_members;
      DROP TABLE teams;
    `);
  }
}
