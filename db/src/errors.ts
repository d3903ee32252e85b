import { QueryFailedError } from 'typeorm';

function pgCode(err: unknown): string | undefined {
  if (err instanceof QueryFailedError) return (err.driverError as { code?: string } | undefined)?.code;
  return (err as { code?: string } | null)?.code;
}

/** PostgreSQL SQLSTATE classes the services turn into 409/400 answers. */
export const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';
export const isForeignKeyViolation = (err: unknown) => pgCode(err) === '23503';
export const isCheckViolation = (err: unknown) => pgCode(err) === '23514';

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * SQLSTATEs of a server that is not there for us right now: class 08 (connection exception), 57P01-57P03
 * (shut down by an administrator or a crash, or still starting up), 53300 (no connection slot left).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** What node-postgres and pg-pool throw when a connection dies or never comes, without a code. */
const UNAVAILABLE_MESSAGE = /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection/i;

/**
 * The database cannot be reached right now (PostgreSQL restarting, the network between us cut): an outage
 * that passes, not a bug. The error handler answers 503 for these; the pg pool makes new connections by
 * itself once the server is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = pgCode(e);
    if (code && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (e instanceof Error && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    // Node reports a refused connection to every address of a host as one AggregateError.
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = e instanceof QueryFailedError ? e.driverError : (e as { cause?: unknown }).cause;
  }
  return false;
}
