import { ERROR_STATUS, UNAVAILABLE_RETRY_AFTER_SECONDS, type ErrorCode, type FieldIssue } from '@planline/domain';
import type { ZodError } from 'zod';

/** The one error type services and middleware throw; the error handler turns it into `{ message, code, ...extra }`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

/** 503 while the database cannot be reached: the outage passes, and the server recovers without a restart. */
export function databaseUnavailable(): AppError {
  return new AppError('service_unavailable', 'The database is not reachable right now. Try again shortly.', {
    retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
  });
}

/** Zod issues as forms show them: one per field. */
export function zodIssues(error: ZodError): FieldIssue[] {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    const message = issue.path.length === 0 && issue.code === 'invalid_type' ? 'Request body must be a JSON object' : issue.message;
    // One message per field, the first: later checks on a value of the wrong type only add noise.
    if (seen.has(path)) continue;
    seen.add(path);
    issues.push({ path, message });
  }
  return issues;
}

/** A 400 whose message is the first problem (what a form shows first) and whose `issues` list them all. */
export function validationError(error: ZodError): AppError {
  const issues = zodIssues(error);
  return new AppError('validation_failed', issues[0]?.message ?? 'Invalid request', { issues });
}
