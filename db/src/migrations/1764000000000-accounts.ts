import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1764000000000 implements MigrationInterface {
  name = 'Accounts1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email varchar(254) NOT NULL CHECK (length(trim(email)) > 0),
        first_name varchar(100) NOT NULL,
        last_name varchar(100) NOT NULL,
        password_hash text,
        profile_image_url text,
        current_plan varchar(20) NOT NULL DEFAULT 'free' CHECK (current_plan IN ('free', 'pro', 'enterprise')),
        is_email_verified boolean NOT NULL DEFAULT false,
        credentials_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

      CREATE TABLE sessions (
        sid varchar(255) PRIMARY KEY,
        sess jsonb NOT NULL,
        expire timestamptz NOT NULL,
        user_id uuid REFERENCES users (id) ON DELETE CASCADE
      );
      CREATE INDEX sessions_expire_idx ON sessions (expire);
      CREATE INDEX sessions_user_id_idx ON sessions (user_id);

      CREATE TABLE login_throttle (
        email_key varchar(254) PRIMARY KEY,
        failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
        window_started_at timestamptz NOT NULL
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_throttle; DROP TABLE sessions; DROP TABLE users;`);
  }
}
