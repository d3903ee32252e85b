import { describe, expect, it } from 'vitest';
import { assignmentsInputSchema } from './task.js';
import { capacityInputSchema, levelInputSchema, withinTwoYears, workloadQuerySchema } from './workload.js';

const ANA = '6f1c2a3e-1111-4aaa-8bbb-000000000001';
const BEN = '6f1c2a3e-1111-4aaa-8bbb-000000000002';
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);

describe('workload input schemas', () => {
  it('[allocation-range] an allocation is a whole percent from 1 to 200; 0, 201, 1.5 and "x" are refused with one message', () => {
    for (const allocation of [0, 201, 1.5, 'x', null, Number.NaN]) {
      expect(messageOf(assignmentsInputSchema.safeParse([{ userId: ANA, allocation }]))).toBe('Allocation must be a whole percent from 1 to 200');
    }
    expect(assignmentsInputSchema.parse([{ userId: BEN, allocation: 200 }, { userId: ANA, allocation: 1 }])).toEqual([
      { userId: ANA, allocation: 1 },
      { userId: BEN, allocation: 200 },
    ]);
  });

  it('[allocation-range] allocation defaults to 100%; one person twice is refused', () => {
    expect(assignmentsInputSchema.parse([{ userId: ANA.toUpperCase() }])).toEqual([{ userId: ANA, allocation: 100 }]);
    expect(messageOf(assignmentsInputSchema.safeParse([{ userId: ANA }, { userId: ANA, allocation: 50 }]))).toBe('Each person can be assigned to a task once');
    expect(messageOf(assignmentsInputSchema.safeParse([{ userId: 'ana' }]))).toBe('Assignee is not valid');
  });

  it('[capacity-input] defaults: 8 hours, the project calendar’s week, no days off', () => {
    expect(capacityInputSchema.parse({})).toEqual({ hoursPerDay: 8, workingDays: null, daysOff: [] });
    expect(capacityInputSchema.parse({ hoursPerDay: 0.5, workingDays: [5, 1, 1, 7], daysOff: [{ from: '2026-12-24', to: '2026-12-31' }] })).toEqual({
      hoursPerDay: 0.5,
      workingDays: [1, 5, 7],
      daysOff: [{ from: '2026-12-24', to: '2026-12-31', note: '' }],
    });
  });

  it('[capacity-input] hours per day outside 0.5-24 are refused', () => {
    for (const hoursPerDay of [0.4, 0, 24.5, -8, '8', Number.POSITIVE_INFINITY]) {
      expect(messageOf(capacityInputSchema.safeParse({ hoursPerDay }))).toBe('Hours per day must be a number from 0.5 to 24');
    }
    expect(capacityInputSchema.safeParse({ hoursPerDay: 24 }).success).toBe(true);
  });

  it('[capacity-input] working days are ISO weekdays 1-7, at least one', () => {
    expect(messageOf(capacityInputSchema.safeParse({ workingDays: [0] }))).toBe('Working days are ISO weekday numbers from 1 (Monday) to 7 (Sunday)');
    expect(messageOf(capacityInputSchema.safeParse({ workingDays: [8] }))).toBe('Working days are ISO weekday numbers from 1 (Monday) to 7 (Sunday)');
    expect(messageOf(capacityInputSchema.safeParse({ workingDays: [] }))).toBe('At least one weekday must be a working day');
  });

  it('[capacity-input] days off that end before they start, span over 2 years or are not dates are refused', () => {
    expect(messageOf(capacityInputSchema.safeParse({ daysOff: [{ from: '2026-03-05', to: '2026-03-04' }] }))).toBe('Days off cannot end before they start');
    expect(messageOf(capacityInputSchema.safeParse({ daysOff: [{ from: '2026-01-01', to: '2028-01-01' }] }))).toBe('Days off can span at most 2 years');
    expect(capacityInputSchema.safeParse({ daysOff: [{ from: '2026-01-01', to: '2027-12-31' }] }).success).toBe(true);
    expect(messageOf(capacityInputSchema.safeParse({ daysOff: [{ from: '2026-02-30', to: '2026-03-01' }] }))).toBe('That date does not exist');
    expect(messageOf(capacityInputSchema.safeParse({ daysOff: [{ to: '2026-03-01' }] }))).toBe('The first day off is required');
  });

  it('[workload-query] a range of at most 2 years, by day, week (the default) or month', () => {
    expect(workloadQuerySchema.parse({ from: '2026-01-01', to: '2027-12-31' })).toEqual({ from: '2026-01-01', to: '2027-12-31', scale: 'week' });
    expect(messageOf(workloadQuerySchema.safeParse({ from: '2026-01-01', to: '2028-01-01' }))).toBe('A workload range can span at most 2 years');
    expect(messageOf(workloadQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toBe('The range cannot end before it starts');
    expect(messageOf(workloadQuerySchema.safeParse({ from: '2026-03-01', to: '2026-03-02', scale: 'year' }))).toBe('Scale must be one of day, week or month');
    expect(messageOf(workloadQuerySchema.safeParse({ to: '2026-03-02' }))).toBe('From is required');
  });

  it('[workload-query] two years end the day before the same date two years on, leap days included', () => {
    expect(withinTwoYears('2028-02-29', '2030-02-27')).toBe(true);
    expect(withinTwoYears('2028-02-29', '2030-02-28')).toBe(false);
  });

  it('[leveling-input] preview is required; people are uuids', () => {
    expect(levelInputSchema.parse({ preview: true, userIds: [ANA] })).toEqual({ preview: true, userIds: [ANA] });
    expect(messageOf(levelInputSchema.safeParse({}))).toBe('preview must be true or false');
    expect(messageOf(levelInputSchema.safeParse({ preview: false, userIds: ['x'] }))).toBe('Person is not valid');
  });
});
