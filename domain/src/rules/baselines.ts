import type { Plan } from '../plans.js';
import type { WorkCalendar } from '../scheduling/work-calendar.js';
import { PLAN_LIMITS, type LimitCheck } from './plan-limits.js';

/**
 * A refusal of one more baseline: an upgrade helps (requiredPlan, a 402), or the project is at the cap every
 * plan shares (requiredPlan null: delete one first, a 409).
 */
export type BaselineLimitCheck = LimitCheck | { ok: false; requiredPlan: null; message: string };

/** [baseline-limit] May a project of a team on `plan` with `currentBaselines` baselines keep one more? */
export function checkBaselineLimit(plan: Plan, currentBaselines: number): BaselineLimitCheck {
  const max = PLAN_LIMITS[plan].maxBaselinesPerProject;
  if (currentBaselines < max) return { ok: true };
  const pro = PLAN_LIMITS.pro.maxBaselinesPerProject;
  if (max < pro) {
    return {
      ok: false,
      requiredPlan: 'pro',
      message: `The ${plan} plan keeps ${max} baseline${max === 1 ? '' : 's'} per project. Upgrade to Pro to keep up to ${pro}, or delete the one you have.`,
    };
  }
  return { ok: false, requiredPlan: null, message: `A project keeps at most ${max} baselines. Delete one to save another.` };
}

/**
 * [baseline-drift] How many working days later (negative: earlier) a task now ends than it did in a baseline, in
 * the project's calendar: the working days between the two end dates. An end moved onto a weekend has not lost a
 * working day (0), though it is later by date.
 */
export function baselineDriftDays(currentEnd: string, baselineEnd: string, calendar: WorkCalendar): number {
  if (currentEnd === baselineEnd) return 0;
  return calendar.indexOnOrBefore(currentEnd) - calendar.indexOnOrBefore(baselineEnd);
}

/**
 * [working-days-unit] "+4wd", "-2wd", "0wd": working days as the chart's chips and the exports write them. Every
 * count of how far a task moved (drift, history chips, the cascade) is in working days, and says so: "wd", with
 * `workingDaysWords` in the title.
 */
export function formatDrift(days: number): string {
  return days > 0 ? `+${days}wd` : `${days}wd`;
}

/** [working-days-unit] "+1 working day", "-3 working days": the short count in words, for titles and screen readers. */
export function workingDaysWords(days: number): string {
  return `${days > 0 ? '+' : ''}${days} working ${Math.abs(days) === 1 ? 'day' : 'days'}`;
}

/** [baseline-drift] "+4wd vs Kick-off plan". */
export function driftLabel(days: number, baselineName: string): string {
  return `${formatDrift(days)} vs ${baselineName}`;
}
