import { canManageInvites, type Project, type TeamSummary } from '@planline/domain';
import { ChevronDown, Download, FileUp, LayoutTemplate, Search, Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { Input } from '../../../components/ui/input';
import { useDisclosure } from '../../../lib/use-disclosure';
import { usePhoneLayout } from '../../../lib/use-media-query';
import {
  CompletedCount,
  ProjectInviteButton,
  ProjectNameEditor,
  ProjectScheduleSettingsButton,
  ProjectSelect,
  ProjectStatusSelect,
} from '../../projects';
import { PresenceAvatars } from '../../gantt';
import { SHARED_SCOPE_LABEL, useTeamPlanLabel } from '../../teams';
import { useWorkspaceUi } from '../../../app/workspace-ui.store';
import { scopeOfProject } from '../workspace-selection';

interface WorkspaceHeaderProps {
  /** The team in view; null for projects shared with the user as a guest. */
  team: TeamSummary | null;
  project: Project | null;
  /** The projects of the team in view that match the search. */
  matching: readonly Project[];
  /** Whether the team in view has any project at all (search aside). */
  hasProjects: boolean;
  loading: boolean;
}

/**
 * The workspace's header bar (PRODUCT-SPEC §2): team, project name, Project ID, status, search and select. On a
 * phone only the team and the project's name show; a button beside the name opens the rest, so the chart starts
 * on the first screen.
 */
export function WorkspaceHeader({ team, project, matching, hasProjects, loading }: WorkspaceHeaderProps) {
  const search = useWorkspaceUi((state) => state.projectSearch);
  const setSearch = useWorkspaceUi((state) => state.setProjectSearch);
  const selectProject = useWorkspaceUi((state) => state.selectProject);
  const openDialog = useWorkspaceUi((state) => state.openDialog);
  const phone = usePhoneLayout();
  const more = useDisclosure();
  // Guests work on tasks only: the project's name and status belong to its team, its invite link and guests to
  // the team's owner and admins.
  const isTeamProject = project?.access === 'team';
  const planLabel = useTeamPlanLabel(team);

  const teamLine = (
    <p className="flex items-center gap-2 text-xs font-medium tracking-wide text-slate-500 uppercase">
      <span className="truncate">{team ? team.name : SHARED_SCOPE_LABEL}</span>
      {planLabel ? (
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-[11px] font-medium normal-case',
            team?.subscriptionStatus === 'trial' ? 'bg-amber-50 text-amber-800' : 'bg-slate-100 text-slate-700',
          )}
        >
          {planLabel}
        </span>
      ) : null}
    </p>
  );
  const name = project ? (
    <ProjectNameEditor key={project.id} project={project} editable={isTeamProject} />
  ) : (
    <h1 className="mt-1 text-xl font-semibold text-slate-900">
      {loading ? 'Loading projects…' : hasProjects ? 'No matching projects' : 'No projects yet'}
    </h1>
  );
  const details = project ? (
    <>
      <p className="text-sm text-slate-600">
        <span className="font-medium">Project ID:</span> <span className="font-mono text-slate-900">{project.projectCode}</span>
      </p>
      <ProjectStatusSelect project={project} editable={isTeamProject} />
      <CompletedCount projectId={project.id} />
      <PresenceAvatars projectId={project.id} />
    </>
  ) : null;
  const actions = hasProjects ? (
    <>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <Input
          type="search"
          aria-label="Search projects"
          placeholder="Search projects..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="h-9 w-52 pl-9"
        />
      </div>
      <ProjectSelect
        projects={matching}
        value={project?.id ?? null}
        onChange={(projectId) => {
          const next = matching.find((p) => p.id === projectId);
          if (next) selectProject(next.id, scopeOfProject(next));
        }}
      />
      {project && isTeamProject && team && canManageInvites(team.role) ? <ProjectInviteButton project={project} /> : null}
      {project && isTeamProject ? <ProjectScheduleSettingsButton project={project} /> : null}
      {project ? (
        <>
          <Button variant="outline" size="sm" onClick={() => openDialog('aiTask')}>
            <Sparkles aria-hidden="true" className="h-4 w-4" />
            AI Task
          </Button>
          {/* [import] The team's (a guest works on the tasks only, docs/security.md). */}
          {isTeamProject ? (
            <Button variant="outline" size="sm" onClick={() => openDialog('importProject')}>
              <FileUp aria-hidden="true" className="h-4 w-4" />
              Import
            </Button>
          ) : null}
          <Button variant="outline" size="sm" onClick={() => openDialog('exportProject')}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Export
          </Button>
          {isTeamProject ? (
            <Button variant="outline" size="sm" onClick={() => openDialog('saveAsTemplate')}>
              <LayoutTemplate aria-hidden="true" className="h-4 w-4" />
              Save as template
            </Button>
          ) : null}
        </>
      ) : null}
    </>
  ) : null;

  if (phone) {
    return (
      <div className="border-b border-slate-200 bg-white px-4 py-2">
        {teamLine}
        <div className="flex min-h-9 items-center gap-2">
          <div className="min-w-0 flex-1">{name}</div>
          {hasProjects ? (
            <button
              type="button"
              {...more.toggle}
              aria-label="Project details and actions"
              className="inline-flex h-9 w-9 shrink-0 cursor-pointer items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
            >
              <ChevronDown aria-hidden="true" className={cn('h-4 w-4 transition-transform', more.open && 'rotate-180')} />
            </button>
          ) : null}
        </div>
        {hasProjects ? (
          <div {...more.panel} className="space-y-3 pt-2 pb-1">
            {details ? <div className="flex flex-wrap items-center gap-x-4 gap-y-2">{details}</div> : null}
            <div className="flex flex-wrap items-center gap-2">{actions}</div>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3 sm:px-6">
        <div className="min-w-0 flex-1 basis-72">
          {teamLine}
          {project ? <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2">{name}{details}</div> : name}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}
