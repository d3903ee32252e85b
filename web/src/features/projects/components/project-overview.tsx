import { displayName, type Project, type TeamMember } from '@planline/domain';
import { format, parseISO } from 'date-fns';
import { CalendarDays, ChartGantt, LayoutDashboard } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { UserAvatar } from '../../shell/components/user-avatar';
import { projectStatusLabel } from '../project-status';
import { ProjectStatusDot } from './project-status-dot';

const MAX_AVATARS = 8;

function formatDay(day: string | null): string {
  return day ? format(parseISO(day), 'MMM d, yyyy') : 'Not set';
}

interface ProjectOverviewProps {
  project: Project;
  /** The team's people; undefined while loading or for a project shared with a guest. */
  members: readonly TeamMember[] | undefined;
  view: 'gantt' | 'dashboard';
}

/**
 * What the workspace knows about the selected project. The Gantt timeline and the dashboard replace the lower
 * panel when tasks exist (next issues); until then it says so rather than showing invented tasks.
 */
export function ProjectOverview({ project, members, view }: ProjectOverviewProps) {
  const shown = members?.slice(0, MAX_AVATARS) ?? [];
  const hidden = (members?.length ?? 0) - shown.length;

  return (
    <div className="space-y-4">
      <Card role="region" aria-label="Project overview" className="p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="truncate text-lg font-semibold text-slate-900">{project.name}</h2>
            <p className="mt-0.5 font-mono text-xs text-slate-500">{project.projectCode}</p>
          </div>
          <span className="inline-flex items-center gap-2 rounded-full border border-slate-200 px-2.5 py-1 text-xs font-medium text-slate-700">
            <ProjectStatusDot status={project.status} />
            {projectStatusLabel(project.status)}
          </span>
        </div>
        <p className="mt-4 text-sm whitespace-pre-line text-slate-700">
          {project.description?.trim() ? project.description : <span className="text-slate-500">No description</span>}
        </p>
        <dl className="mt-5 grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
              <CalendarDays aria-hidden="true" className="h-3.5 w-3.5" />
              Start date
            </dt>
            <dd className="mt-1 text-sm text-slate-900">{formatDay(project.startDate)}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
              <CalendarDays aria-hidden="true" className="h-3.5 w-3.5" />
              End date
            </dt>
            <dd className="mt-1 text-sm text-slate-900">{formatDay(project.endDate)}</dd>
          </div>
          {members ? (
            <div>
              <dt className="text-xs font-medium text-slate-500">Team members</dt>
              <dd className="mt-1">
                <ul aria-label="Project members" className="flex items-center -space-x-2">
                  {shown.map((member) => (
                    <li key={member.id} title={displayName(member.user)}>
                      <span className="sr-only">{displayName(member.user)}</span>
                      <UserAvatar user={member.user} className="ring-2 ring-white" />
                    </li>
                  ))}
                  {hidden > 0 ? (
                    <li className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-slate-100 text-xs font-medium text-slate-600 ring-2 ring-white">
                      +{hidden}
                    </li>
                  ) : null}
                </ul>
              </dd>
            </div>
          ) : null}
        </dl>
      </Card>
      <Card className="flex flex-col items-center gap-2 border-dashed p-10 text-center">
        {view === 'gantt' ? (
          <ChartGantt aria-hidden="true" className="h-8 w-8 text-slate-400" />
        ) : (
          <LayoutDashboard aria-hidden="true" className="h-8 w-8 text-slate-400" />
        )}
        <h2 className="text-base font-semibold text-slate-900">{view === 'gantt' ? 'Gantt Chart' : 'Dashboard'}</h2>
        <p className="max-w-md text-sm text-slate-600">
          {view === 'gantt'
            ? `The timeline of ${project.name} will appear here once tasks can be added.`
            : `Widgets for ${project.name} will appear here once tasks can be added.`}
        </p>
      </Card>
    </div>
  );
}
