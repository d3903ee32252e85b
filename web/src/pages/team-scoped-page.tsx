import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../features/auth';
import { usePageTitle } from '../features/legal';
import { useTeams } from '../features/teams';
import { useWorkspaceUi } from '../app/workspace-ui.store';

interface TeamScopedPageProps {
  /** The page's path, which takes `?teamId=`. */
  path: string;
  title: string;
  render: (team: { id: string; name: string }, userId: string) => ReactNode;
}

/**
 * A team's page at `path?teamId=` (signed in: the workload, the portfolio). Without a team, or with one the user is
 * not in, it shows the team in view in the workspace, or sends them to it when there is none.
 */
export function TeamScopedPage({ path, title, render }: TeamScopedPageProps) {
  usePageTitle(title);
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const teams = useTeams();
  const selectedTeamId = useWorkspaceUi((state) => state.selectedTeamId);

  if (!user) return null;
  if (teams.isPending) {
    return (
      <main className="flex justify-center px-4 py-24">
        <Spinner label="Loading your teams" />
      </main>
    );
  }
  const list = teams.data ?? [];
  const asked = searchParams.get('teamId');
  const team = list.find((t) => t.id === asked) ?? null;
  if (!team) {
    const fallback = list.find((t) => t.id === selectedTeamId) ?? list[0];
    return <Navigate to={fallback ? `${path}?teamId=${encodeURIComponent(fallback.id)}` : '/'} replace />;
  }
  return render(team, user.id);
}
