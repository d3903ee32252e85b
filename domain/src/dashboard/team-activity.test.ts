import { describe, expect, it } from 'vitest';
import { joinedText, roleBadgeTone, teamActivity } from './team-activity.js';
import { makeMember } from './widget.fixtures.js';

const members = Array.from({ length: 10 }, (_, i) => makeMember({ role: i === 0 ? 'owner' : i === 1 ? 'admin' : 'member' }));

describe('team activity', () => {
  it('[widget-sizes] team activity shows the first 3/5/8 members and counts them all', () => {
    expect(teamActivity(members, 'small').shown.map((r) => r.member)).toEqual(members.slice(0, 3));
    expect(teamActivity(members, 'medium').shown.map((r) => r.member)).toEqual(members.slice(0, 5));
    expect(teamActivity(members, 'large').shown.map((r) => r.member)).toEqual(members.slice(0, 8));
    expect(teamActivity(members, 'small').total).toBe(10);
    expect(teamActivity([], 'large')).toMatchObject({ total: 0, shown: [] });
  });

  it('[team-activity] email unless small, Joined at large', () => {
    expect(teamActivity(members, 'small')).toMatchObject({ showEmail: false, showJoined: false });
    expect(teamActivity(members, 'medium')).toMatchObject({ showEmail: true, showJoined: false });
    expect(teamActivity(members, 'large')).toMatchObject({ showEmail: true, showJoined: true });
  });

  it('[team-role-badge] owner purple, admin blue, others grey', () => {
    expect(roleBadgeTone('owner')).toBe('purple');
    expect(roleBadgeTone('admin')).toBe('blue');
    expect(roleBadgeTone('member')).toBe('grey');
    expect(roleBadgeTone('guest')).toBe('grey');
    expect(teamActivity(members, 'small').shown.map((r) => r.tone)).toEqual(['purple', 'blue', 'grey']);
  });

  it('[team-activity] names and initials, falling back to the email', () => {
    const named = makeMember({ user: { id: crypto.randomUUID(), firstName: 'Grace', lastName: 'Hopper', email: 'g@x.test', profileImageUrl: null } });
    const unnamed = makeMember({ user: { id: crypto.randomUUID(), firstName: '', lastName: '', email: 'zed@x.test', profileImageUrl: null } });
    const [a, b] = teamActivity([named, unnamed], 'medium').shown;
    expect([a?.name, a?.initials]).toEqual(['Grace Hopper', 'GH']);
    expect([b?.name, b?.initials]).toEqual(['zed@x.test', 'Z']);
  });

  it('[team-joined] relative time from joining to now', () => {
    expect(joinedText('2026-03-07T12:00:00.000Z', '2026-03-10T12:00:00.000Z')).toBe('Joined 3 days ago');
    expect(joinedText('2026-01-01T00:00:00.000Z', '2026-03-10T12:00:00.000Z')).toBe('Joined 2 months ago');
    expect(joinedText('2026-03-10T12:00:00.000Z', '2026-03-10T12:00:30.000Z')).toBe('Joined 30 seconds ago');
    expect(joinedText('2026-03-11T00:00:00.000Z', '2026-03-10T12:00:00.000Z')).toBe('Joined 0 seconds ago');
    expect(joinedText('not a time', '2026-03-10T12:00:00.000Z')).toBe('Joined');
  });
});
