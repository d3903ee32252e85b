import {
  checkPlanPurchase,
  isPayingStatus,
  paidPlanSchema,
  planOffer,
  planRank,
  type BillingMode,
  type PaidPlan,
  type TeamSummary,
} from '@planline/domain';
import { format, parseISO } from 'date-fns';
import { serverMessage } from '../../lib/api-error';

/*
 * The pure rules of the plan pages (issue 7): which state each page shows, what a checkout sends, how prices
 * read. `now` is a parameter wherever time matters (STYLE §6).
 */

/** [payment-plan] /payment?plan=: enterprise when asked for, else Pro (the default, also for anything unknown). */
export function paymentPlanParam(value: string | null | undefined): PaidPlan {
  return value?.trim().toLowerCase() === 'enterprise' ? 'enterprise' : 'pro';
}

/** '$15.00' for 1500 cents in usd; an unknown currency code falls back to the code itself. */
export function formatPrice(amountCents: number, currency: string): string {
  const amount = amountCents / 100;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export function planTitle(plan: PaidPlan): string {
  return plan === 'pro' ? 'Pro' : 'Enterprise';
}

/**
 * Where the provider sends the user back: absolute URLs on our own origin, as the API requires. The success URL
 * names the plan bought, so that the success page waits for it (an upgrade from Pro is on Pro until confirmed).
 */
export function checkoutUrls(origin: string, teamId: string, cancelPath: string, plan: PaidPlan): { successUrl: string; cancelUrl: string } {
  const successUrl = new URL('/upgrade/success', origin);
  successUrl.searchParams.set('teamId', teamId);
  successUrl.searchParams.set('plan', plan);
  return { successUrl: successUrl.toString(), cancelUrl: new URL(cancelPath, origin).toString() };
}

/** /upgrade/success?plan=: the paid plan asked for, or null (absent or unknown: any paid plan will do). */
export function requestedPlanParam(value: string | null | undefined): PaidPlan | null {
  const plan = paidPlanSchema.safeParse(value?.trim().toLowerCase());
  return plan.success ? plan.data : null;
}

export const CHECKOUT_FAILED_TEXT = 'Failed to create checkout session';

/** [checkout-failure] PRODUCT-SPEC §8: the server message, else 'Failed to create checkout session'. */
export function checkoutFailureMessage(err: unknown): string {
  return serverMessage(err) ?? CHECKOUT_FAILED_TEXT;
}

type PlanFields = Pick<TeamSummary, 'subscriptionPlan' | 'subscriptionStatus'>;

/**
 * The paid plan a team is paying for (active, or past due while the provider retries the payment), or null:
 * free, on trial, or cancelled.
 */
export function paidPlanOf(team: PlanFields): PaidPlan | null {
  return isPayingStatus(team.subscriptionStatus) && team.subscriptionPlan !== 'free' ? team.subscriptionPlan : null;
}

export function ownedTeams<T extends Pick<TeamSummary, 'role'>>(teams: readonly T[]): T[] {
  return teams.filter((t) => t.role === 'owner');
}

export type TrialState = { kind: 'none' } | { kind: 'active' | 'ended'; endsAt: string };

/** A team in trial status is in an active trial until `trialEndsAt`, then its trial has ended. */
export function trialState(team: Pick<TeamSummary, 'subscriptionStatus' | 'trialEndsAt'>, now: Date): TrialState {
  if (team.subscriptionStatus !== 'trial' || !team.trialEndsAt) return { kind: 'none' };
  const ends = new Date(team.trialEndsAt);
  if (Number.isNaN(ends.getTime())) return { kind: 'none' };
  return { kind: ends.getTime() > now.getTime() ? 'active' : 'ended', endsAt: team.trialEndsAt };
}

export type SubscribeView =
  | { kind: 'subscribed'; team: TeamSummary; plan: PaidPlan }
  | { kind: 'choose'; team: TeamSummary | null; trial: TrialState };

/** [subscribe-state] /subscribe follows the first team: paid for → "You're subscribed!", else the plan choice. */
export function subscribeView(teams: readonly TeamSummary[], now: Date): SubscribeView {
  const team = teams[0] ?? null;
  if (!team) return { kind: 'choose', team: null, trial: { kind: 'none' } };
  const plan = paidPlanOf(team);
  if (plan) return { kind: 'subscribed', team, plan };
  return { kind: 'choose', team, trial: trialState(team, now) };
}

export type UpgradeView =
  /** No team named and exactly one owned: go to it (the URL then names it, for the cancel link too). */
  | { kind: 'redirect'; teamId: string }
  | { kind: 'choose-team'; teams: TeamSummary[] }
  | { kind: 'no-owned-team' }
  | { kind: 'unknown-team'; owned: TeamSummary[] }
  | { kind: 'not-owner'; team: TeamSummary }
  | { kind: 'already-paid'; team: TeamSummary; plan: PaidPlan }
  | { kind: 'offer'; team: TeamSummary };

/** [upgrade-state] /upgrade?teamId=: only the owner of a team not yet paid for is offered the upgrade. */
export function upgradeView(teams: readonly TeamSummary[], teamId: string | null): UpgradeView {
  const owned = ownedTeams(teams);
  const wanted = teamId?.trim().toLowerCase() ?? '';
  if (!wanted) {
    if (owned.length === 1) return { kind: 'redirect', teamId: owned[0]!.id };
    return owned.length === 0 ? { kind: 'no-owned-team' } : { kind: 'choose-team', teams: owned };
  }
  const team = teams.find((t) => t.id.toLowerCase() === wanted);
  if (!team) return { kind: 'unknown-team', owned };
  if (team.role !== 'owner') return { kind: 'not-owner', team };
  const plan = paidPlanOf(team);
  return plan ? { kind: 'already-paid', team, plan } : { kind: 'offer', team };
}

export interface CheckoutChoice {
  team: TeamSummary;
  /** Why this team cannot be bought `plan` now; null when it can. */
  unavailable: string | null;
}

/** [checkout-teams] The teams a checkout for `plan` can pay for: the user's own, minus those already on it. */
export function checkoutChoices(teams: readonly TeamSummary[], plan: PaidPlan): CheckoutChoice[] {
  return ownedTeams(teams).map((team) => {
    const paid = paidPlanOf(team);
    const purchase = checkPlanPurchase(team, plan);
    return { team, unavailable: purchase.ok || !paid ? null : `Already on ${planTitle(paid)}` };
  });
}

/** The preferred team when it can be chosen, else the first that can; null when none can. */
export function defaultCheckoutTeam(choices: readonly CheckoutChoice[], preferredId: string | null): string | null {
  const open = choices.filter((c) => c.unavailable === null);
  return (open.find((c) => c.team.id === preferredId) ?? open[0])?.team.id ?? null;
}

/** The success page asks again this often while the provider's confirmation is on its way, this many times. */
export const CONFIRM_POLL_INTERVAL_MS = 2000;
export const CONFIRM_MAX_CHECKS = 15;

export type Confirmation = 'confirmed' | 'confirming' | 'timed-out';

/**
 * [payment-confirmation] A provider's webhook can land a moment after the user is sent back: the team counts as
 * upgraded once it is paid for, on the plan asked for or a higher one (`plan`; a team upgrading from Pro pays for
 * Pro until the change is confirmed); until then the page keeps checking, up to `maxChecks` reads.
 */
export function paymentConfirmation(
  team: PlanFields | undefined,
  checksDone: number,
  { plan = null, maxChecks = CONFIRM_MAX_CHECKS }: { plan?: PaidPlan | null; maxChecks?: number } = {},
): Confirmation {
  const paid = team ? paidPlanOf(team) : null;
  if (paid && (!plan || planRank(paid) >= planRank(plan))) return 'confirmed';
  return checksDone >= maxChecks ? 'timed-out' : 'confirming';
}

/**
 * [plan-change] What buying `plan` does for a team already paying for a lower plan: its subscription is changed
 * at once, with no checkout page; null for a team paying for nothing (a checkout follows).
 */
export function planChangeNote(team: PlanFields, plan: PaidPlan, mode: BillingMode | undefined): string | null {
  const paid = paidPlanOf(team);
  if (!paid || planRank(paid) >= planRank(plan)) return null;
  const change = `Its ${planTitle(paid)} subscription changes to ${planTitle(plan)} right away, with no new checkout`;
  return mode === 'test'
    ? `${change}. Test mode: no card is charged.`
    : `${change}: the price difference for the rest of the current month is charged to the card on file.`;
}

/**
 * A URL from the server is followed only when it stays on our origin: the path (with query and hash) to go to,
 * else null.
 */
export function sameOriginPath(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== new URL(origin).origin) return null;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return null;
  }
}

/** 'January 5, 2025' for an ISO date-time, in the viewer's time zone (a trial ends at an instant). */
export function formatDay(iso: string): string {
  return format(parseISO(iso), 'MMMM d, yyyy');
}

/**
 * [upgrade-success] What the welcome lists: the plan's contents, Pro's member line spelled out as the success
 * page states it (PRODUCT-SPEC §6: approving join requests and inviting up to 5 members needs Pro).
 */
export function welcomeBenefits(plan: PaidPlan): string[] {
  return planOffer(plan).features.map((feature) =>
    feature === 'Up to 5 team members' ? 'Invite up to 5 team members and approve their join requests' : feature,
  );
}
