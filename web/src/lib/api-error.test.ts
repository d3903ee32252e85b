import { describe, expect, it } from 'vitest';
import { errorStatus, isUnauthorizedError, paymentRequired, serverIssues, serverMessage } from './api-error';

describe('isUnauthorizedError', () => {
  it('[errors-unauthorized] is true for a 401 that says Unauthorized', () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized","code":"unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
  });

  it('[errors-unauthorized] is false for other statuses, other texts and non-errors', () => {
    expect(isUnauthorizedError(new Error('403: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError(new Error('401: Invalid email or password'))).toBe(false);
    expect(isUnauthorizedError(new Error('x401: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
    expect(isUnauthorizedError(null)).toBe(false);
  });
});

describe('serverMessage', () => {
  it('reads message from the JSON body', () => {
    const err = new Error('409: {"message":"An account with this email already exists","code":"conflict"}');
    expect(serverMessage(err)).toBe('An account with this email already exists');
  });

  it('keeps a message that itself contains ": "', () => {
    expect(serverMessage(new Error('400: {"message":"Bad: very","code":"bad_request"}'))).toBe('Bad: very');
  });

  it('is null when the body is not JSON, has no message, or the error is not an API error', () => {
    expect(serverMessage(new Error('502: Bad Gateway'))).toBeNull();
    expect(serverMessage(new Error('500: <html>oops</html>'))).toBeNull();
    expect(serverMessage(new Error('400: {"code":"bad_request"}'))).toBeNull();
    expect(serverMessage(new Error('400: {"message":"  "}'))).toBeNull();
    expect(serverMessage(new Error('400: ["message"]'))).toBeNull();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeNull();
    expect(serverMessage(undefined)).toBeNull();
  });
});

describe('serverIssues', () => {
  it('returns well-formed field issues only', () => {
    const body = {
      message: 'Invalid input',
      code: 'validation_failed',
      issues: [{ path: 'email', message: 'Invalid email address' }, { path: 3 }, null],
    };
    expect(serverIssues(new Error(`400: ${JSON.stringify(body)}`))).toEqual([
      { path: 'email', message: 'Invalid email address' },
    ]);
  });

  it('is empty without issues', () => {
    expect(serverIssues(new Error('400: {"message":"x"}'))).toEqual([]);
    expect(serverIssues(new Error('boom'))).toEqual([]);
  });
});

describe('errorStatus', () => {
  it('reads the status of an API error', () => {
    expect(errorStatus(new Error('409: {}'))).toBe(409);
    expect(errorStatus(new Error('no status'))).toBeNull();
  });
});

describe('paymentRequired', () => {
  const body = {
    message: 'Upgrade to Pro',
    code: 'payment_required',
    requiredPlan: 'pro',
    teamOwnerId: '6f1c2a4e-1b2c-4d5e-8f90-123456789abc',
    requiresUpgrade: true,
  };

  it('[plan-402] reads the 402 body', () => {
    expect(paymentRequired(new Error(`402: ${JSON.stringify(body)}`))).toEqual({
      message: 'Upgrade to Pro',
      requiredPlan: 'pro',
      teamOwnerId: body.teamOwnerId,
      requiresUpgrade: true,
    });
  });

  it('is null for other statuses and malformed bodies', () => {
    expect(paymentRequired(new Error(`403: ${JSON.stringify(body)}`))).toBeNull();
    expect(paymentRequired(new Error('402: {"message":"x"}'))).toBeNull();
    expect(paymentRequired(new Error('402: Payment Required'))).toBeNull();
  });
});
