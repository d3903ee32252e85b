import type { PaidPlan } from '@planline/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Clock, PartyPopper, Search } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../components/ui/button';
import { ErrorBlock } from '../components/ui/query-state';
import { Spinner } from '../components/ui/spinner';
import { errorStatus } from '../lib/api-error';
import { AUTH_USER_KEY, useAuth } from '../features/auth';
import {
  BillingMessage,
  CONFIRM_POLL_INTERVAL_MS,
  paidPlanOf,
  paymentConfirmation,
  PlanFeatureList,
  planTitle,
  requestedPlanParam,
  useBillingConfig,
  welcomeBenefits,
} from '../features/billing';
import { usePageTitle } from '../features/legal';
import { teamDetailQuery, TEAMS_KEY } from '../features/teams';
import { useWorkspaceUi } from '../app/workspace-ui.store';

function Frame({ children }: { children: ReactNode }) {
  return <main className="px-4 py-10 sm:py-16">{children}</main>;
}

const backToProjects = (
  <Link to="/" className={buttonClasses('outline', 'md', 'w-full')}>
    Back to Projects
  </Link>
);

/**
 * /upgrade/success?teamId=&plan= (signed in; signed-out visitors are sent to /): where checkout sends the user back,
 * and where a plan change in place goes at once. `plan`, when given, is the plan to wait for.
 */
export function UpgradeSuccessPage() {
  const [searchParams] = useSearchParams();
  const teamId = searchParams.get('teamId')?.trim() ?? '';
  const plan = requestedPlanParam(searchParams.get('plan'));
  if (!teamId) {
    return (
      <Frame>
        <BillingMessage icon={<Search aria-hidden="true" className="h-6 w-6" />} title="Which team?" tone="warning" actions={backToProjects}>
          <p>This link doesn't say which team was upgraded. Your plan is shown in the navigation bar and on your profile.</p>
        </BillingMessage>
      </Frame>
    );
  }
  return <PaymentConfirmation key={`${teamId}:${plan}`} teamId={teamId} plan={plan} />;
}

/**
 * The provider's confirmation (its webhook) may arrive a moment after the redirect, so the team is read again
 * until it is paid for, on the plan asked for, a bounded number of times (paymentConfirmation), before the
 * welcome is shown.
 */
