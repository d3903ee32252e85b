import { joinedText, teamActivity, type RoleBadgeTone } from '@planline/domain';
import { Users } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { UserAvatar } from '../../shell';
import { ROLE_LABELS } from '../../teams';
import { WidgetMessage, WidgetQuery } from '../components/widget-parts';
import type { WidgetProps } from './widget-props';

const TONE_CLASSES: Record<RoleBadgeTone, string> = {
  purple: 'bg-purple-100 text-purple-800',
  blue: 'bg-blue-100 text-blue-800',
  grey: 'bg-slate-100 text-slate-700',
};

export function TeamActivityWidget({ size, data }: WidgetProps) {
  if (!data.project) return <WidgetMessage icon={Users}>Select a project to view team activity</WidgetMessage>;
  if (!data.members) return <WidgetMessage icon={Users}>No team members found</WidgetMessage>;
  return (
    <WidgetQuery query={data.members} label="team members">
      {(members) => {
        if (members.length === 0) return <WidgetMessage icon={Users}>No team members found</WidgetMessage>;
        const activity = teamActivity(members, size);
        return (
          <div>
            <p className="mb-3 flex items-center gap-1.5 text-sm text-slate-600">
              <Users aria-hidden="true" className="h-4 w-4" />
              {activity.total === 1 ? '1 member' : `${activity.total} members`}
            </p>
            <ul className="space-y-2.5">
              {activity.shown.map(({ member, name, tone }) => (
                <li key={member.id} className="flex items-center gap-3">
                  <UserAvatar user={member.user} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{name}</p>
                    {activity.showEmail ? <p className="truncate text-xs text-slate-500">{member.user.email}</p> : null}
                  </div>
                  {activity.showJoined ? (
                    <span className="hidden shrink-0 text-xs text-slate-500 sm:inline">{joinedText(member.createdAt, data.now)}</span>
                  ) : null}
                  <span className={cn('inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', TONE_CLASSES[tone])}>
                    {ROLE_LABELS[member.role]}
                  </span>
                </li>
              ))}
            </ul>
            {activity.total > activity.shown.length ? (
              <p className="mt-3 text-xs text-slate-500">and {activity.total - activity.shown.length} more</p>
            ) : null}
          </div>
        );
      }}
    </WidgetQuery>
  );
}
