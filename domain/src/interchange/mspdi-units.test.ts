import { describe, expect, it } from 'vitest';
import {
  daysToMspdiDuration,
  daysToMspdiLinkLag,
  MSPDI_DEFAULT_UNITS,
  MSPDI_LAG_FORMAT as F,
  mspdiDurationMinutes,
  mspdiLagToDays,
  mspdiMinutesToDays,
  mspdiTimeUnits,
  type LagContext,
} from './mspdi-units.js';

const at = (minutesPerDay: number, extra: Partial<LagContext> = {}): LagContext => ({
  units: mspdiTimeUnits({ minutesPerDay }),
  workingDaysPerWeek: 5,
  predecessorDays: 10,
  ...extra,
});

describe('[mspdi-lag] LinkLag in tenths of a minute', () => {
  it('reads 4800 as 1 day at 480 minutes a day and 4500 as 1 day at 450, not 144,000 days', () => {
    expect(mspdiLagToDays(4800, F.days, at(480))).toEqual({ ok: true, lagDays: 1, warning: null });
    expect(mspdiLagToDays(4500, F.days, at(450))).toEqual({ ok: true, lagDays: 1, warning: null });
    expect(mspdiLagToDays(9000, F.days, at(450))).toEqual({ ok: true, lagDays: 2, warning: null });
  });

  it('keeps negative lags as leads', () => {
    expect(mspdiLagToDays(-9600, F.days, at(480))).toEqual({ ok: true, lagDays: -2, warning: null });
  });

  it('reads the same tenths of a minute whatever unit MS Project shows them in (hours, weeks, minutes)', () => {
    // 16 hours at 8 hours a day: 2 days, shown as hours.
    expect(mspdiLagToDays(9600, F.hours, at(480))).toEqual({ ok: true, lagDays: 2, warning: null });
    expect(mspdiLagToDays(24000, F.weeks, at(480))).toEqual({ ok: true, lagDays: 5, warning: null });
    expect(mspdiLagToDays(4800, F.minutes, at(480))).toEqual({ ok: true, lagDays: 1, warning: null });
    // An estimated format ("d?") reads as its plain one.
    expect(mspdiLagToDays(4800, F.days + 32, at(480))).toEqual({ ok: true, lagDays: 1, warning: null });
    // A month is DaysPerMonth working days.
    expect(mspdiLagToDays(20 * 4800, F.months, at(480))).toEqual({ ok: true, lagDays: 20, warning: null });
  });

  it('rounds a lag that is not whole days to the nearest day, with a warning naming what the file had', () => {
    const fourHours = mspdiLagToDays(2400, F.hours, at(480));
    expect(fourHours).toEqual({ ok: true, lagDays: 1, warning: expect.stringContaining('4 hours') });
    const twelveHours = mspdiLagToDays(7200, F.hours, at(480));
    expect(twelveHours).toMatchObject({ lagDays: 2 });
    const threeHours = mspdiLagToDays(1800, F.hours, at(480));
    expect(threeHours).toMatchObject({ lagDays: 0, warning: expect.stringContaining('rounded to 0 working days') });
    // A half-day lead rounds away from zero as a half-day lag does.
    expect(mspdiLagToDays(-2400, F.days, at(480))).toMatchObject({ lagDays: -1, warning: expect.stringContaining('-0.5 days') });
  });

  it('counts elapsed lags in calendar days, as working days at the calendar ratio, with a warning', () => {
    // 7 elapsed days: 14,400 tenths a day.
    expect(mspdiLagToDays(7 * 14400, F.elapsedDays, at(480))).toEqual({ ok: true, lagDays: 5, warning: expect.stringContaining('7 elapsed days') });
    expect(mspdiLagToDays(2 * 14400, F.elapsedDays, at(480, { workingDaysPerWeek: 7 }))).toEqual({ ok: true, lagDays: 2, warning: null });
    // 48 elapsed hours are 2 calendar days, not 6 working days of 8 hours.
    expect(mspdiLagToDays(48 * 600, F.elapsedHours, at(480))).toMatchObject({ lagDays: 1 });
  });

  it('reads a percent lag as a share of the predecessor duration, always with a warning', () => {
    expect(mspdiLagToDays(50, F.percent, at(480, { predecessorDays: 10 }))).toEqual({
      ok: true,
      lagDays: 5,
      warning: expect.stringContaining("50% of the predecessor's 10 working days"),
    });
    expect(mspdiLagToDays(-25, F.percent, at(480, { predecessorDays: 6 }))).toMatchObject({ lagDays: -2 });
  });

  it('reads an elapsed percent lag as that share of the predecessor in elapsed time', () => {
    // 50e% of 10 days of 8 hours: 2,400 minutes, 1.67 calendar days, 1.19 working days at 5 of 7.
    expect(mspdiLagToDays(50, F.elapsedPercent, at(480, { predecessorDays: 10 }))).toEqual({
      ok: true,
      lagDays: 1,
      warning: expect.stringContaining('50% (elapsed)'),
    });
    // 300e% of 7 days of 8 hours on a 7-day week: 10,080 minutes, 7 calendar days, 7 working days.
    expect(mspdiLagToDays(300, F.elapsedPercent, at(480, { predecessorDays: 7, workingDaysPerWeek: 7 }))).toMatchObject({ lagDays: 7 });
  });

  it('refuses an unknown format as a value, not a throw', () => {
    expect(mspdiLagToDays(4800, 99, at(480))).toEqual({ ok: false, reason: expect.stringContaining('99') });
    expect(mspdiLagToDays(Number.NaN, F.days, at(480))).toMatchObject({ ok: false });
  });

  it('writes working days back as tenths of a minute of the file day', () => {
    expect(daysToMspdiLinkLag(1, MSPDI_DEFAULT_UNITS)).toBe(4800);
    expect(daysToMspdiLinkLag(-2, mspdiTimeUnits({ minutesPerDay: 450 }))).toBe(-9000);
    for (const days of [-3, 0, 1, 7]) {
      const units = mspdiTimeUnits({ minutesPerDay: 450 });
      expect(mspdiLagToDays(daysToMspdiLinkLag(days, units), F.days, { units, workingDaysPerWeek: 5, predecessorDays: 1 })).toMatchObject({ lagDays: days });
    }
  });
});

