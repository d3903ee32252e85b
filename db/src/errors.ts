import { QueryFailedError } from 'typeorm';

function pgCode(err: unknown): string | undefined {
  if (err instanceof QueryFailedError) return (err.driverError as { code?: string } | undefined)?.code;
  return (err as { code?: string } | null)?.code;
}

/** PostgreSQL SQLSTATE classes the services turn into 409/400 answers. */
export const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';
export const isForeignKeyViolation = (err: unknown) => pgCode(err) === '23503';
export const isCheckViolation = (err: unknown) => pgCode(err) === '23514';
