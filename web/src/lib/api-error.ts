import { paymentRequiredSchema, projectConflictSchema, type FieldIssue, type PaymentRequired, type ProjectConflict } from '@planline/domain';

/** Splits an error thrown by throwIfResNotOk into its status and body text; null for any other error. */
export function parseApiError(err: unknown): { status: number; body: string } | null {
  if (!(err instanceof Error)) return null;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(err.message);
  if (!match) return null;
  return { status: Number(match[1]), body: match[2] ?? '' };
}

/** PRODUCT-SPEC §8: a 401 whose text says Unauthorized means the session is gone. */
export function isUnauthorizedError(err: unknown): boolean {
  return err instanceof Error && err.message.startsWith('401: ') && err.message.includes('Unauthorized');
}

function errorBody(err: unknown): Record<string, unknown> | null {
  const parsed = parseApiError(err);
  if (!parsed) return null;
  try {
    const body: unknown = JSON.parse(parsed.body);
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The API's human message (`{ message }` of the JSON error body), for the "server message, else X" texts of
 * PRODUCT-SPEC §8. Null when the body is not the API's JSON (a proxy's HTML page, a network failure).
 */
export function serverMessage(err: unknown): string | null {
  const message = errorBody(err)?.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** Field-level problems of a 400 answer (`issues: [{ path, message }]`), malformed entries dropped. */
export function serverIssues(err: unknown): FieldIssue[] {
  const issues = errorBody(err)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is FieldIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as FieldIssue).path === 'string' &&
      typeof (issue as FieldIssue).message === 'string',
  );
}

/** The seconds a 429 or 503 asks to wait before trying again (`retryAfterSeconds`, also its Retry-After header). */
export function retryAfterSeconds(err: unknown): number | null {
  const seconds = errorBody(err)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

export function errorStatus(err: unknown): number | null {
  return parseApiError(err)?.status ?? null;
}

/** The body of a 402 (plan limit reached): who may upgrade the team, and to what. Null for anything else. */
export function paymentRequired(err: unknown): PaymentRequired | null {
  if (errorStatus(err) !== 402) return null;
  const parsed = paymentRequiredSchema.safeParse(errorBody(err));
  return parsed.success ? parsed.data : null;
}

/** The body of a 409 from a project edit whose base a teammate changed: their values and names. Null for anything else. */
export function projectConflict(err: unknown): ProjectConflict | null {
  if (errorStatus(err) !== 409) return null;
  const parsed = projectConflictSchema.safeParse(errorBody(err));
  return parsed.success ? parsed.data : null;
}
