import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('[db-unavailable] a refused, cut or shutting-down connection is an outage', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout', { cause: new Error('timeout') }))).toBe(true);
    const adminShutdown = withCode('terminating connection due to administrator command', '57P01');
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], adminShutdown))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
  });

  it('[db-unavailable] query errors and bugs are not', () => {
    expect(isDatabaseUnavailable(new QueryFailedError('INSERT', [], withCode('duplicate key value', '23505')))).toBe(false);
    expect(isDatabaseUnavailable(withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
