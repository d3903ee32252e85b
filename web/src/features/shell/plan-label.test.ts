import { describe, expect, it } from 'vitest';
import { planBadgeText } from './plan-label';

describe('planBadgeText', () => {
  it('[nav-plan-badge] upper-cases the plan and falls back to FREE', () => {
    expect(planBadgeText({ currentPlan: 'pro' })).toBe('PRO Plan');
    expect(planBadgeText({ currentPlan: 'enterprise' })).toBe('ENTERPRISE Plan');
    expect(planBadgeText(null)).toBe('FREE Plan');
  });
});
