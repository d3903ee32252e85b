import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { API_TOKEN_PREFIX, MAX_API_TOKENS_PER_USER, type ApiToken, type ApiTokenScope, type CreateApiTokenInput, type CreatedApiToken } from '@planline/domain';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';

/** The prefix, then 32 random bytes as base64url (43 characters). Anything else cannot be a token we made. */
const TOKEN_PATTERN = /^plt_[A-Za-z0-9_-]{43}$/;
/** Characters of the token a list shows: the prefix and 4 more. */
const HINT_LENGTH = API_TOKEN_PREFIX.length + 4;
/** `last_used_at` is written at most this often per token, so a busy script is not a write per request. */
const LAST_USED_EVERY_MS = 60_000;

export const TOKEN_NOT_VALID = 'This API token is not valid: it may have been revoked or have expired. Make a new one on your profile page.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface TokenRow {
  id: string;
  name: string;
  scope: ApiTokenScope;
  hint: string;
  created_at: Date | string;
  expires_at: Date | string | null;
  last_used_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const present = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  hint: row.hint,
  createdAt: iso(row.created_at)!,
  expiresAt: iso(row.expires_at),
  lastUsedAt: iso(row.last_used_at),
});

/** Who a bearer token speaks for, and what it may do. */
export interface TokenIdentity {
  tokenId: string;
  userId: string;
  scope: ApiTokenScope;
}

/**
 * Issue 40, personal access tokens. A token is shown once when made and kept only as its SHA-256, looked up by that
 * hash (how long the lookup takes says nothing about any token). An expired token is refused like a revoked one.
 */
export class ApiTokensService {
  private readonly lastUsedWritten = new Map<string, number>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(userId: string): Promise<ApiToken[]> {
    const rows: TokenRow[] = await this.dataSource.query(
      `SELECT id, name, scope, hint, created_at, expires_at, last_used_at FROM api_tokens WHERE user_id = $1 ORDER BY created_at DESC, id`,
      [userId],
    );
    return rows.map(present);
  }

  /**
   * Makes a token. The limit counts the person's tokens with their user row locked, so concurrent requests cannot
   * pass it together.
   */
  async create(userId: string, input: CreateApiTokenInput): Promise<CreatedApiToken> {
    const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const expiresAt = input.expiresInDays ? new Date(this.now().getTime() + input.expiresInDays * 86_400_000) : null;
    const row = await this.dataSource.transaction(async (m) => {
      await m.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
      const counted = (await m.query(`SELECT count(*)::int AS count FROM api_tokens WHERE user_id = $1`, [userId])) as { count: number }[];
      if ((counted[0]?.count ?? 0) >= MAX_API_TOKENS_PER_USER) {
        throw new AppError('conflict', `You have ${MAX_API_TOKENS_PER_USER} API tokens, the most one person may have. Revoke one you no longer use first.`);
      }
      const rows: TokenRow[] = await m.query(
        `INSERT INTO api_tokens (id, user_id, name, scope, token_hash, hint, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING id, name, scope, hint, created_at, expires_at, last_used_at`,
        [randomUUID(), userId, input.name, input.scope, hashToken(secret), secret.slice(0, HINT_LENGTH), expiresAt],
      );
      return rows[0]!;
    });
    return { token: present(row), secret };
  }

  /** Revokes one of the person's tokens (another person's is the same 404 as one that does not exist). */
  async revoke(userId: string, tokenId: string): Promise<void> {
    const removed = await this.dataSource.createQueryBuilder().delete().from('api_tokens').where('id = :tokenId AND user_id = :userId', { tokenId, userId }).execute();
    if (!removed.affected) throw new AppError('not_found', 'No such API token: it may have been revoked already');
    this.lastUsedWritten.delete(tokenId);
  }

  /** The identity behind a bearer token, or a 401 naming why there is none. */
  async authenticate(token: string): Promise<TokenIdentity> {
    if (!TOKEN_PATTERN.test(token)) throw new AppError('unauthorized', TOKEN_NOT_VALID);
    const rows: { id: string; user_id: string; scope: ApiTokenScope; expires_at: Date | string | null }[] = await this.dataSource.query(
      `SELECT id, user_id, scope, expires_at FROM api_tokens WHERE token_hash = $1`,
      [hashToken(token)],
    );
    const row = rows[0];
    const now = this.now();
    if (!row || (row.expires_at !== null && new Date(row.expires_at) <= now)) throw new AppError('unauthorized', TOKEN_NOT_VALID);
    this.noteUse(row.id, now);
    return { tokenId: row.id, userId: row.user_id, scope: row.scope };
  }

  /** Writes when the token was last used, at most once a minute per token, never holding the request up. */
  private noteUse(tokenId: string, now: Date): void {
    const last = this.lastUsedWritten.get(tokenId);
    if (last !== undefined && now.getTime() - last < LAST_USED_EVERY_MS) return;
    this.lastUsedWritten.set(tokenId, now.getTime());
    if (this.lastUsedWritten.size > 10_000) this.lastUsedWritten.delete(this.lastUsedWritten.keys().next().value!);
    void this.dataSource.query(`UPDATE api_tokens SET last_used_at = $2 WHERE id = $1`, [tokenId, now]).catch(() => {
      // A token revoked meanwhile, or the database away for a moment: the next use writes it.
      this.lastUsedWritten.delete(tokenId);
    });
  }
}