function PaymentConfirmation({ teamId, plan }: { teamId: string; plan: PaidPlan | null }) {
  const queryClient = useQueryClient();
  // The observer's result has no read count; the query's state (read on each of its updates) does.
  const readsNow = () => {
    const query = queryClient.getQueryState(teamDetailQuery(teamId).queryKey);
    return (query?.dataUpdateCount ?? 0) + (query?.errorUpdateCount ?? 0);
  };
  // Reads done before the current round of checks (earlier visits count for nothing); "Check again" starts a new round.
  const [checksBefore, setChecksBefore] = useState(readsNow);
  const checksOf = (state: { dataUpdateCount: number; errorUpdateCount: number }) =>
    state.dataUpdateCount + state.errorUpdateCount - checksBefore;

  const team = useQuery({
    ...teamDetailQuery(teamId),
    // A cached copy from before the payment says nothing about it.
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      paymentConfirmation(query.state.data, checksOf(query.state), { plan }) === 'confirming' ? CONFIRM_POLL_INTERVAL_MS : false,
  });
  const state = paymentConfirmation(team.data, readsNow() - checksBefore, { plan });
  const confirmed = state === 'confirmed';
  const paidPlan = team.data ? paidPlanOf(team.data) : null;
  usePageTitle(confirmed && paidPlan ? `Welcome to ${planTitle(paidPlan)}` : 'Confirming your payment');

  // The plan badge and every plan-dependent read follow the paid team (the realtime event may have done so).
  useEffect(() => {
    if (!confirmed) return;
    void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    void queryClient.invalidateQueries({ queryKey: TEAMS_KEY, exact: true });
  }, [confirmed, queryClient]);

  if (team.isError && !team.data) {
    const status = errorStatus(team.error);
    return (
      <Frame>
        {status === 404 || status === 400 ? (
          <BillingMessage icon={<Search aria-hidden="true" className="h-6 w-6" />} title="Team not found" tone="warning" actions={backToProjects}>
            <p>We couldn't find this team among yours, so we can't show its upgrade.</p>
          </BillingMessage>
        ) : (
          <div className="mx-auto max-w-lg">
            <ErrorBlock message="We couldn't load your team." onRetry={() => void team.refetch()} retrying={team.isFetching} />
          </div>
        )}
      </Frame>
    );
  }

  if (confirmed && team.data && paidPlan) {
    return <Welcome teamId={teamId} teamName={team.data.name} plan={paidPlan} />;
  }

  if (state === 'timed-out') {
    return (
      <Frame>
        <BillingMessage
          icon={<Clock aria-hidden="true" className="h-6 w-6" />}
          title="Payment not confirmed yet"
          tone="warning"
          actions={
            <>
              <Button
                onClick={() => {
                  setChecksBefore(readsNow());
                  void team.refetch();
                }}
                disabled={team.isFetching}
              >
                {team.isFetching ? 'Checking...' : 'Check again'}
              </Button>
              <Link to="/help-center" className={buttonClasses('outline', 'md', 'w-full')}>
                Contact Support
              </Link>
              {backToProjects}
            </>
          }
        >
          <p>
            We haven't received the payment confirmation for{' '}
            {team.data ? <strong className="text-slate-900">{team.data.name}</strong> : 'your team'} yet. It usually
            takes a few seconds, and if your card was charged the upgrade will appear shortly.
          </p>
          <p>Check again in a moment, or contact support if it doesn't arrive.</p>
        </BillingMessage>
      </Frame>
    );
  }

  return (
    <Frame>
      <BillingMessage icon={<Spinner label="Confirming your payment" className="[&_svg]:h-6 [&_svg]:w-6" />} title="Confirming your payment…">
        <p>This usually takes a few seconds. Please keep this page open.</p>
      </BillingMessage>
    </Frame>
  );
}

function Welcome({ teamId, teamName, plan }: { teamId: string; teamName: string; plan: PaidPlan }) {
  const { user } = useAuth();
  const config = useBillingConfig();
  const navigate = useNavigate();
  const selectTeam = useWorkspaceUi((state) => state.selectTeam);
  const openDialog = useWorkspaceUi((state) => state.openDialog);
  const title = planTitle(plan);
  const email = user?.email ?? 'your email address';

  return (
    <Frame>
      <BillingMessage
        icon={<PartyPopper aria-hidden="true" className="h-6 w-6" />}
        title={`Welcome to ${title}!`}
        tone="success"
        actions={
          <>
            <Link to="/" onClick={() => selectTeam(teamId)} className={buttonClasses('primary', 'md', 'w-full')}>
              Go to Projects
            </Link>
            <Button
              variant="outline"
              onClick={() => {
                selectTeam(teamId);
                openDialog('inviteMembers');
                navigate('/');
              }}
            >
              Invite Team Members
            </Button>
          </>
        }
      >
        <p>
          <strong className="text-slate-900">{teamName}</strong> is now on the {title} plan.
        </p>
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-left">
          <h2 className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
            <BadgeCheck aria-hidden="true" className="h-4 w-4 text-emerald-600" />
            What your team gets
          </h2>
          <PlanFeatureList features={welcomeBenefits(plan)} />
        </div>
        {config.data?.mode === 'test' ? (
          <p>
            This was a test-mode payment, so no card was charged. With live payments the receipt is sent to{' '}
            <strong className="text-slate-900">{email}</strong>.
          </p>
        ) : (
          <p>
            A receipt has been sent to <strong className="text-slate-900">{email}</strong>.
          </p>
        )}
      </BillingMessage>
    </Frame>
  );
}
