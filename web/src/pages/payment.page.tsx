import { planOffer, type PaidPlan } from '@planline/domain';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ErrorBlock, LoadingBlock } from '../components/ui/query-state';
import { useAuth } from '../features/auth';
import { paymentPlanParam, PlanFeatureList, TeamCheckout } from '../features/billing';
import { usePageTitle } from '../features/legal';
import { useTeams } from '../features/teams';

/**
 * /payment?plan=pro|enterprise (default pro), signed in or out: the plan's name, price and contents, and
 * Subscribe. Signed out, Subscribe goes to /auth with the plan (which brings the user back here); signed in, it
 * pays for one of the user's own teams: `teamId` when given (the upgrade page's Enterprise link), else the first.
 */
export function PaymentPage() {
  const [searchParams] = useSearchParams();
  const plan = paymentPlanParam(searchParams.get('plan'));
  const offer = planOffer(plan);
  const other: PaidPlan = plan === 'pro' ? 'enterprise' : 'pro';
  const { user } = useAuth();
  usePageTitle(`${offer.title} Plan`);

  return (
    <main className="mx-auto max-w-xl px-4 py-8 sm:px-6 lg:py-12">
      <Link to="/" className={buttonClasses('ghost', 'sm', '-ml-3')}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {user ? 'Back to Projects' : 'Back to Home'}
      </Link>
      <Card className="mt-4">
        <div className="border-b border-slate-200 p-6">
          <p className="text-sm font-medium text-blue-700">Checkout</p>
          <h1 className="mt-1 text-2xl font-bold text-slate-900">{offer.title} Plan</h1>
          <p className="mt-3">
            <span className="text-4xl font-bold text-slate-900">${offer.priceUsdPerMonth}</span>{' '}
            <span className="text-sm text-slate-600">{offer.priceNote}</span>
          </p>
        </div>
        <section aria-labelledby="plan-features-heading" className="border-b border-slate-200 p-6">
          <h2 id="plan-features-heading" className="mb-3 text-sm font-semibold text-slate-900">
            What's included
          </h2>
          <PlanFeatureList features={offer.features} />
        </section>
        <div className="p-6">
          {user ? <SignedInCheckout plan={plan} teamId={searchParams.get('teamId')} /> : <SignedOutCheckout plan={plan} />}
        </div>
      </Card>
      <p className="mt-4 text-center text-sm text-slate-600">
        {plan === 'pro' ? 'Need unlimited members?' : 'A smaller team?'}{' '}
        <Link
          to={`/payment?plan=${other}`}
          className="font-medium text-blue-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          See the {planOffer(other).title} plan
        </Link>
      </p>
    </main>
  );
}

function SignedOutCheckout({ plan }: { plan: PaidPlan }) {
  return (
    <div className="space-y-3">
      <Link to={`/auth?plan=${plan}`} className={buttonClasses('primary', 'lg', 'w-full')}>
        Subscribe
      </Link>
      <p className="text-center text-sm text-slate-600">You'll create an account (or sign in) first.</p>
    </div>
  );
}

function SignedInCheckout({ plan, teamId }: { plan: PaidPlan; teamId: string | null }) {
  const teams = useTeams();
  if (teams.isPending) return <LoadingBlock label="Loading your teams" />;
  if (teams.isError) {
    return <ErrorBlock message="We couldn't load your teams." onRetry={() => void teams.refetch()} retrying={teams.isFetching} />;
  }
  return (
    <TeamCheckout
      plan={plan}
      teams={teams.data}
      preferredTeamId={teams.data.find((t) => t.id.toLowerCase() === teamId?.toLowerCase())?.id ?? teams.data[0]?.id ?? null}
      cancelPath={`/payment?plan=${plan}`}
      label="Subscribe"
    />
  );
}
