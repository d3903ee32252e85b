import { canRemoveMember, displayName, type TeamMember, type TeamSummary } from '@planline/domain';
import { Clock, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized, useAuth } from '../../auth';
import { UserAvatar } from '../../shell';
import { canEditCapacity } from '../capacity-form';
import { useRemoveMember } from '../teams.api';
import { useTeamMembers } from '../teams.queries';
import { CapacityDialog } from './capacity-dialog';
import { RoleBadge } from './role-badge';

/**
 * The team's people, owner first; owner and admins may remove anyone but the owner (after a confirm), and edit
 * anyone's capacity; each person edits their own (issue 36).
 */
export function TeamMembersList({ team }: { team: TeamSummary }) {
  const members = useTeamMembers(team.id);
  const remove = useRemoveMember(team.id);
  const { user } = useAuth();
  const [capacityOf, setCapacityOf] = useState<TeamMember | null>(null);

  const onRemove = async (member: TeamMember) => {
    const name = displayName(member.user);
    if (!window.confirm(`Remove ${name} from ${team.name}? They will lose access to the team's projects.`)) return;
    try {
      await remove.mutateAsync(member);
      toast({ title: 'Member Removed', description: `${name} was removed from ${team.name}.` });
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      toast({ title: 'Error', description: serverMessage(err) ?? 'Failed to remove member', variant: 'destructive' });
    }
  };

  if (members.isPending) return <LoadingBlock label="Loading members" />;
  if (members.isError) {
    return (
      <ErrorBlock
        message={serverMessage(members.error) ?? "We couldn't load the members."}
        onRetry={() => void members.refetch()}
        retrying={members.isFetching}
      />
    );
  }
  if (members.data.length === 0) return <p className="text-sm text-slate-600">No team members found</p>;

  return (
    <>
      <ul aria-label="Team members" className="divide-y divide-slate-100">
        {members.data.map((member) => {
          const name = displayName(member.user);
          return (
            <li key={member.id} className="flex items-center gap-3 py-2.5">
              <UserAvatar user={member.user} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{name}</p>
                <p className="truncate text-xs text-slate-600">{member.user.email}</p>
              </div>
              <RoleBadge role={member.role} />
              {canEditCapacity(team.role, user?.id, member.userId) ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Capacity of ${name}`}
                  title={`Capacity of ${name}`}
                  onClick={() => setCapacityOf(member)}
                >
                  <Clock aria-hidden="true" className="h-4 w-4" />
                </Button>
              ) : null}
              {canRemoveMember(team.role, member.role) ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${name}`}
                  title={`Remove ${name}`}
                  onClick={() => void onRemove(member)}
                  disabled={remove.isPending}
                  className="text-red-600 hover:bg-red-50 hover:text-red-700"
                >
                  <UserMinus aria-hidden="true" className="h-4 w-4" />
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {capacityOf ? (
        <CapacityDialog
          teamId={team.id}
          userId={capacityOf.userId}
          name={displayName(capacityOf.user)}
          open
          onOpenChange={(open) => {
            if (!open) setCapacityOf(null);
          }}
        />
      ) : null}
    </>
  );
}
