import { WorkloadView } from '../features/workload';
import { TeamScopedPage } from './team-scoped-page';

/** /workload?teamId= (signed in): the team's workload (issue 36). */
export function WorkloadPage() {
  return (
    <TeamScopedPage
      path="/workload"
      title="Workload"
      render={(team, userId) => <WorkloadView key={team.id} teamId={team.id} teamName={team.name} userId={userId} />}
    />
  );
}
