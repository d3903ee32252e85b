import type { Project, TeamSummary } from '@planline/domain';
import { lazyDialog } from '../../../lib/lazy-part';
import { useWorkspaceUi, type WorkspaceDialog } from '../../../app/workspace-ui.store';

// [lazy-parts] Each dialog's code is asked for when it first opens: none is on the first screen. Imported from its
// own file, not its feature's index: the page imports those indexes, and an index imported both ways would bring
// every part it names into the page's code.
const AiTaskCreatorDialog = lazyDialog(() => import('../../ai-task/components/ai-task-creator-dialog').then((m) => m.AiTaskCreatorDialog));
const ExportProjectDialog = lazyDialog(() => import('../../export/components/export-project-dialog').then((m) => m.ExportProjectDialog));
const ImportProjectDialog = lazyDialog(() => import('../../interchange/components/import-project-dialog').then((m) => m.ImportProjectDialog));
const CreateProjectDialog = lazyDialog(() => import('../../projects/components/create-project-dialog').then((m) => m.CreateProjectDialog));
const WeeklyReportsDialog = lazyDialog(() => import('../../reports/components/weekly-reports-dialog').then((m) => m.WeeklyReportsDialog));
const SaveAsTemplateDialog = lazyDialog(() => import('../../templates/components/save-as-template-dialog').then((m) => m.SaveAsTemplateDialog));
const TemplateGalleryDialog = lazyDialog(() => import('../../templates/components/template-gallery-dialog').then((m) => m.TemplateGalleryDialog));
const CreateTeamDialog = lazyDialog(() => import('../../teams/components/create-team-dialog').then((m) => m.CreateTeamDialog));
const InviteMembersDialog = lazyDialog(() => import('../../teams/components/invite-members-dialog').then((m) => m.InviteMembersDialog));
const JoinRequestsDialog = lazyDialog(() => import('../../teams/components/join-requests-dialog').then((m) => m.JoinRequestsDialog));
const JoinTeamDialog = lazyDialog(() => import('../../teams/components/join-team-dialog').then((m) => m.JoinTeamDialog));
const TeamManagementDialog = lazyDialog(() => import('../../teams/components/team-management-dialog').then((m) => m.TeamManagementDialog));

interface WorkspaceDialogsProps {
  /** The team in view; null when the workspace shows shared projects or nothing. */
  team: TeamSummary | null;
  teams: readonly TeamSummary[];
  /** The id of the team in view, or SHARED_SCOPE, or null. */
  currentScope: string | null;
  guestProjectCount: number;
  /** The selected project: the Reports dialog shows its weekly reports. */
  project: Project | null;
}

/**
 * Every workspace dialog, driven by the workspace UI store: one open at a time, so moving from Team Management
 * to Invite replaces one with the other.
 */
export function WorkspaceDialogs({ team, teams, currentScope, guestProjectCount, project }: WorkspaceDialogsProps) {
  const activeDialog = useWorkspaceUi((state) => state.activeDialog);
  const openDialog = useWorkspaceUi((state) => state.openDialog);
  const closeDialog = useWorkspaceUi((state) => state.closeDialog);
  const selectTeam = useWorkspaceUi((state) => state.selectTeam);

  const bind = (dialog: WorkspaceDialog) => ({
    open: activeDialog === dialog,
    onOpenChange: (open: boolean) => {
      if (open) openDialog(dialog);
      else if (useWorkspaceUi.getState().activeDialog === dialog) closeDialog();
    },
  });

  return (
    <>
      <CreateTeamDialog {...bind('createTeam')} onCreated={(created) => selectTeam(created.id)} />
      <CreateProjectDialog
        {...bind('newProject')}
        teams={teams}
        defaultTeamId={team?.id ?? null}
        onCreateTeam={() => openDialog('createTeam')}
        onFromTemplate={() => openDialog('templateGallery')}
      />
      <TemplateGalleryDialog {...bind('templateGallery')} teams={teams} defaultTeamId={team?.id ?? null} />
      {project?.access === 'team' ? <SaveAsTemplateDialog {...bind('saveAsTemplate')} project={project} /> : null}
      <InviteMembersDialog {...bind('inviteMembers')} team={team} />
      <WeeklyReportsDialog {...bind('reports')} project={project} />
      {project ? <ExportProjectDialog {...bind('exportProject')} project={project} team={teams.find((t) => t.id === project.teamId) ?? null} /> : null}
      {project ? <ImportProjectDialog {...bind('importProject')} project={project} /> : null}
      {project ? <AiTaskCreatorDialog {...bind('aiTask')} projectId={project.id} /> : null}
      <JoinTeamDialog {...bind('joinTeam')} />
      <JoinRequestsDialog {...bind('joinRequests')} team={team} />
      <TeamManagementDialog
        {...bind('teams')}
        team={team}
        teams={teams}
        currentScope={currentScope}
        guestProjectCount={guestProjectCount}
        onSwitch={(scope) => {
          selectTeam(scope);
        }}
        onAction={(action) => openDialog(action)}
      />
    </>
  );
}
