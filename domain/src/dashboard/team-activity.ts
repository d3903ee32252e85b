import { formatDistanceStrict } from 'date-fns';
import type { WidgetSize } from '../schemas/enums.js';
import { displayName, initials } from '../schemas/user.js';
import { TEAM_MEMBERS_SHOWN } from './widget-limits.js';

/** [team-role-badge] Owner purple, admin blue, anyone else grey. */
export type RoleBadgeTone = 'purple' | 'blue' | 'grey';

export function roleBadgeTone(role: string): RoleBadgeTone {
  if (role === 'owner') return 'purple';
  if (role === 'admin') return 'blue';
  return 'grey';
}

export interface ActivityMember {
  role: string;
  createdAt: string;
  user: { firstName: string; lastName: string; email: string; profileImageUrl: string | null };
}

export interface TeamActivityRow<M> {
  member: M;
  name: string;
  initials: string;
  tone: RoleBadgeTone;
}

export interface TeamActivity<M> {
  /** The member count in the header: everyone, not only those shown. */
  total: number;
  shown: TeamActivityRow<M>[];
  showEmail: boolean;
  showJoined: boolean;
}

/** [team-activity] The first 3/5/8 members; email unless small; 'Joined' at large. */
export function teamActivity<M extends ActivityMember>(members: readonly M[], size: WidgetSize): TeamActivity<M> {
  return {
    total: members.length,
    shown: members.slice(0, TEAM_MEMBERS_SHOWN[size]).map((member) => ({
      member,
      name: displayName(member.user),
      initials: initials(member.user),
      tone: roleBadgeTone(member.role),
    })),
    showEmail: size !== 'small',
    showJoined: size === 'large',
  };
}

/** [team-joined] 'Joined 3 days ago': the time from joining to `now`, never in the future. */
export function joinedText(createdAt: string, now: string): string {
  const joined = Date.parse(createdAt);
  const at = Date.parse(now);
  if (Number.isNaN(joined) || Number.isNaN(at)) return 'Joined';
  return `Joined ${formatDistanceStrict(Math.min(joined, at), at, { addSuffix: true, roundingMethod: 'floor' })}`;
}
