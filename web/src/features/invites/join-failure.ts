import type { PaymentRequired } from '@planline/domain';
import { errorStatus, isUnauthorizedError, paymentRequired, serverMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast.store';
import { handleUnauthorized } from '../auth/unauthorized';

export interface JoinFailureHandlers {
  /** The team is full: show the upgrade screen (owner) or 'Team Upgrade Needed' (others). */
  onPayment(limit: PaymentRequired): void;
  /** The invite no longer exists. */
  onGone(): void;
  /** Anything else, with the message shown. */
  onFailed(message: string): void;
}

/**
 * What a failed join through an invite (team or project) does, the same on both invite pages: signed out runs
 * the unauthorised flow, 402 the upgrade screens, 404 the invalid-invite state, anything else a toast with the
 * server message or `fallback` (PRODUCT-SPEC §8).
 */
export function handleJoinFailure(err: unknown, fallback: string, handlers: JoinFailureHandlers): void {
  if (isUnauthorizedError(err)) {
    handleUnauthorized();
    return;
  }
  const limit = paymentRequired(err);
  if (limit) {
    handlers.onPayment(limit);
    return;
  }
  if (errorStatus(err) === 404) {
    handlers.onGone();
    return;
  }
  const message = serverMessage(err) ?? fallback;
  handlers.onFailed(message);
  toast({ title: 'Error', description: message, variant: 'destructive' });
}
