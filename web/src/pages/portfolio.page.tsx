import { PortfolioView } from '../features/portfolio';
import { TeamScopedPage } from './team-scoped-page';

/** /portfolio?teamId= (signed in): every project of the team on one timeline (issue 40). */
export function PortfolioPage() {
  return <TeamScopedPage path="/portfolio" title="Portfolio" render={(team) => <PortfolioView key={team.id} teamId={team.id} teamName={team.name} />} />;
}
