import type { TeamSummary } from '@planline/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { WorkspaceError } from '../../workspace';
import { BillingLoading } from './billing-message';

/** The page frame of /subscribe and /upgrade. */
export function BillingFrame({ children }: { children: ReactNode }) {
  return <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:py-12">{children}</main>;
}

/**
 * What a plan page shows while the teams it is about are not there: the spinner while they load, the
 * workspace's error with a retry when the read failed.
 */
export function TeamsNotReady({ teams, loadingLabel }: { teams: UseQueryResult<TeamSummary[]>; loadingLabel: string }) {
  return (
    <BillingFrame>
      {teams.isError ? (
        <WorkspaceError onRetry={() => void teams.refetch()} retrying={teams.isFetching} />
      ) : (
        <BillingLoading label={loadingLabel} />
      )}
    </BillingFrame>
  );
}
