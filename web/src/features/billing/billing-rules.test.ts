import { describe, expect, it } from 'vitest';
import { makeTeam } from '../../../test/factories';
import {
  CHECKOUT_FAILED_TEXT,
  checkoutChoices,
  checkoutFailureMessage,
  checkoutUrls,
  CONFIRM_MAX_CHECKS,
  defaultCheckoutTeam,
  formatPrice,
  paidPlanOf,
  paymentConfirmation,
  paymentPlanParam,
  planChangeNote,
  requestedPlanParam,
  sameOriginPath,
  subscribeView,
  trialState,
  upgradeView,
  welcomeBenefits,
} from './billing-rules';

const now = new Date('2025-03-10T12:00:00.000Z');
const tomorrow = '2025-03-11T12:00:00.000Z';
const yesterday = '2025-03-09T12:00:00.000Z';
const paidPro = { subscriptionPlan: 'pro', subscriptionStatus: 'active' } as const;

describe('prices and parameters', () => {
  it('[payment-plan] /payment reads enterprise when asked, else pro', () => {
    expect(paymentPlanParam('enterprise')).toBe('enterprise');
    expect(paymentPlanParam('ENTERPRISE')).toBe('enterprise');
    expect(paymentPlanParam('pro')).toBe('pro');
    expect(paymentPlanParam(null)).toBe('pro');
    expect(paymentPlanParam('free')).toBe('pro');
    expect(paymentPlanParam('gold')).toBe('pro');
  });

  it('formats cents as a price', () => {
    expect(formatPrice(1500, 'usd')).toBe('$15.00');
    expect(formatPrice(2500, 'usd')).toBe('$25.00');
    expect(formatPrice(1500, 'eur')).toBe('€15.00');
  });

  it('sends absolute success and cancel URLs on our own origin', () => {
    const teamId = crypto.randomUUID();
    expect(checkoutUrls('https://plan.example', teamId, `/upgrade?teamId=${teamId}`, 'pro')).toEqual({
      successUrl: `https://plan.example/upgrade/success?teamId=${teamId}&plan=pro`,
      cancelUrl: `https://plan.example/upgrade?teamId=${teamId}`,
    });
    expect(checkoutUrls('https://plan.example', teamId, `/payment?plan=enterprise`, 'enterprise').successUrl).toBe(
      `https://plan.example/upgrade/success?teamId=${teamId}&plan=enterprise`,
    );
  });

  it('[payment-confirmation] reads the plan asked for from the success URL', () => {
    expect(requestedPlanParam('enterprise')).toBe('enterprise');
    expect(requestedPlanParam(' Pro ')).toBe('pro');
    expect(requestedPlanParam('free')).toBeNull();
    expect(requestedPlanParam('')).toBeNull();
    expect(requestedPlanParam(null)).toBeNull();
  });

  it('[checkout-failure] shows the server message, else the spec text', () => {
    expect(checkoutFailureMessage(new Error('409: {"message":"This team is already on Pro"}'))).toBe('This team is already on Pro');
    expect(checkoutFailureMessage(new Error('502: <html>Bad Gateway</html>'))).toBe(CHECKOUT_FAILED_TEXT);
    expect(checkoutFailureMessage(new TypeError('Failed to fetch'))).toBe('Failed to create checkout session');
  });

  it('follows only same-origin URLs from the server', () => {
    expect(sameOriginPath('https://plan.example/upgrade/success?teamId=1#x', 'https://plan.example')).toBe('/upgrade/success?teamId=1#x');
    expect(sameOriginPath('/upgrade?teamId=1', 'https://plan.example')).toBe('/upgrade?teamId=1');
    expect(sameOriginPath('https://evil.example/upgrade', 'https://plan.example')).toBeNull();
    expect(sameOriginPath('//evil.example/x', 'https://plan.example')).toBeNull();
    expect(sameOriginPath('javascript:alert(1)', 'https://plan.example')).toBeNull();
  });
});

