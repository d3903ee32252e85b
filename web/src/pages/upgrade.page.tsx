import { planOffer, teamPlanLabel, type Plan, type TeamSummary } from '@planline/domain';
import { BadgeCheck, Search, ShieldAlert, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../components/ui/button';
import {
  BackToProjects,
  BillingFrame,
  BillingMessage,
  CheckoutFailure,
  formatDay,
  PlanBadge,
  PlanCard,
  PlanFeatureList,
  planTitle,
  TeamsNotReady,
  TeamUpgradeLinks,
  trialState,
  UpgradeFaq,
  upgradeView,
  useCheckout,
} from '../features/billing';
import { usePageTitle } from '../features/legal';
import { upgradePath, useTeams } from '../features/teams';
import { useWorkspaceUi } from '../app/workspace-ui.store';

/** /upgrade?teamId= (signed in; signed-out visitors are sent to /): a team's owner upgrades it to Pro. */
export function UpgradePage() {
  usePageTitle('Upgrade to Pro');
  const [searchParams] = useSearchParams();
  const teams = useTeams();
  const navigate = useNavigate();
  const openDialog = useWorkspaceUi((state) => state.openDialog);

  if (teams.isPending || teams.isError) return <TeamsNotReady teams={teams} loadingLabel="Loading your teams" />;

  const view = upgradeView(teams.data, searchParams.get('teamId'));
  switch (view.kind) {
    case 'redirect':
      return <Navigate to={upgradePath(view.teamId)} replace />;

    case 'offer':
      return <UpgradeOffer team={view.team} />;

    case 'choose-team':
      return (
        <BillingFrame>
          <BillingMessage icon={<Users aria-hidden="true" className="h-6 w-6" />} title="Choose a team to upgrade" actions={<BackToProjects />}>
            <p>Plans belong to teams. Which of your teams should get Pro?</p>
            <TeamUpgradeLinks teams={view.teams} />
          </BillingMessage>
        </BillingFrame>
      );

    case 'no-owned-team':
      return (
        <BillingFrame>
          <BillingMessage
            icon={<Users aria-hidden="true" className="h-6 w-6" />}
            title="No team to upgrade"
            actions={
              <>
                <Button
                  size="md"
                  onClick={() => {
                    openDialog('createTeam');
                    navigate('/');
                  }}
                >
                  Create a Team
                </Button>
                <BackToProjects />
              </>
            }
          >
            <p>Plans belong to teams, and only a team's owner can upgrade it. You don't own a team yet.</p>
          </BillingMessage>
        </BillingFrame>
      );

    case 'unknown-team':
      return (
        <BillingFrame>
          <BillingMessage icon={<Search aria-hidden="true" className="h-6 w-6" />} title="Team not found" tone="warning" actions={<BackToProjects />}>
            <p>We couldn't find that team among yours. The link may be out of date, or you may have left the team.</p>
            {view.owned.length > 0 ? (
              <>
                <p>Upgrade one of your own teams instead:</p>
                <TeamUpgradeLinks teams={view.owned} />
              </>
            ) : null}
          </BillingMessage>
        </BillingFrame>
      );

    case 'not-owner':
      return (
        <BillingFrame>
          <BillingMessage
            icon={<ShieldAlert aria-hidden="true" className="h-6 w-6" />}
            title="Only the owner can upgrade"
            tone="warning"
            actions={<BackToProjects />}
          >
            <p>
              <strong className="text-slate-900">{view.team.name}</strong>’s plan: {teamPlanLabel(view.team, new Date())}.
              Only the team owner can change its plan, so please ask them to upgrade.
            </p>
          </BillingMessage>
        </BillingFrame>
      );

    case 'already-paid':
      return (
        <BillingFrame>
          <BillingMessage
            icon={<BadgeCheck aria-hidden="true" className="h-6 w-6" />}
            title={`Already on ${planTitle(view.plan)}`}
            tone="success"
            actions={
              <>
                {view.plan === 'pro' ? (
                  <Link
                    to={`/payment?plan=enterprise&teamId=${encodeURIComponent(view.team.id)}`}
                    className={buttonClasses('primary', 'md', 'w-full')}
                  >
                    See the Enterprise plan
                  </Link>
                ) : null}
                <BackToProjects />
              </>
            }
          >
            <p>
              <strong className="text-slate-900">{view.team.name}</strong> already has the {planTitle(view.plan)} plan.
            </p>
            {view.plan === 'pro' ? (
              <p>Pro holds up to 5 members. For more, Enterprise has unlimited members for $25 per month.</p>
            ) : (
              <p>That is our largest plan: there is nothing to upgrade.</p>
            )}
          </BillingMessage>
        </BillingFrame>
      );
  }
}

/** The owner's offer: Free against Pro, the Upgrade Now button, and the FAQ. */
function UpgradeOffer({ team }: { team: TeamSummary }) {
  const checkout = useCheckout('pro', upgradePath(team.id));
  const [now] = useState(() => new Date());
  const trial = trialState(team, now);

  return (
    <BillingFrame>
      <BackToProjects variant="ghost" />
      <header className="mt-4 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Upgrade {team.name} to Pro</h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600">
          Unlimited projects and up to 5 team members, for $15 per month per team.
        </p>
        {trial.kind === 'active' ? (
          <p className="mx-auto mt-3 inline-block rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-800">
            {teamPlanLabel(team, now)} (until {formatDay(trial.endsAt)}). Upgrade to keep Pro after it ends.
          </p>
        ) : trial.kind === 'ended' ? (
          <p className="mx-auto mt-3 inline-block rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-800">
            {teamPlanLabel(team, now)} on {formatDay(trial.endsAt)}.
          </p>
        ) : null}
      </header>

      <div className="mx-auto mt-10 grid max-w-3xl gap-6 md:grid-cols-2">
        <OfferCard plan="free" badge={trial.kind === 'active' ? null : <PlanBadge tone="grey">Current plan</PlanBadge>} />
        <OfferCard
          plan="pro"
          highlighted
          badge={<PlanBadge tone={trial.kind === 'active' ? 'green' : 'blue'}>{trial.kind === 'active' ? 'On trial' : 'Recommended'}</PlanBadge>}
        >
          <div className="mt-8 space-y-3">
            <Button size="lg" className="w-full" onClick={() => void checkout.start(team.id)} disabled={checkout.busy}>
              {checkout.redirecting ? 'Redirecting to checkout...' : checkout.busy ? 'Starting checkout...' : 'Upgrade Now'}
            </Button>
            <CheckoutFailure message={checkout.failure} />
          </div>
        </OfferCard>
      </div>

      <div className="mt-12">
        <UpgradeFaq />
      </div>
    </BillingFrame>
  );
}

interface OfferCardProps {
  plan: Plan;
  badge: ReactNode;
  highlighted?: boolean;
  children?: ReactNode;
}

/** A plan of the public pricing table (PRODUCT-SPEC §1). */
function OfferCard({ plan, badge, highlighted, children }: OfferCardProps) {
  const offer = planOffer(plan);
  return (
    <PlanCard title={offer.title} price={`$${offer.priceUsdPerMonth}`} priceNote={offer.priceNote} badge={badge} highlighted={highlighted}>
      <PlanFeatureList features={offer.features} className="flex-1" />
      {children}
    </PlanCard>
  );
}
