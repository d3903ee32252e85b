import { describe, expect, it } from 'vitest';
import { generateProjectCode, generateTeamCode, normaliseTeamCode, TEAM_CODE_ALPHABET } from './codes.js';
import { accountPlan, checkMemberLimit, checkProjectLimit, effectivePlan } from './plan-limits.js';
import { canInviteAs, canManageJoinRequests, canRemoveMember } from './team-permissions.js';

const now = new Date('2026-11-22T12:00:00Z');
const seq = (values: number[]) => {
  let i = 0;
  return (n: number) => values[i++ % values.length]! % n;
};

describe('plan rules', () => {
  it('[effective-plan] an active paid plan counts as itself', () => {
    expect(effectivePlan({ subscriptionPlan: 'enterprise', subscriptionStatus: 'active', trialEndsAt: null }, now)).toBe('enterprise');
    expect(effectivePlan({ subscriptionPlan: 'pro', subscriptionStatus: 'active', trialEndsAt: null }, now)).toBe('pro');
  });

  it('[effective-plan] an unexpired trial is Pro, an expired one is Free', () => {
    const trial = { subscriptionPlan: 'free' as const, subscriptionStatus: 'trial' as const };
    expect(effectivePlan({ ...trial, trialEndsAt: '2026-11-29T12:00:00Z' }, now)).toBe('pro');
    expect(effectivePlan({ ...trial, trialEndsAt: '2026-11-22T12:00:00Z' }, now)).toBe('free');
    expect(effectivePlan({ ...trial, trialEndsAt: null }, now)).toBe('free');
  });

  it('[effective-plan] a canceled subscription falls back to Free, even with trial time left', () => {
    expect(effectivePlan({ subscriptionPlan: 'pro', subscriptionStatus: 'canceled', trialEndsAt: null }, now)).toBe('free');
    expect(effectivePlan({ subscriptionPlan: 'enterprise', subscriptionStatus: 'canceled', trialEndsAt: '2026-11-29T12:00:00Z' }, now)).toBe('free');
  });

  it('[effective-plan] a past-due subscription keeps its plan while the payment is retried', () => {
    expect(effectivePlan({ subscriptionPlan: 'pro', subscriptionStatus: 'past_due', trialEndsAt: null }, now)).toBe('pro');
    expect(effectivePlan({ subscriptionPlan: 'enterprise', subscriptionStatus: 'past_due', trialEndsAt: null }, now)).toBe('enterprise');
    expect(effectivePlan({ subscriptionPlan: 'free', subscriptionStatus: 'past_due', trialEndsAt: null }, now)).toBe('free');
  });

  it('[trial-expiry] a trial ending this very instant is over; an active plan ignores the trial date', () => {
    expect(effectivePlan({ subscriptionPlan: 'free', subscriptionStatus: 'trial', trialEndsAt: now.toISOString() }, now)).toBe('free');
    expect(effectivePlan({ subscriptionPlan: 'enterprise', subscriptionStatus: 'active', trialEndsAt: '2026-11-01T00:00:00Z' }, now)).toBe('enterprise');
  });

  it('[account-plan] the highest paid plan among owned teams that pay; trials and canceled plans do not count', () => {
    expect(accountPlan([])).toBe('free');
    expect(accountPlan([{ subscriptionPlan: 'free', subscriptionStatus: 'trial' }])).toBe('free');
    expect(accountPlan([{ subscriptionPlan: 'enterprise', subscriptionStatus: 'canceled' }])).toBe('free');
    expect(
      accountPlan([
        { subscriptionPlan: 'pro', subscriptionStatus: 'active' },
        { subscriptionPlan: 'enterprise', subscriptionStatus: 'past_due' },
        { subscriptionPlan: 'free', subscriptionStatus: 'active' },
      ]),
    ).toBe('enterprise');
    expect(accountPlan([{ subscriptionPlan: 'pro', subscriptionStatus: 'active' }, { subscriptionPlan: 'enterprise', subscriptionStatus: 'canceled' }])).toBe('pro');
  });

  it('[project-limit] Free allows 3 projects, Pro and Enterprise any number', () => {
    expect(checkProjectLimit('free', 2)).toEqual({ ok: true });
    expect(checkProjectLimit('free', 3)).toMatchObject({ ok: false, requiredPlan: 'pro' });
    expect(checkProjectLimit('pro', 1000)).toEqual({ ok: true });
    expect(checkProjectLimit('enterprise', 1000)).toEqual({ ok: true });
  });

  it('[member-limit] Free has only the owner; Pro up to 5; Enterprise unlimited', () => {
    expect(checkMemberLimit('free', 1)).toMatchObject({ ok: false, requiredPlan: 'pro' });
    expect(checkMemberLimit('pro', 4)).toEqual({ ok: true });
    expect(checkMemberLimit('pro', 5)).toMatchObject({ ok: false, requiredPlan: 'enterprise' });
    expect(checkMemberLimit('enterprise', 500)).toEqual({ ok: true });
  });
});