describe('team plans', () => {
  it('counts a plan as paid while active or past due, never during a trial', () => {
    expect(paidPlanOf({ subscriptionPlan: 'pro', subscriptionStatus: 'active' })).toBe('pro');
    expect(paidPlanOf({ subscriptionPlan: 'enterprise', subscriptionStatus: 'past_due' })).toBe('enterprise');
    expect(paidPlanOf({ subscriptionPlan: 'free', subscriptionStatus: 'active' })).toBeNull();
    expect(paidPlanOf({ subscriptionPlan: 'pro', subscriptionStatus: 'trial' })).toBeNull();
    expect(paidPlanOf({ subscriptionPlan: 'pro', subscriptionStatus: 'canceled' })).toBeNull();
  });

  it('tells an active trial from an ended one', () => {
    expect(trialState({ subscriptionStatus: 'trial', trialEndsAt: tomorrow }, now)).toEqual({ kind: 'active', endsAt: tomorrow });
    expect(trialState({ subscriptionStatus: 'trial', trialEndsAt: yesterday }, now)).toEqual({ kind: 'ended', endsAt: yesterday });
    expect(trialState({ subscriptionStatus: 'active', trialEndsAt: tomorrow }, now)).toEqual({ kind: 'none' });
    expect(trialState({ subscriptionStatus: 'trial', trialEndsAt: null }, now)).toEqual({ kind: 'none' });
  });
});

describe('/subscribe', () => {
  it('[subscribe-state] says subscribed when the first team is paid for', () => {
    const team = makeTeam(paidPro);
    expect(subscribeView([team, makeTeam()], now)).toEqual({ kind: 'subscribed', team, plan: 'pro' });
  });

  it('[subscribe-state] offers the plans with the first team trial otherwise', () => {
    const team = makeTeam({ subscriptionStatus: 'trial', trialEndsAt: tomorrow });
    expect(subscribeView([team, makeTeam(paidPro)], now)).toEqual({ kind: 'choose', team, trial: { kind: 'active', endsAt: tomorrow } });
    expect(subscribeView([makeTeam({ subscriptionPlan: 'free', subscriptionStatus: 'active' })], now).kind).toBe('choose');
    expect(subscribeView([], now)).toEqual({ kind: 'choose', team: null, trial: { kind: 'none' } });
  });
});

describe('/upgrade', () => {
  const owned = makeTeam({ role: 'owner' });
  const joined = makeTeam({ role: 'member' });

  it('[upgrade-state] offers the upgrade to the owner of an unpaid team, any case of the id', () => {
    expect(upgradeView([owned, joined], owned.id.toUpperCase())).toEqual({ kind: 'offer', team: owned });
    const trial = makeTeam({ role: 'owner', subscriptionStatus: 'trial', trialEndsAt: tomorrow });
    expect(upgradeView([trial], trial.id).kind).toBe('offer');
  });

  it('[upgrade-state] explains that only the owner can upgrade', () => {
    expect(upgradeView([owned, joined], joined.id)).toEqual({ kind: 'not-owner', team: joined });
  });

  it('[upgrade-state] says when the team is already paid for', () => {
    const pro = makeTeam({ role: 'owner', ...paidPro });
    expect(upgradeView([pro], pro.id)).toEqual({ kind: 'already-paid', team: pro, plan: 'pro' });
  });

  it('[upgrade-state] without a team: the one owned team, a choice among several, or none', () => {
    expect(upgradeView([owned, joined], null)).toEqual({ kind: 'redirect', teamId: owned.id });
    const second = makeTeam({ role: 'owner' });
    expect(upgradeView([owned, second, joined], '')).toEqual({ kind: 'choose-team', teams: [owned, second] });
    expect(upgradeView([joined], null)).toEqual({ kind: 'no-owned-team' });
  });

  it('[upgrade-state] an unknown team offers the owned ones instead', () => {
    expect(upgradeView([owned, joined], crypto.randomUUID())).toEqual({ kind: 'unknown-team', owned: [owned] });
  });
});

