import { displayName, type TeamMember } from '@planline/domain';
import { UserAvatar } from '../../shell';

/** Who of the team has the app open: avatars with a green dot, each named for screen readers. */
export function OnlinePeople({ members, online }: { members: TeamMember[]; online: string[] }) {
  const here = members.filter((m) => online.includes(m.userId));
  return (
    <div className="flex min-w-0 items-center gap-2">
      <span className="shrink-0 text-xs text-slate-600">{here.length} online</span>
      <ul aria-label="Online now" className="flex min-w-0 -space-x-1 overflow-hidden">
        {here.map((m) => (
          <li key={m.userId} className="relative shrink-0" title={displayName(m.user)}>
            <UserAvatar user={m.user} className="h-7 w-7 ring-2 ring-white" />
            <span aria-hidden="true" className="absolute right-0 bottom-0 h-2.5 w-2.5 rounded-full bg-green-600 ring-2 ring-white" />
            <span className="sr-only">{displayName(m.user)}, online</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
