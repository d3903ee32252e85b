import type { TestCheckoutSession } from '@planline/domain';
import { CircleCheck, CreditCard, LinkIcon, Lock, TimerOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ErrorBlock } from '../components/ui/query-state';
import { Spinner } from '../components/ui/spinner';
import { errorStatus, isUnauthorizedError, serverMessage } from '../lib/api-error';
import { toast } from '../lib/toast.store';
import { AuthHeader, handleUnauthorized } from '../features/auth';
import {
  BackToProjects,
  BillingMessage,
  formatPrice,
  planTitle,
  sameOriginPath,
  TestModeBanner,
  usePayTestCheckout,
  useTestCheckoutSession,
} from '../features/billing';
import { usePageTitle } from '../features/legal';
import { upgradePath } from '../features/teams';

const TEST_CARD_NUMBER = '4242 4242 4242 4242';
const PAYMENT_FAILED_TEXT = 'Payment failed. Please try again.';

/**
 * /checkout/test/{sessionId} (signed in): the local stand-in for the card payment provider's checkout page, used
 * when the server has no provider key. Its own frame, like the provider's page, and plainly marked TEST MODE.
 */
export function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  usePageTitle('Test checkout');
  return (
    <div className="min-h-screen bg-slate-50">
      <AuthHeader />
      <TestModeBanner />
      <main className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <TestCheckout key={sessionId} sessionId={sessionId} />
      </main>
    </div>
  );
}

type Outcome = { kind: 'expired' | 'not-found'; message: string | null } | null;

function TestCheckout({ sessionId }: { sessionId: string }) {
  const session = useTestCheckoutSession(sessionId);
  const [outcome, setOutcome] = useState<Outcome>(null);

  if (session.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading checkout" />
      </div>
    );
  }
  if (outcome?.kind === 'not-found' || (session.isError && [400, 404].includes(errorStatus(session.error) ?? 0))) {
    return <SessionNotFound />;
  }
  if (session.isError) {
    return (
      <div className="mx-auto max-w-lg">
        <ErrorBlock message="We couldn't load this checkout." onRetry={() => void session.refetch()} retrying={session.isFetching} />
      </div>
    );
  }

  const data = session.data;
  const cancelPath = sameOriginPath(data.cancelUrl, window.location.origin) ?? upgradePath(data.teamId);
  if (outcome?.kind === 'expired' || data.status === 'expired') {
    return (
      <BillingMessage
        icon={<TimerOff aria-hidden="true" className="h-6 w-6" />}
        title="This checkout has expired"
        tone="warning"
        actions={
          <>
            <Link to={cancelPath} className={buttonClasses('primary', 'md', 'w-full')}>
              Start again
            </Link>
            <BackToProjects />
          </>
        }
      >
        <p>{outcome?.message ?? 'Checkout sessions only last a while. Nothing was charged; start a new one to upgrade.'}</p>
      </BillingMessage>
    );
  }
  if (data.status === 'complete') {
    return (
      <BillingMessage
        icon={<CircleCheck aria-hidden="true" className="h-6 w-6" />}
        title="Payment already complete"
        tone="success"
        actions={
          <Link to={successPathOf(data)} className={buttonClasses('primary', 'md', 'w-full')}>
            Continue
          </Link>
        }
      >
        <p>
          This checkout for <strong className="text-slate-900">{data.teamName}</strong> has already been paid.
        </p>
      </BillingMessage>
    );
  }

  return <OpenCheckout session={data} cancelPath={cancelPath} onOutcome={setOutcome} onStale={() => void session.refetch()} />;
}

function successPathOf(session: TestCheckoutSession): string {
  return (
    sameOriginPath(session.successUrl, window.location.origin) ??
    `/upgrade/success?teamId=${encodeURIComponent(session.teamId)}`
  );
}

function SessionNotFound() {
  return (
    <BillingMessage
      icon={<LinkIcon aria-hidden="true" className="h-6 w-6" />}
      title="Checkout not found"
      tone="warning"
      actions={<BackToProjects />}
    >
      <p>This checkout link is not valid for your account. Start the upgrade again from your team.</p>
    </BillingMessage>
  );
}

interface OpenCheckoutProps {
  session: TestCheckoutSession;
  cancelPath: string;
  onOutcome: (outcome: Outcome) => void;
  /** The session or its team changed under us: read it again. */
  onStale: () => void;
}

function OpenCheckout({ session, cancelPath, onOutcome, onStale }: OpenCheckoutProps) {
  const pay = usePayTestCheckout(session.id);
  const [failure, setFailure] = useState<string | null>(null);
  const price = formatPrice(session.amountCents, session.currency);

  const onPay = async () => {
    setFailure(null);
    try {
      const { redirectUrl } = await pay.mutateAsync();
      // A full load, as coming back from the provider would be: the success page reads everything afresh.
      window.location.assign(sameOriginPath(redirectUrl, window.location.origin) ?? successPathOf(session));
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      const status = errorStatus(err);
      if (status === 410) return onOutcome({ kind: 'expired', message: serverMessage(err) });
      if (status === 404) return onOutcome({ kind: 'not-found', message: serverMessage(err) });
      // Paid in another tab, or the team has the plan by now: the page shows what the session says next.
      if (status === 409) onStale();
      const message = serverMessage(err) ?? PAYMENT_FAILED_TEXT;
      setFailure(message);
      toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card className="p-6">
        <p className="text-sm font-medium text-slate-500">Subscribe to</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">Planline {planTitle(session.plan)}</h1>
        <p className="mt-3">
          <span className="text-3xl font-bold text-slate-900">{price}</span>{' '}
          <span className="text-sm text-slate-600">per {session.interval}</span>
        </p>
        <dl className="mt-6 space-y-3 text-sm">
          <Row label="Team">{session.teamName}</Row>
          <Row label="Plan">{planTitle(session.plan)}, billed monthly</Row>
          <Row label="Account">{session.email}</Row>
          <Row label="Due today">{price}</Row>
        </dl>
      </Card>

      <Card className="p-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <CreditCard aria-hidden="true" className="h-5 w-5 text-slate-500" />
          Payment
        </h2>
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Test card</p>
          <p className="mt-1 font-mono text-base text-slate-900">{TEST_CARD_NUMBER}</p>
          <p className="mt-2 text-xs text-slate-600">
            No card is needed in test mode and none is sent anywhere: this is the well-known test card number, shown
            for illustration. Paying here marks the team as paid.
          </p>
        </div>
        <div className="mt-6 space-y-3">
          <Button size="lg" className="w-full" onClick={() => void onPay()} disabled={pay.isPending || pay.isSuccess}>
            <Lock aria-hidden="true" className="h-4 w-4" />
            {pay.isSuccess ? 'Redirecting...' : pay.isPending ? 'Processing...' : `Pay ${price}`}
          </Button>
          {failure ? (
            <p role="alert" className="text-sm text-red-600">
              {failure}
            </p>
          ) : null}
          <Link
            to={cancelPath}
            className="block rounded text-center text-sm font-medium text-slate-600 hover:text-slate-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          >
            Cancel and go back
          </Link>
        </div>
      </Card>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 pb-2 last:border-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right font-medium text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