describe('checkout teams', () => {
  it('[checkout-teams] offers the owned teams, greying those that already have the plan', () => {
    const free = makeTeam({ role: 'owner' });
    const pro = makeTeam({ role: 'owner', ...paidPro });
    const enterprise = makeTeam({ role: 'owner', subscriptionPlan: 'enterprise', subscriptionStatus: 'active' });
    const member = makeTeam({ role: 'admin' });
    expect(checkoutChoices([free, pro, enterprise, member], 'pro')).toEqual([
      { team: free, unavailable: null },
      { team: pro, unavailable: 'Already on Pro' },
      { team: enterprise, unavailable: 'Already on Enterprise' },
    ]);
    expect(checkoutChoices([pro], 'enterprise')).toEqual([{ team: pro, unavailable: null }]);
  });

  it('[checkout-teams] picks the preferred team when it can, else the first that can', () => {
    const a = makeTeam({ role: 'owner' });
    const b = makeTeam({ role: 'owner' });
    const paid = makeTeam({ role: 'owner', ...paidPro });
    expect(defaultCheckoutTeam(checkoutChoices([a, b], 'pro'), b.id)).toBe(b.id);
    expect(defaultCheckoutTeam(checkoutChoices([paid, a], 'pro'), paid.id)).toBe(a.id);
    expect(defaultCheckoutTeam(checkoutChoices([paid], 'pro'), null)).toBeNull();
  });
});

describe('/upgrade/success', () => {
  it('[payment-confirmation] confirms a paid team, keeps checking a bounded number of times, then says so', () => {
    const unpaid = { subscriptionPlan: 'free', subscriptionStatus: 'trial' } as const;
    expect(paymentConfirmation(paidPro, 0)).toBe('confirmed');
    expect(paymentConfirmation(paidPro, CONFIRM_MAX_CHECKS + 3)).toBe('confirmed');
    expect(paymentConfirmation(undefined, 0)).toBe('confirming');
    expect(paymentConfirmation(unpaid, CONFIRM_MAX_CHECKS - 1)).toBe('confirming');
    expect(paymentConfirmation(unpaid, CONFIRM_MAX_CHECKS)).toBe('timed-out');
    expect(paymentConfirmation(undefined, 3, { maxChecks: 3 })).toBe('timed-out');
  });

  it('[payment-confirmation] an upgrade from Pro waits for Enterprise; a plan higher than asked for confirms', () => {
    const paidEnterprise = { subscriptionPlan: 'enterprise', subscriptionStatus: 'active' } as const;
    expect(paymentConfirmation(paidPro, 0, { plan: 'enterprise' })).toBe('confirming');
    expect(paymentConfirmation(paidPro, CONFIRM_MAX_CHECKS, { plan: 'enterprise' })).toBe('timed-out');
    expect(paymentConfirmation(paidEnterprise, 0, { plan: 'enterprise' })).toBe('confirmed');
    expect(paymentConfirmation(paidEnterprise, 0, { plan: 'pro' })).toBe('confirmed');
    expect(paymentConfirmation(paidPro, 0, { plan: 'pro' })).toBe('confirmed');
    expect(paymentConfirmation({ subscriptionPlan: 'enterprise', subscriptionStatus: 'canceled' }, 0, { plan: 'enterprise' })).toBe('confirming');
  });

  it('[plan-change] tells a team paying for a lower plan that its subscription changes at once', () => {
    expect(planChangeNote(paidPro, 'enterprise', 'live')).toBe(
      'Its Pro subscription changes to Enterprise right away, with no new checkout: the price difference for the rest of the current month is charged to the card on file.',
    );
    expect(planChangeNote(paidPro, 'enterprise', 'test')).toBe(
      'Its Pro subscription changes to Enterprise right away, with no new checkout. Test mode: no card is charged.',
    );
    expect(planChangeNote(paidPro, 'pro', 'live')).toBeNull();
    expect(planChangeNote({ subscriptionPlan: 'free', subscriptionStatus: 'trial' }, 'enterprise', 'live')).toBeNull();
    expect(planChangeNote({ subscriptionPlan: 'pro', subscriptionStatus: 'canceled' }, 'enterprise', undefined)).toBeNull();
  });

  it('[upgrade-success] lists the plan benefits, with approving and inviting up to 5 members on Pro', () => {
    expect(welcomeBenefits('pro')).toEqual([
      'Unlimited projects',
      'Invite up to 5 team members and approve their join requests',
      'Advanced Gantt features',
      'All export formats',
      'Priority support',
    ]);
    expect(welcomeBenefits('enterprise')).toContain('Unlimited team members');
  });
});
