import { teamPlanLabel, type TeamPlanState } from '@planline/domain';
import { useState } from 'react';

/**
 * The team's plan as every team place says it ('Pro trial · 6 days left'), counted from when the view opened:
 * a trial counts in days, so a view left open for hours does not need to re-render on a timer.
 */
export function useTeamPlanLabel(team: TeamPlanState | null): string | null {
  const [now] = useState(() => new Date());
  return team ? teamPlanLabel(team, now) : null;
}
