import { teamPlanLabel, type TeamSummary } from '@planline/domain';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { upgradePath } from '../../teams';

/** The user's own teams, each a link to its upgrade page, with the plan it is on now. */
export function TeamUpgradeLinks({ teams }: { teams: readonly TeamSummary[] }) {
  const [now] = useState(() => new Date());
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-left">
      {teams.map((team) => (
        <li key={team.id}>
          <Link
            to={upgradePath(team.id)}
            className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-inset"
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-slate-900">{team.name}</span>
              <span className="block text-xs text-slate-500">{teamPlanLabel(team, now)}</span>
            </span>
            <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
