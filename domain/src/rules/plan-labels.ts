import { planOffer, type Plan } from '../plans.js';
import { DAY_MS } from '../timeline/calendar-date.js';
import { isPayingStatus, type TeamPlanState } from './plan-limits.js';

/**
 * [plan-label] A team's plan, said the same way in every place that shows a team (workspace header, team
 * management, invite dialog, plan pages): 'Pro', 'Pro trial · 6 days left', 'Pro · payment past due',
 * 'Free · trial ended', 'Free'. A trial counts in whole days, rounded up: 'last day' would hide the hours left.
 * `now` is a parameter: rules never read the clock.
 */
export function teamPlanLabel(team: TeamPlanState, now: Date): string {
  if (isPayingStatus(team.subscriptionStatus) && team.subscriptionPlan !== 'free') {
    const title = planOffer(team.subscriptionPlan).title;
    return team.subscriptionStatus === 'past_due' ? `${title} · payment past due` : title;
  }
  if (team.subscriptionStatus === 'trial' && team.trialEndsAt) {
    const msLeft = new Date(team.trialEndsAt).getTime() - now.getTime();
    if (Number.isNaN(msLeft)) return planOffer('free').title;
    if (msLeft <= 0) return `${planOffer('free').title} · trial ended`;
    const days = Math.ceil(msLeft / DAY_MS);
    return `${planOffer('pro').title} trial · ${days} ${days === 1 ? 'day' : 'days'} left`;
  }
  return planOffer('free').title;
}

/**
 * [plan-label] The plan badge of the top navigation while a team is in view: whose plan it is, then the team's
 * plan as every team place says it ('Team Acme: Pro trial · 5 days left'). The person's own plan beside a team on
 * a trial read as the team's ('Your plan: Free' over a Pro trial, issue 33 item 9).
 */
export function namedTeamPlanLabel(team: TeamPlanState & { name: string }, now: Date): string {
  return `Team ${team.name}: ${teamPlanLabel(team, now)}`;
}

/**
 * [plan-label] The signed-in person's own plan (users.currentPlan; PRODUCT-SPEC §2 plan badge), said as theirs so
 * it is not read as the team's: 'Your plan: Free'.
 */
export function accountPlanLabel(plan: Plan | null | undefined): string {
  return `Your plan: ${planOffer(plan ?? 'free').title}`;
}