describe('team roles', () => {
  it('[team-roles] owner and admins answer join requests; members do not', () => {
    expect(canManageJoinRequests('owner')).toBe(true);
    expect(canManageJoinRequests('admin')).toBe(true);
    expect(canManageJoinRequests('member')).toBe(false);
  });

  it('[team-roles] nobody removes the owner; members remove nobody', () => {
    expect(canRemoveMember('owner', 'admin')).toBe(true);
    expect(canRemoveMember('admin', 'member')).toBe(true);
    expect(canRemoveMember('admin', 'owner')).toBe(false);
    expect(canRemoveMember('owner', 'owner')).toBe(false);
    expect(canRemoveMember('member', 'member')).toBe(false);
  });

  it('[invite-links] members invite nobody; owner and admins as member or admin; nobody as owner', () => {
    expect(canInviteAs('member', 'member')).toBe(false);
    expect(canInviteAs('admin', 'member')).toBe(true);
    expect(canInviteAs('admin', 'owner')).toBe(false);
    expect(canInviteAs('member', 'admin')).toBe(false);
    expect(canInviteAs('admin', 'admin')).toBe(true);
    expect(canInviteAs('owner', 'owner')).toBe(false);
  });
});

describe('codes', () => {
  it('[team-code] is 8 characters from an alphabet without look-alikes', () => {
    const code = generateTeamCode(seq([0, 5, 9, 13, 21, 30, 2, 7]));
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(TEAM_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    for (const ch of code) expect(TEAM_CODE_ALPHABET).toContain(ch);
  });

  it('[team-code] typed codes are compared trimmed and upper-cased, at most 8 characters', () => {
    expect(normaliseTeamCode(' abcd 2345xyz ')).toBe('ABCD2345');
  });

  it('[project-code] is initials and four digits, like ABC-1234', () => {
    expect(generateProjectCode('Apollo Build Campaign', seq([1, 2, 3, 4]))).toBe('ABC-1234');
    expect(generateProjectCode('website', seq([9, 0, 0, 1]))).toBe('WEB-9001');
    expect(generateProjectCode('Ünïcode façade', seq([0]))).toBe('UF-0000');
    expect(generateProjectCode('!!!', seq([5]))).toBe('PRJ-5555');
    expect(generateProjectCode('日本', seq([1]))).toBe('PRJ-1111');
  });
});

describe('dependencies', () => {
  const e = (taskId: string, dependsOnTaskId: string) => ({ taskId, dependsOnTaskId });
  it('[dependency-cycle] refuses a task depending on itself', async () => {
    const { findDependencyCycle } = await import('./dependencies.js');
    expect(findDependencyCycle([], e('a', 'a'))).toEqual(['a', 'a']);
  });
  it('[dependency-cycle] finds a transitive cycle and names its path', async () => {
    const { findDependencyCycle } = await import('./dependencies.js');
    // b depends on c, c depends on a: "a depends on b" would close a → b → c → a.
    expect(findDependencyCycle([e('b', 'c'), e('c', 'a')], e('a', 'b'))).toEqual(['a', 'b', 'c', 'a']);
  });
  it('[dependency-cycle] allows a diamond', async () => {
    const { findDependencyCycle } = await import('./dependencies.js');
    expect(findDependencyCycle([e('b', 'a'), e('c', 'a'), e('d', 'b')], e('d', 'c'))).toBeNull();
  });
});
