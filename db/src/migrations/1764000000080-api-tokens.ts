import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 40, personal access tokens: `token_hash` is the SHA-256 (hex) of the token, the only form it is kept in;
 * `hint` its first characters, to tell tokens apart in a list. A revoked token's row is deleted. `last_used_at` is
 * written at most once a minute per token.
 */
export class ApiTokens1764000000080 implements MigrationInterface {
  name = 'ApiTokens1764000000080';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_tokens (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
        scope text NOT NULL CHECK (scope IN ('read', 'read-write')),
        token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        hint text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        last_used_at timestamptz
      );
      CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_tokens;`);
  }
}
