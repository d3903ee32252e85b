import { canManageJoinRequests, displayName, type JoinRequest, type JoinResponse, type TeamSummary } from '@planline/domain';
import { formatDistance } from 'date-fns';
import { Check, X } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { isUnauthorizedError, paymentRequired, serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized, useAuth } from '../../auth';
import { UserAvatar } from '../../shell';
import { useRespondJoinRequest } from '../teams.api';
import { useJoinRequests } from '../teams.queries';
import { promptUpgrade } from '../upgrade-prompt';

interface JoinRequestsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  team: TeamSummary | null;
}

/** Pending join requests of the team in view, answered by its owner or an admin; the list follows live events. */
export function JoinRequestsDialog({ open, onOpenChange, team }: JoinRequestsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Join Requests" description={team ? `People asking to join ${team.name}.` : undefined}>
        {team ? <RequestList team={team} /> : <p className="text-sm text-slate-600">You are not in a team yet.</p>}
      </DialogContent>
    </Dialog>
  );
}

function RequestList({ team }: { team: TeamSummary }) {
  const canManage = canManageJoinRequests(team.role);
  const requests = useJoinRequests(team.id, canManage);

  if (!canManage) {
    return <p className="text-sm text-slate-600">Only the team owner or an admin can answer join requests.</p>;
  }
  if (requests.isPending) return <LoadingBlock label="Loading join requests" />;
  if (requests.isError) {
    return (
      <ErrorBlock
        message={serverMessage(requests.error) ?? "We couldn't load the join requests."}
        onRetry={() => void requests.refetch()}
        retrying={requests.isFetching}
      />
    );
  }
  if (requests.data.length === 0) {
    return <p className="py-6 text-center text-sm text-slate-600">No pending requests</p>;
  }
  return (
    <ul aria-label="Pending join requests" className="divide-y divide-slate-100">
      {requests.data.map((request) => (
        <RequestRow key={request.id} request={request} team={team} />
      ))}
    </ul>
  );
}

function RequestRow({ request, team }: { request: JoinRequest; team: TeamSummary }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const respond = useRespondJoinRequest(team.id);
  const name = displayName(request.user);

  const answer = async (response: JoinResponse) => {
    try {
      await respond.mutateAsync({ request, response });
      toast(
        response === 'approved'
          ? { title: 'Request Approved', description: `${name} is now a member of ${team.name}.` }
          : { title: 'Request Denied', description: `${name} will not be added to ${team.name}.` },
      );
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      const payment = paymentRequired(err);
      if (payment && user) {
        promptUpgrade(payment, { userId: user.id, teamId: team.id, navigate });
        return;
      }
      toast({
        title: 'Error',
        description: serverMessage(err) ?? 'Failed to respond to join request',
        variant: 'destructive',
      });
    }
  };

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <UserAvatar user={request.user} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{name}</p>
        <p className="truncate text-sm text-slate-600">{request.user.email}</p>
        <p className="text-xs text-slate-500">
          Requested{' '}
          <time dateTime={request.requestedAt}>
            {formatDistance(new Date(request.requestedAt), new Date(), { addSuffix: true })}
          </time>
        </p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" aria-label={`Approve ${name}`} onClick={() => void answer('approved')} disabled={respond.isPending}>
          <Check aria-hidden="true" className="h-4 w-4" />
          Approve
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Deny ${name}`}
          onClick={() => void answer('denied')}
          disabled={respond.isPending}
        >
          <X aria-hidden="true" className="h-4 w-4" />
          Deny
        </Button>
      </div>
    </li>
  );
}
