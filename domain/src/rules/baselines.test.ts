import { describe, expect, it } from 'vitest';
import { createWorkCalendar, DEFAULT_WORK_CALENDAR } from '../scheduling/work-calendar.js';
import { baselineDriftDays, checkBaselineLimit, driftLabel, workingDaysWords } from './baselines.js';

describe('baselines', () => {
  it('[baseline-limit] Free keeps 1 baseline per project and names its plan; Pro and Enterprise keep 10', () => {
    expect(checkBaselineLimit('free', 0)).toEqual({ ok: true });
    expect(checkBaselineLimit('free', 1)).toEqual({
      ok: false,
      requiredPlan: 'pro',
      message: 'The free plan keeps 1 baseline per project. Upgrade to Pro to keep up to 10, or delete the one you have.',
    });
    expect(checkBaselineLimit('pro', 9)).toEqual({ ok: true });
    expect(checkBaselineLimit('enterprise', 9)).toEqual({ ok: true });
  });

  it('[baseline-limit] at 10 no plan helps: the refusal asks for a deletion, not an upgrade', () => {
    for (const plan of ['pro', 'enterprise'] as const) {
      expect(checkBaselineLimit(plan, 10)).toEqual({
        ok: false,
        requiredPlan: null,
        message: 'A project keeps at most 10 baselines. Delete one to save another.',
      });
    }
  });

  it('[baseline-drift] counts working days between the end dates, skipping weekends', () => {
    // Fri 27 Nov 2026 → Thu 3 Dec: Mon, Tue, Wed, Thu.
    expect(baselineDriftDays('2026-12-03', '2026-11-27', DEFAULT_WORK_CALENDAR)).toBe(4);
    expect(baselineDriftDays('2026-11-27', '2026-12-03', DEFAULT_WORK_CALENDAR)).toBe(-4);
    expect(baselineDriftDays('2026-11-27', '2026-11-27', DEFAULT_WORK_CALENDAR)).toBe(0);
    // Friday to Sunday is later by date, but no working day is lost.
    expect(baselineDriftDays('2026-11-29', '2026-11-27', DEFAULT_WORK_CALENDAR)).toBe(0);
  });

  it('[baseline-drift] a holiday in between is not a day of drift', () => {
    const calendar = createWorkCalendar({ workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-11-26'] });
    if (!calendar.ok) throw new Error(calendar.reason);
    expect(baselineDriftDays('2026-11-27', '2026-11-25', calendar.calendar)).toBe(1);
  });

  it('[baseline-drift] [working-days-unit] labels say the sign, the unit (working days) and the baseline', () => {
    expect(driftLabel(4, 'Kick-off plan')).toBe('+4wd vs Kick-off plan');
    expect(driftLabel(-2, 'Kick-off plan')).toBe('-2wd vs Kick-off plan');
    expect(driftLabel(0, 'Kick-off plan')).toBe('0wd vs Kick-off plan');
    expect([workingDaysWords(2), workingDaysWords(-1), workingDaysWords(0)]).toEqual(['+2 working days', '-1 working day', '0 working days']);
  });
});