describe('[mspdi-duration] ISO 8601 working time', () => {
  it('reads PT24H as 3 days at 8 hours a day and 3.2 days at 7.5', () => {
    expect(mspdiDurationMinutes('PT24H0M0S')).toBe(1440);
    expect(mspdiMinutesToDays(1440, MSPDI_DEFAULT_UNITS)).toBe(3);
    expect(mspdiMinutesToDays(1440, mspdiTimeUnits({ minutesPerDay: 450 }))).toBe(3.2);
    expect(mspdiMinutesToDays(mspdiDurationMinutes('PT7H30M0S')!, mspdiTimeUnits({ minutesPerDay: 450 }))).toBe(1);
  });

  it('reads minutes, seconds, fractions and a day part (24 hours, as xsd:duration), and refuses the rest', () => {
    expect(mspdiDurationMinutes('PT0H30M0S')).toBe(30);
    expect(mspdiDurationMinutes('PT1H0M30S')).toBe(60.5);
    expect(mspdiDurationMinutes('PT8.5H')).toBe(510);
    expect(mspdiDurationMinutes('P1DT2H')).toBe(1560);
    expect(mspdiDurationMinutes('PT0H0M0S')).toBe(0);
    expect(mspdiDurationMinutes('-PT8H')).toBe(-480);
    for (const bad of ['', 'P', 'PT', '24H', 'P1M', 'P1Y', 'PTxH', '1 day']) expect(mspdiDurationMinutes(bad)).toBeNull();
  });

  it('writes working days as PTnHnMnS of the file day, and reads back the same days', () => {
    expect(daysToMspdiDuration(3, MSPDI_DEFAULT_UNITS)).toBe('PT24H0M0S');
    expect(daysToMspdiDuration(1, mspdiTimeUnits({ minutesPerDay: 450 }))).toBe('PT7H30M0S');
    expect(daysToMspdiDuration(0, MSPDI_DEFAULT_UNITS)).toBe('PT0H0M0S');
    const units = mspdiTimeUnits({ minutesPerDay: 450 });
    for (const days of [0, 1, 2, 5, 17]) expect(mspdiMinutesToDays(mspdiDurationMinutes(daysToMspdiDuration(days, units))!, units)).toBe(days);
  });

  it('takes MS Project defaults for units the file leaves out or gets wrong', () => {
    expect(mspdiTimeUnits({})).toEqual({ minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20 });
    expect(mspdiTimeUnits({ minutesPerDay: 450 })).toEqual({ minutesPerDay: 450, minutesPerWeek: 2250, daysPerMonth: 20 });
    expect(mspdiTimeUnits({ minutesPerDay: 0, daysPerMonth: -1 })).toEqual(MSPDI_DEFAULT_UNITS);
  });
});
