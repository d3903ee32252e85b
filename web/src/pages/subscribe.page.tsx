import { PLAN_LIMITS, planOffer, teamPlanLabel, TRIAL_DAYS, type TeamSummary } from '@planline/domain';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../components/ui/button';
import {
  BillingFrame,
  BillingMessage,
  formatDay,
  PlanBadge,
  PlanCard,
  PlanFeatureList,
  subscribeView,
  TeamCheckout,
  TeamsNotReady,
  type TrialState,
} from '../features/billing';
import { usePageTitle } from '../features/legal';
import { useTeams } from '../features/teams';
import { useWorkspaceUi } from '../app/workspace-ui.store';

/**
 * /subscribe (signed in): the first team's plan; if it is not paid for, the trial and the Team Plan side by side.
 * The cards keep the spec's words (PRODUCT-SPEC /subscribe: a Free Trial card with an 'Active Trial' badge, a Team
 * Plan card); where the page says what plan the team is on, it uses the one label every team place shows
 * (teamPlanLabel: 'Pro trial · 6 days left', 'Free · trial ended', 'Pro').
 */
export function SubscribePage() {
  usePageTitle('Choose your plan');
  const teams = useTeams();
  const [now] = useState(() => new Date());

  if (teams.isPending || teams.isError) return <TeamsNotReady teams={teams} loadingLabel="Loading your plan" />;

  const view = subscribeView(teams.data, now);
  if (view.kind === 'subscribed') {
    return (
      <BillingFrame>
        <BillingMessage
          icon={<BadgeCheck aria-hidden="true" className="h-6 w-6" />}
          title="You're subscribed!"
          tone="success"
          actions={
            <Link to="/" className={buttonClasses('primary', 'md', 'w-full')}>
              Continue to Projects
            </Link>
          }
        >
          <p>
            <strong className="text-slate-900">{view.team.name}</strong>’s plan: {teamPlanLabel(view.team, now)}.
          </p>
          {view.team.subscriptionStatus === 'past_due' ? (
            <p className="text-amber-800">
              The last payment did not go through. The card payment provider is retrying it, so please check your card.
            </p>
          ) : null}
        </BillingMessage>
      </BillingFrame>
    );
  }

  const pro = planOffer('pro');
  return (
    <BillingFrame>
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Choose your plan</h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600">
          New teams start with a {TRIAL_DAYS}-day free trial. Subscribe to the Team Plan to keep everything when it ends.
        </p>
      </header>
      <div className="mx-auto mt-10 grid max-w-4xl gap-6 md:grid-cols-2">
        <FreeTrialCard team={view.team} trial={view.trial} now={now} />
        <PlanCard title="Team Plan" price={`$${pro.priceUsdPerMonth}`} priceNote="/month per team" highlighted>
          <PlanFeatureList features={pro.features} className="flex-1" />
          <div className="mt-8">
            <TeamCheckout
              plan="pro"
              teams={teams.data}
              preferredTeamId={view.team?.id ?? null}
              cancelPath="/subscribe"
              label="Subscribe Now"
            />
          </div>
        </PlanCard>
      </div>
    </BillingFrame>
  );
}

function FreeTrialCard({ team, trial, now }: { team: TeamSummary | null; trial: TrialState; now: Date }) {
  const navigate = useNavigate();
  const openDialog = useWorkspaceUi((state) => state.openDialog);
  const badge =
    trial.kind === 'active' ? (
      <PlanBadge tone="green">Active Trial</PlanBadge>
    ) : trial.kind === 'ended' ? (
      <PlanBadge tone="grey">Trial ended</PlanBadge>
    ) : null;

  return (
    <PlanCard title="Free Trial" price="$0" priceNote={`for ${TRIAL_DAYS} days`} badge={badge}>
      <PlanFeatureList
        className="flex-1"
        features={[
          `${TRIAL_DAYS} days of the Team Plan, free`,
          `Up to ${PLAN_LIMITS.pro.maxMembers} team members`,
          'Unlimited projects',
          'No card needed',
        ]}
      />
      <div className="mt-8 space-y-3">
        {team !== null ? (
          // The team's trial, not the person's: the same label as the header, Team Management and /upgrade.
          <p className="text-sm text-slate-600">
            <strong className="text-slate-900">{team.name}</strong>’s plan: {teamPlanLabel(team, now)}
            {trial.kind === 'active' ? ` (until ${formatDay(trial.endsAt)})` : trial.kind === 'ended' ? ` on ${formatDay(trial.endsAt)}` : ''}.
          </p>
        ) : null}
        {team === null ? (
          <Button
            variant="outline"
            size="lg"
            className="w-full"
            onClick={() => {
              openDialog('createTeam');
              navigate('/');
            }}
          >
            Start Free Trial
          </Button>
        ) : trial.kind === 'active' ? (
          <Link to="/" className={buttonClasses('outline', 'lg', 'w-full')}>
            Continue with Trial
          </Link>
        ) : (
          <p className="text-sm text-slate-600">Each new team gets a free trial when it is created.</p>
        )}
      </div>
    </PlanCard>
  );
}
