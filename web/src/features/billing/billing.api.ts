import {
  billingConfigSchema,
  billingPrice,
  checkoutSessionResultSchema,
  testCheckoutPaymentSchema,
  testCheckoutSessionSchema,
  type CheckoutSessionInput,
  type PaidPlan,
} from '@planline/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isUnauthorizedError } from '../../lib/api-error';
import { parsedQueryFn } from '../../lib/parsed-query';
import { apiRequest } from '../../lib/query-client';
import { toast } from '../../lib/toast.store';
import { handleUnauthorized } from '../auth';
import { checkoutFailureMessage, checkoutUrls } from './billing-rules';

export const BILLING_CONFIG_KEY = ['/api/billing/config'] as const;
export const testCheckoutKey = (sessionId: string) => ['/api/billing/test-checkout', sessionId] as const;

const configFn = parsedQueryFn(billingConfigSchema);
const testCheckoutFn = parsedQueryFn(testCheckoutSessionSchema);

/** GET /api/billing/config: test or live payments, and the plans' prices. Public, read once. */
export function useBillingConfig() {
  return useQuery({ queryKey: BILLING_CONFIG_KEY, queryFn: configFn });
}

export function useTestCheckoutSession(sessionId: string) {
  return useQuery({ queryKey: testCheckoutKey(sessionId), queryFn: testCheckoutFn });
}

/**
 * Leaves the app for the checkout page: the provider's (absolute URL) or the local test page (relative); after a
 * plan change in place, straight to our success page (absolute, on this origin).
 */
function goTo(url: string): void {
  window.location.assign(url);
}

/**
 * Starts a checkout for one team and plan: POST /api/create-checkout-session, then off to the returned page.
 * A failure is told in a toast and kept in `failure` for the page to show next to its button.
 */
export function useCheckout(plan: PaidPlan, cancelPath: string) {
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async (input: CheckoutSessionInput) =>
      checkoutSessionResultSchema.parse(await (await apiRequest('POST', '/api/create-checkout-session', input)).json()),
    onSuccess: ({ checkoutUrl }) => goTo(checkoutUrl),
  });
  const { reset } = mutation;

  // Back from the provider, the browser may restore this page as it was left: "Redirecting..." and disabled.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const start = async (teamId: string): Promise<void> => {
    setFailure(null);
    try {
      await mutation.mutateAsync({
        teamId,
        priceId: billingPrice(plan).id,
        ...checkoutUrls(window.location.origin, teamId, cancelPath, plan),
      });
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      const message = checkoutFailureMessage(err);
      setFailure(message);
      toast({ title: 'Checkout Failed', description: message, variant: 'destructive' });
    }
  };

  return {
    start,
    /** Creating the session, or already on the way to the checkout page. */
    busy: mutation.isPending || mutation.isSuccess,
    redirecting: mutation.isSuccess,
    failure,
  };
}

/** POST /api/billing/test-checkout/{id}/pay: the team is upgraded when it answers; then to the success page. */
export function usePayTestCheckout(sessionId: string) {
  return useMutation({
    mutationFn: async () =>
      testCheckoutPaymentSchema.parse(
        await (await apiRequest('POST', `/api/billing/test-checkout/${encodeURIComponent(sessionId)}/pay`)).json(),
      ),
  });
}
