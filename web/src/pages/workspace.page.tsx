import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '../components/ui/spinner';
import { errorStatus } from '../lib/api-error';
import { AUTH_USER_KEY } from '../features/auth/auth.queries';
import { useTeams } from '../features/teams/teams.api';
import { WelcomeCard } from '../features/workspace/components/welcome-card';
import { WorkspaceDialogs } from '../features/workspace/components/workspace-dialogs';
import { WorkspaceError } from '../features/workspace/components/workspace-error';
import { WorkspaceHeader } from '../features/workspace/components/workspace-header';
import { useWorkspaceUi } from '../features/workspace/workspace-ui.store';

/** / for signed-in users. */
export function WorkspacePage() {
  const teams = useTeams();
  const queryClient = useQueryClient();
  const openDialog = useWorkspaceUi((state) => state.openDialog);

  // A 401 here likely means the session ended: re-reading the user lets the app's session-expiry handling take
  // over. Any 401 qualifies (not only isUnauthorizedError's wording): a needless re-read costs one request.
  useEffect(() => {
    if (errorStatus(teams.error) === 401) void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
  }, [teams.error, queryClient]);

  return (
    <>
      {teams.isPending ? (
        <main className="flex justify-center px-4 py-24">
          <Spinner label="Loading teams" />
        </main>
      ) : teams.isError ? (
        <main className="px-4 py-16">
          <WorkspaceError onRetry={() => void teams.refetch()} retrying={teams.isFetching} />
        </main>
      ) : teams.data[0] ? (
        <>
          <WorkspaceHeader team={teams.data[0]} />
          {/* Sidebar, projects and the Gantt timeline fill this region in the next issue. */}
          <main aria-label="Workspace" className="mx-auto max-w-7xl px-4 py-6 sm:px-6" />
        </>
      ) : (
        <main className="px-4 py-16">
          <WelcomeCard onStart={() => openDialog('createTeam')} />
        </main>
      )}
      <WorkspaceDialogs />
    </>
  );
}
