import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { ErrorBlock } from '../components/ui/query-state';
import { Spinner } from '../components/ui/spinner';
import { errorStatus, serverMessage } from '../lib/api-error';
import { firstScreenDone } from '../lib/first-screen';
import { lazyPart } from '../lib/lazy-part';
import { SKIP_TARGET_IDS } from '../lib/skip-targets';
import { AUTH_USER_KEY, useAuth } from '../features/auth';
import { loadChatPanel } from '../features/chat';
import { loadDashboardView } from '../features/dashboard';
import { GanttView, showTaskInChart } from '../features/gantt';
import { SHARED_SCOPE } from '../features/teams';
import { useProjectPeople } from '../features/projects';
import {
  NoProjectsCard,
  scopeId,
  useWorkspace,
  WelcomeCard,
  type WorkspaceData,
  WorkspaceDialogs,
  WorkspaceError,
  WorkspaceHeader,
  WorkspaceSidebar,
} from '../features/workspace';
import { useWorkspaceUi } from '../app/workspace-ui.store';

// [lazy-parts] Not on the first screen: asked for when the person opens them.
const ChatPanel = lazyPart(
  loadChatPanel,
  <div className="fixed inset-0 z-40 flex items-center justify-center bg-white sm:inset-auto sm:top-16 sm:right-0 sm:bottom-0 sm:z-20 sm:w-96 sm:border-l sm:border-slate-200 sm:shadow-xl">
    <Spinner label="Loading team chat" />
  </div>,
);
const DashboardView = lazyPart(
  loadDashboardView,
  <div className="flex justify-center py-16">
    <Spinner label="Loading dashboard" />
  </div>,
);

/** Teams whose empty state already opened the new-project dialog in this page session. */
const offeredNewProject = new Set<string>();

/** / for signed-in users. */
export function WorkspacePage() {
  const workspace = useWorkspace();
  const { teams, userProjects, scope, team, teamProjects, project } = workspace;
  const queryClient = useQueryClient();
  const openDialog = useWorkspaceUi((state) => state.openDialog);
  const activeDialog = useWorkspaceUi((state) => state.activeDialog);
  const chatTeamId = useWorkspaceUi((state) => state.chatTeamId);
  const closeChat = useWorkspaceUi((state) => state.closeChat);

  // A 401 here likely means the session ended: re-reading the user lets the app's session-expiry handling take
  // over. Any 401 qualifies (not only isUnauthorizedError's wording): a needless re-read costs one request.
  useEffect(() => {
    if (errorStatus(teams.error) === 401 || errorStatus(userProjects.error) === 401) {
      void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    }
  }, [teams.error, userProjects.error, queryClient]);

  useSelectionSync(workspace);
  useLinkedTask(workspace);

  // The picture of the chart a return visit paints first (src/first-screen.ts) goes once this page is not
  // loading towards a chart: the chart itself takes it away when its bars are painted.
  const view = useWorkspaceUi((state) => state.view);
  const towardsChart =
    teams.isPending || userProjects.isPending || (scope.kind === 'team' && teamProjects.isPending) || (project !== null && view !== 'dashboard');
  useEffect(() => {
    if (!towardsChart) firstScreenDone();
  }, [towardsChart]);

  // PRODUCT-SPEC §2: a team without projects shows the new-project dialog, once per team.
  const emptyTeamId = team && teamProjects.data?.length === 0 ? team.id : null;
  useEffect(() => {
    if (!emptyTeamId || activeDialog !== null || offeredNewProject.has(emptyTeamId)) return;
    offeredNewProject.add(emptyTeamId);
    openDialog('newProject');
  }, [emptyTeamId, activeDialog, openDialog]);

  const dialogs = (
    <WorkspaceDialogs
      team={team}
      teams={teams.data ?? []}
      currentScope={scopeId(scope)}
      guestProjectCount={workspace.guestProjects.length}
      project={project}
    />
  );

  if (teams.isPending || (teams.data?.length === 0 && userProjects.isPending)) {
    return (
      <>
        <main className="flex justify-center px-4 py-24">
          <Spinner label="Loading workspace" />
        </main>
        {dialogs}
      </>
    );
  }

  // Without teams, a failed projects read could hide shared projects: not knowing is not "nothing".
  if (teams.isError || (scope.kind === 'none' && userProjects.isError)) {
    const failed = teams.isError ? teams : userProjects;
    return (
      <>
        <main className="px-4 py-16">
          <WorkspaceError
            onRetry={() => void failed.refetch()}
            retrying={failed.isFetching}
            title={teams.isError ? "We couldn't load your teams" : "We couldn't load your projects"}
          />
        </main>
        {dialogs}
      </>
    );
  }

  if (scope.kind === 'none') {
    return (
      <>
        <main className="px-4 py-16">
          <WelcomeCard onStart={() => openDialog('createTeam')} onJoin={() => openDialog('joinTeam')} />
        </main>
        {dialogs}
      </>
    );
  }

  const projectsLoaded = scope.kind === 'shared' || teamProjects.isSuccess;
  const hasProjects = (workspace.projects?.length ?? 0) > 0;

  return (
    <>
      {/* A landmark of its own, so a screen reader's landmark list reaches the project's name, status and tools. */}
      <section aria-label="Project header">
        <WorkspaceHeader
          team={team}
          project={project}
          matching={workspace.matching}
          hasProjects={hasProjects}
          loading={!projectsLoaded}
        />
      </section>
      {/* On a phone the sidebar is a row above the main area (workspace-sidebar.tsx). */}
      <div className="flex min-h-[calc(100vh-8rem)] flex-col sm:flex-row">
        <WorkspaceSidebar team={team} hasProject={project !== null} />
        <main id={SKIP_TARGET_IDS.main} tabIndex={-1} aria-label="Project workspace" className="min-w-0 flex-1 px-3 py-3 outline-none sm:px-6 sm:py-6">
          <MainArea workspace={workspace} />
        </main>
      </div>
      {/* Only for the team in view: a person removed from it (or switching teams) no longer sees its chat. */}
      {team && chatTeamId === team.id ? <ChatPanel key={team.id} team={team} onClose={closeChat} /> : null}
      {dialogs}
    </>
  );
}

