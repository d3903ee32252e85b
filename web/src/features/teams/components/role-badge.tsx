import type { TeamRole } from '@planline/domain';
import { cn } from '../../../lib/cn';

const ROLE_CLASSES: Record<TeamRole, string> = {
  owner: 'bg-purple-100 text-purple-800',
  admin: 'bg-blue-100 text-blue-800',
  member: 'bg-slate-100 text-slate-700',
};

export const ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** PRODUCT-SPEC §2: owner purple, admin blue, member grey. */
export function RoleBadge({ role }: { role: TeamRole }) {
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', ROLE_CLASSES[role])}>
      {ROLE_LABELS[role]}
    </span>
  );
}
