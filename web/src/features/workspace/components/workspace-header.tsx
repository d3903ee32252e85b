import type { TeamSummary } from '@planline/domain';

/** The workspace's header bar; project name, status, search and selectors join it with the projects issue. */
export function WorkspaceHeader({ team }: { team: TeamSummary }) {
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <h1 className="truncate text-lg font-semibold text-slate-900">{team.name}</h1>
        {team.subscriptionStatus === 'trial' ? (
          <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-700">
            7-day Free Trial
          </span>
        ) : null}
      </div>
    </div>
  );
}