function MainArea({ workspace }: { workspace: WorkspaceData }) {
  const { team, teamProjects, project, scope, search } = workspace;
  const view = useWorkspaceUi((state) => state.view);
  const openDialog = useWorkspaceUi((state) => state.openDialog);
  const setSearch = useWorkspaceUi((state) => state.setProjectSearch);
  const { user } = useAuth();
  const people = useProjectPeople(project?.id ?? null);
  const focusTaskName = useWorkspaceUi((state) => state.focusTaskName);
  const clearFocusTaskName = useWorkspaceUi((state) => state.clearFocusTaskName);

  if (team && teamProjects.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading projects" />
      </div>
    );
  }
  if (team && teamProjects.isError) {
    return (
      <div className="mx-auto max-w-lg py-8">
        <ErrorBlock
          message={serverMessage(teamProjects.error) ?? "We couldn't load this team's projects."}
          onRetry={() => void teamProjects.refetch()}
          retrying={teamProjects.isFetching}
        />
      </div>
    );
  }
  if ((workspace.projects?.length ?? 0) === 0) {
    return <NoProjectsCard teamName={team?.name ?? 'This team'} onCreate={() => openDialog('newProject')} />;
  }
  if (!project) {
    return (
      <div className="mx-auto max-w-lg py-12 text-center">
        <p className="text-sm text-slate-700">No projects match “{search.trim()}”.</p>
        <Button variant="outline" size="sm" className="mt-4" onClick={() => setSearch('')}>
          Clear search
        </Button>
      </div>
    );
  }
  if (view === 'dashboard') {
    // Keyed by project: a draft layout never follows the user to another project.
    return (
      <DashboardView key={project.id} projectId={project.id} teamId={scope.kind === 'team' ? (team?.id ?? null) : null} project={project} />
    );
  }
  if (!user) return null;
  return (
    <GanttView
      key={project.id}
      projectId={project.id}
      calendar={project}
      canSaveBaselines={project.access === 'team'}
      canModerateComments={project.access === 'team' && scope.kind === 'team' && (team?.role === 'owner' || team?.role === 'admin')}
      teamId={scope.kind === 'team' && project.access === 'team' ? (team?.id ?? null) : null}
      currentUser={user}
      members={people.data ?? []}
      focusTaskName={focusTaskName}
      onFocusHandled={clearFocusTaskName}
    />
  );
}

/**
 * Writes what the workspace shows back into the store, so that the automatic choice (first team, first
 * matching project) is the one a reload restores. Waits for the lists it depends on, so a list still loading
 * never overwrites a choice it would have confirmed.
 */
function useSelectionSync({ teams, userProjects, scope, teamProjects, project }: WorkspaceData) {
  const shownScope = scopeId(scope);
  const listsLoaded = teams.isSuccess && !userProjects.isPending;
  const projectsLoaded = scope.kind === 'shared' || teamProjects.isSuccess;
  const shownProject = project?.id ?? null;

  useEffect(() => {
    if (!listsLoaded || shownScope === null) return;
    const state = useWorkspaceUi.getState();
    const next: { selectedTeamId?: string; selectedProjectId?: string } = {};
    if (state.selectedTeamId !== shownScope) next.selectedTeamId = shownScope;
    if (projectsLoaded && shownProject && state.selectedProjectId !== shownProject) next.selectedProjectId = shownProject;
    if (Object.keys(next).length > 0) useWorkspaceUi.setState(next);
  }, [listsLoaded, projectsLoaded, shownScope, shownProject]);
}

/**
 * `/?project=…&task=…`, the address a calendar feed's events link to (issue 37): opens that project's chart with the
 * task shown, once the person's projects are known, then leaves the address plain (but for a grid view it carries). A project they can no longer
 * open is ignored (the workspace shows what it would have).
 */
function useLinkedTask({ userProjects }: WorkspaceData) {
  const [params, setParams] = useSearchParams();
  const projectId = params.get('project');
  const taskId = params.get('task');
  const loaded = userProjects.isSuccess || userProjects.isError;
  useEffect(() => {
    if (!projectId || !loaded) return;
    const project = userProjects.data?.find((p) => p.id === projectId);
    if (project) {
      const ui = useWorkspaceUi.getState();
      ui.selectProject(project.id, project.access === 'guest' ? SHARED_SCOPE : project.teamId);
      ui.setView('gantt');
      if (taskId) showTaskInChart(taskId);
    }
    // The grid view's keys stay: the chart reads them as it opens (grid-view-persistence).
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('project');
        next.delete('task');
        return next;
      },
      { replace: true },
    );
  }, [projectId, taskId, loaded, userProjects.data, setParams]);
}
