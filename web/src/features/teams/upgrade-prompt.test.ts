import type { PaymentRequired } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { upgradeDecision, upgradePath, upgradeQuestion } from './upgrade-prompt';

const ownerId = crypto.randomUUID();
const payment: PaymentRequired = {
  message: 'The free plan allows up to 3 projects per team. Upgrade to add more projects.',
  requiredPlan: 'pro',
  teamOwnerId: ownerId,
  requiresUpgrade: true,
};

describe('upgrade prompt', () => {
  it('[plan-limit-owner] offers the upgrade to the owner only', () => {
    expect(upgradeDecision(payment, ownerId)).toBe('offer-upgrade');
    expect(upgradeDecision(payment, crypto.randomUUID())).toBe('ask-owner');
  });

  it('[plan-limit-owner] goes to /upgrade with the team id', () => {
    expect(upgradePath('t 1')).toBe('/upgrade?teamId=t%201');
  });

  it('asks with the server reason and the plan price', () => {
    const question = upgradeQuestion(payment);
    expect(question).toContain(payment.message);
    expect(question).toContain('Pro ($15 per month)');
    expect(question).toContain('up to 5 team members');
    expect(upgradeQuestion({ ...payment, requiredPlan: 'enterprise' })).toContain('Enterprise ($25 per month)');
  });
});
