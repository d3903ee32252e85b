import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36, who is overloaded. Each assignee of a task gets an allocation (the share of their working day the task
 * takes, 1-200 %, 100 for every assignment stored before), and each team member a capacity: hours per working day,
 * their own working weekdays (ISO 1-7; null: the project calendar's), and days off. A member's capacity goes with
 * their membership (removed with them, not kept for a return).
 */
export class Workload1764000000040 implements MigrationInterface {
  name = 'Workload1764000000040';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE task_assignments
        ADD COLUMN allocation smallint NOT NULL DEFAULT 100
          CONSTRAINT task_assignments_allocation_check CHECK (allocation BETWEEN 1 AND 200);

      CREATE TABLE member_capacities (
        team_id uuid NOT NULL,
        user_id uuid NOT NULL,
        hours_per_day numeric(4, 2) NOT NULL DEFAULT 8 CHECK (hours_per_day BETWEEN 0.5 AND 24),
        working_days smallint[] CHECK (working_days IS NULL OR (cardinality(working_days) BETWEEN 1 AND 7 AND working_days <@ ARRAY[1, 2, 3, 4, 5, 6, 7]::smallint[])),
        days_off jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(days_off) = 'array'),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (team_id, user_id),
        CONSTRAINT member_capacities_member_fkey FOREIGN KEY (team_id, user_id) REFERENCES team_members (team_id, user_id) ON DELETE CASCADE
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE member_capacities;
      ALTER TABLE task_assignments DROP COLUMN allocation;
    `);
  }
}
