import { CreateTeamDialog } from '../../teams/components/create-team-dialog';
import { useWorkspaceUi } from '../workspace-ui.store';

/**
 * Every workspace dialog, driven by the workspace UI store. Only Create Team exists so far; Teams, Reports
 * and New Project arrive with their issues and read the same store.
 */
export function WorkspaceDialogs() {
  const activeDialog = useWorkspaceUi((state) => state.activeDialog);
  const closeDialog = useWorkspaceUi((state) => state.closeDialog);
  return (
    <CreateTeamDialog
      open={activeDialog === 'createTeam'}
      onOpenChange={(open) => {
        if (!open) closeDialog();
      }}
    />
  );
}
