import type { TeamDetail } from '@planline/domain';

type Headcount = Pick<TeamDetail, 'memberCount' | 'guestCount' | 'limits'>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Places of the member limit taken: listed members and the guests of the team's projects (both count). */
export function placesTaken(team: Headcount): number {
  return team.memberCount + team.guestCount;
}

/** Whether nobody else can join until the plan changes. */
export function isTeamFull(team: Headcount): boolean {
  return team.limits.maxMembers !== null && placesTaken(team) >= team.limits.maxMembers;
}

/**
 * [member-count] The team's people as the team's places say them. The member count is the people listed under
 * Members; a project guest is not listed there but takes a place of the limit, so guests are named apart
 * ('2 members and 1 project guest: 3 of 5 places used') rather than folded into the member count.
 */
export function headcountText(team: Headcount): string {
  const members = plural(team.memberCount, 'member', 'members');
  const people = team.guestCount > 0 ? `${members} and ${plural(team.guestCount, 'project guest', 'project guests')}` : members;
  const max = team.limits.maxMembers;
  if (max === null) return `${people} (no member limit)`;
  return team.guestCount > 0 ? `${people}: ${placesTaken(team)} of ${max} places used` : `${team.memberCount} of ${max} members used`;
}
