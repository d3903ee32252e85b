import { z } from 'zod';
import { requiredName } from './text.js';

/*
 * Issue 40, API tokens: a person's personal access tokens for calling the REST API as themselves with
 * `Authorization: Bearer <token>`. Shown once when made, kept only as their SHA-256.
 */

export const API_TOKEN_SCOPES = ['read', 'read-write'] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { error: 'Scope must be read or read-write' });
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** What every token starts with, so a leaked one is recognisable (secret scanners) and told apart from a session. */
export const API_TOKEN_PREFIX = 'plt_';
/** Tokens one person may have at once (revoked ones do not count). */
export const MAX_API_TOKENS_PER_USER = 50;
export const API_TOKEN_NAME_MAX_LENGTH = 80;
/** The longest a token may be made to last, in days; without an expiry it lasts until revoked. */
export const API_TOKEN_MAX_DAYS = 366;

export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: apiTokenScopeSchema,
  /** The token's first characters (prefix and 4 more), to tell tokens apart; never enough to use it. */
  hint: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** POST /api/me/tokens. `expiresInDays` unset: until revoked. */
export const createApiTokenInputSchema = z
  .object({
    name: requiredName('Token name', API_TOKEN_NAME_MAX_LENGTH),
    scope: apiTokenScopeSchema,
    expiresInDays: z
      .number({ error: 'expiresInDays must be a whole number of days' })
      .int('expiresInDays must be a whole number of days')
      .min(1, 'A token lasts at least one day')
      .max(API_TOKEN_MAX_DAYS, `A token lasts at most ${API_TOKEN_MAX_DAYS} days; leave expiresInDays out for one that lasts until revoked`)
      .nullable()
      .optional(),
  })
  .strict();
export type CreateApiTokenInput = z.infer<typeof createApiTokenInputSchema>;

/** POST's answer: the token itself, shown this once. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
