import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBlock } from '../../../components/ui/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorStatus } from '../../../lib/api-error';
import { useAuth } from '../../auth';
import type { InviteJoin } from '../join-failure';
import { UpgradeNeeded } from './upgrade-needed';

interface InviteCardProps<T> {
  /** The invitation as the server reads it from the link's token. */
  info: UseQueryResult<T>;
  join: InviteJoin;
  /** The card for a link that is invalid, expired or no longer there. */
  invalid: ReactNode;
  /** A link that reads but does not fit the page (a team invite whose path names another team). */
  isInvalid?: (invite: T) => boolean;
  /** The team the upgrade screen offers to upgrade, when the invitation names it. */
  upgradeTeam?: (invite: T) => { teamId: string; teamName: string };
  children: (invite: T) => ReactNode;
}

/**
 * The states both invite pages share around their invitation: loading, unreadable, invalid, and the upgrade
 * screens after a join the team's plan refused. `children` draws the invitation itself.
 */
export function InviteCard<T>({ info, join, invalid, isInvalid, upgradeTeam, children }: InviteCardProps<T>) {
  const { user } = useAuth();
  if (info.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label="Loading invitation" />
      </div>
    );
  }
  if (info.isError) {
    const status = errorStatus(info.error);
    if (status === 404 || status === 400) return invalid;
    return <ErrorBlock message="We couldn't load this invitation." onRetry={() => void info.refetch()} retrying={info.isFetching} />;
  }
  if (join.gone || isInvalid?.(info.data)) return invalid;
  if (join.payment && user) {
    const team = upgradeTeam?.(info.data);
    return <UpgradeNeeded payment={join.payment} userId={user.id} teamId={team?.teamId ?? null} teamName={team?.teamName} />;
  }
  return children(info.data);
}
