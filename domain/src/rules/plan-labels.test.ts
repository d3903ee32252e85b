import { describe, expect, it } from 'vitest';
import { accountPlanLabel, namedTeamPlanLabel, teamPlanLabel } from './plan-labels.js';

const now = new Date('2026-11-25T10:00:00.000Z');
const trialEnding = (iso: string) => ({ subscriptionPlan: 'free' as const, subscriptionStatus: 'trial' as const, trialEndsAt: iso });

describe('teamPlanLabel', () => {
  it('[plan-label] a running trial is Pro with the whole days left, rounded up', () => {
    expect(teamPlanLabel(trialEnding('2026-12-01T10:00:00.000Z'), now)).toBe('Pro trial · 6 days left');
    expect(teamPlanLabel(trialEnding('2026-12-01T09:00:00.000Z'), now)).toBe('Pro trial · 6 days left');
    expect(teamPlanLabel(trialEnding('2026-11-26T10:00:00.000Z'), now)).toBe('Pro trial · 1 day left');
    expect(teamPlanLabel(trialEnding('2026-11-25T10:00:01.000Z'), now)).toBe('Pro trial · 1 day left');
    expect(teamPlanLabel(trialEnding(new Date(now.getTime() + 7 * 86_400_000).toISOString()), now)).toBe('Pro trial · 7 days left');
  });

  it('[plan-label] an ended trial says so; a trial without an end date is Free', () => {
    expect(teamPlanLabel(trialEnding('2026-11-25T10:00:00.000Z'), now)).toBe('Free · trial ended');
    expect(teamPlanLabel(trialEnding('2026-11-01T00:00:00.000Z'), now)).toBe('Free · trial ended');
    expect(teamPlanLabel({ subscriptionPlan: 'free', subscriptionStatus: 'trial', trialEndsAt: null }, now)).toBe('Free');
    expect(teamPlanLabel(trialEnding('not a date'), now)).toBe('Free');
  });

  it('[plan-label] a paid plan is its name; past due says the payment is owed; cancelled or free is Free', () => {
    expect(teamPlanLabel({ subscriptionPlan: 'pro', subscriptionStatus: 'active', trialEndsAt: null }, now)).toBe('Pro');
    expect(teamPlanLabel({ subscriptionPlan: 'enterprise', subscriptionStatus: 'active', trialEndsAt: null }, now)).toBe('Enterprise');
    expect(teamPlanLabel({ subscriptionPlan: 'pro', subscriptionStatus: 'past_due', trialEndsAt: null }, now)).toBe('Pro · payment past due');
    expect(teamPlanLabel({ subscriptionPlan: 'pro', subscriptionStatus: 'canceled', trialEndsAt: null }, now)).toBe('Free');
    expect(teamPlanLabel({ subscriptionPlan: 'free', subscriptionStatus: 'active', trialEndsAt: null }, now)).toBe('Free');
  });

  it('[plan-label] a paid plan wins over a trial date left on the row', () => {
    expect(teamPlanLabel({ subscriptionPlan: 'pro', subscriptionStatus: 'active', trialEndsAt: '2026-12-01T10:00:00.000Z' }, now)).toBe('Pro');
  });
});

describe('namedTeamPlanLabel', () => {
  it('[plan-label] the navigation says whose plan: the team in view, with its trial', () => {
    const acme = { name: 'Acme', ...trialEnding('2026-11-30T10:00:00.000Z') };
    expect(namedTeamPlanLabel(acme, now)).toBe('Team Acme: Pro trial · 5 days left');
    expect(namedTeamPlanLabel({ ...acme, subscriptionPlan: 'pro', subscriptionStatus: 'active', trialEndsAt: null }, now)).toBe('Team Acme: Pro');
    expect(namedTeamPlanLabel({ ...acme, trialEndsAt: '2026-11-20T10:00:00.000Z' }, now)).toBe('Team Acme: Free · trial ended');
  });
});

describe('accountPlanLabel', () => {
  it('[plan-label] the header badge says the plan is the person’s own', () => {
    expect(accountPlanLabel('free')).toBe('Your plan: Free');
    expect(accountPlanLabel('pro')).toBe('Your plan: Pro');
    expect(accountPlanLabel('enterprise')).toBe('Your plan: Enterprise');
    expect(accountPlanLabel(null)).toBe('Your plan: Free');
  });
});
