import type { Project, TeamSummary } from '@planline/domain';
import { loadAiTaskCreatorDialog } from '../../ai-task';
import { loadExportProjectDialog } from '../../export';
import { loadImportProjectDialog } from '../../interchange';
import { loadCreateProjectDialog } from '../../projects';
import { loadWeeklyReportsDialog } from '../../reports';
import { loadCreateTeamDialog, loadInviteMembersDialog, loadJoinRequestsDialog, loadJoinTeamDialog, loadTeamManagementDialog } from '../../teams';
import { loadSaveAsTemplateDialog, loadTemplateGalleryDialog } from '../../templates';
import { lazyDialog } from '../../../lib/lazy-part';
import { useWorkspaceUi, type WorkspaceDialog } from '../../../app/workspace-ui.store';

// [lazy-parts] Each dialog's code is asked for when it first opens: none is on the first screen.
const AiTaskCreatorDialog = lazyDialog(loadAiTaskCreatorDialog);
const ExportProjectDialog = lazyDialog(loadExportProjectDialog);
const ImportProjectDialog = lazyDialog(loadImportProjectDialog);
const CreateProjectDialog = lazyDialog(loadCreateProjectDialog);
const WeeklyReportsDialog = lazyDialog(loadWeeklyReportsDialog);
const SaveAsTemplateDialog = lazyDialog(loadSaveAsTemplateDialog);
const TemplateGalleryDialog = lazyDialog(loadTemplateGalleryDialog);
const CreateTeamDialog = lazyDialog(loadCreateTeamDialog);
const InviteMembersDialog = lazyDialog(loadInviteMembersDialog);
const JoinRequestsDialog = lazyDialog(loadJoinRequestsDialog);
const JoinTeamDialog = lazyDialog(loadJoinTeamDialog);
const TeamManagementDialog = lazyDialog(loadTeamManagementDialog);

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
