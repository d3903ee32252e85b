import type { PaymentRequired } from '@planline/domain';
import { useState } from 'react';
import { errorStatus, isUnauthorizedError, paymentRequired, serverMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast.store';
import { handleUnauthorized } from '../auth';

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

/** What a failed join leaves for an invite page to show: the upgrade screen, the invalid invite, a message. */
export interface InviteJoin {
  payment: PaymentRequired | null;
  gone: boolean;
  failure: string | null;
  /** Runs a join (and what follows it: select, toast, navigate); a failure is handled as above. */
  attempt(join: () => Promise<void>): Promise<void>;
}

export function useInviteJoin(fallback: string): InviteJoin {
  const [payment, setPayment] = useState<PaymentRequired | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [gone, setGone] = useState(false);
  const attempt = async (join: () => Promise<void>) => {
    setFailure(null);
    try {
      await join();
    } catch (err) {
      handleJoinFailure(err, fallback, { onPayment: setPayment, onGone: () => setGone(true), onFailed: setFailure });
    }
  };
  return { payment, gone, failure, attempt };
}
