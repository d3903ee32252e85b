import { describe, expect, it } from 'vitest';
import { headcountText, isTeamFull } from './team-headcount';

const limits = (maxMembers: number | null) => ({ maxMembers, maxProjects: null });

describe('team headcount', () => {
  it('[member-count] the member count is the listed members; a project guest is named apart', () => {
    expect(headcountText({ memberCount: 2, guestCount: 0, limits: limits(5) })).toBe('2 of 5 members used');
    expect(headcountText({ memberCount: 1, guestCount: 1, limits: limits(5) })).toBe('1 member and 1 project guest: 2 of 5 places used');
    expect(headcountText({ memberCount: 3, guestCount: 2, limits: limits(null) })).toBe('3 members and 2 project guests (no member limit)');
    expect(headcountText({ memberCount: 1, guestCount: 0, limits: limits(null) })).toBe('1 member (no member limit)');
  });

  it('[member-limit] guests take places of the limit, so a team of 4 members and a guest is full on Pro', () => {
    expect(isTeamFull({ memberCount: 4, guestCount: 1, limits: limits(5) })).toBe(true);
    expect(isTeamFull({ memberCount: 4, guestCount: 0, limits: limits(5) })).toBe(false);
    expect(isTeamFull({ memberCount: 40, guestCount: 9, limits: limits(null) })).toBe(false);
  });
});
