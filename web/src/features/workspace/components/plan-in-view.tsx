import { accountPlanLabel, namedTeamPlanLabel, type PublicUser } from '@planline/domain';
import { useState } from 'react';
import { useUserProjects } from '../../projects';
import { useTeams } from '../../teams';
import { useWorkspaceUi } from '../../../app/workspace-ui.store';
import { guestProjectsOf, resolveScope } from '../workspace-selection';

/**
 * The top navigation's plan badge: the plan of the team the workspace shows ('Team Acme: Pro trial · 5 days left'),
 * chosen as the workspace chooses it; the person's own plan only when no team is in view (a guest, or no team
 * yet). A trial counts in days from when the page opened, as in every team place (useTeamPlanLabel).
 */
export function PlanInView({ user }: { user: PublicUser }) {
  const teams = useTeams();
  const userProjects = useUserProjects();
  const selectedTeamId = useWorkspaceUi((state) => state.selectedTeamId);
  const [now] = useState(() => new Date());
  const scope = teams.data ? resolveScope(teams.data, guestProjectsOf(userProjects.data), selectedTeamId) : { kind: 'none' as const };
  return scope.kind === 'team' ? namedTeamPlanLabel(scope.team, now) : accountPlanLabel(user.currentPlan);
}
