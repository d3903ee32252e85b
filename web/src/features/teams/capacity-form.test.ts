import { describe, expect, it } from 'vitest';
import {
  addDayOff,
  canEditCapacity,
  checkCapacityDraft,
  draftFromCapacity,
  removeDayOff,
  toggleWeekday,
  updateDayOff,
} from './capacity-form';

describe('capacity form', () => {
  it('round-trips a stored capacity into the PUT body', () => {
    const stored = { hoursPerDay: 6, workingDays: [1, 3, 5], daysOff: [{ from: '2026-03-02', to: '2026-03-06', note: 'Leave' }] };
    expect(checkCapacityDraft(draftFromCapacity(stored))).toEqual({ ok: true, value: stored });
  });

  it('sends null working days while following the project calendar, and keeps the ticks for unticking it', () => {
    const draft = draftFromCapacity({ hoursPerDay: 8, workingDays: null, daysOff: [] });
    expect(draft.followCalendar).toBe(true);
    expect(checkCapacityDraft(draft)).toEqual({ ok: true, value: { hoursPerDay: 8, workingDays: null, daysOff: [] } });
    const own = toggleWeekday({ ...draft, followCalendar: false }, 6, true);
    expect(checkCapacityDraft(own)).toMatchObject({ ok: true, value: { workingDays: [1, 2, 3, 4, 5, 6] } });
  });

  it.each([['0.25'], ['25'], [''], ['abc']])('refuses %j hours per day with the schema message', (text) => {
    const check = checkCapacityDraft({ ...draftFromCapacity(), hoursPerDay: text });
    expect(check).toMatchObject({ ok: false, errors: { hoursPerDay: 'Hours per day must be a number from 0.5 to 24' } });
  });

  it('accepts the bounds and a half hour', () => {
    for (const text of ['0.5', '24', '7.5']) {
      expect(checkCapacityDraft({ ...draftFromCapacity(), hoursPerDay: text })).toMatchObject({ ok: true, value: { hoursPerDay: Number(text) } });
    }
  });

  it('refuses no working weekday at all', () => {
    let draft = { ...draftFromCapacity(), followCalendar: false };
    for (const day of [1, 2, 3, 4, 5]) draft = toggleWeekday(draft, day, false);
    expect(checkCapacityDraft(draft)).toMatchObject({ ok: false, errors: { workingDays: 'At least one weekday must be a working day' } });
  });

  it('places day-off messages on their row and field', () => {
    let draft = addDayOff(addDayOff(draftFromCapacity()));
    const [first, second] = draft.daysOff;
    draft = updateDayOff(draft, first!.key, { from: '2026-03-02', to: '2026-03-06', note: 'Fine' });
    draft = updateDayOff(draft, second!.key, { from: '2026-03-10', to: '2026-03-09' });
    expect(checkCapacityDraft(draft)).toEqual({ ok: false, errors: { dayOff: { 1: { to: 'Days off cannot end before they start' } } } });

    draft = updateDayOff(draft, second!.key, { from: '', to: '2026-03-09' });
    expect(checkCapacityDraft(draft)).toMatchObject({ ok: false, errors: { dayOff: { 1: { from: 'The first day off is required' } } } });

    draft = updateDayOff(draft, second!.key, { from: '2026-01-01', to: '2028-01-01' });
    expect(checkCapacityDraft(draft)).toMatchObject({ ok: false, errors: { dayOff: { 1: { to: 'Days off can span at most 2 years' } } } });

    draft = removeDayOff(draft, second!.key);
    expect(checkCapacityDraft(draft)).toMatchObject({ ok: true, value: { daysOff: [{ from: '2026-03-02', to: '2026-03-06', note: 'Fine' }] } });
  });
});

describe('who may edit capacity', () => {
  const me = crypto.randomUUID();
  const other = crypto.randomUUID();
  it('owner and admins edit anyone, a member only themselves', () => {
    expect(canEditCapacity('owner', me, other)).toBe(true);
    expect(canEditCapacity('admin', me, other)).toBe(true);
    expect(canEditCapacity('member', me, other)).toBe(false);
    expect(canEditCapacity('member', me, me)).toBe(true);
    expect(canEditCapacity('member', null, other)).toBe(false);
  });
});
