import { displayName, type MemberUser, type Project } from '@planline/domain';
import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import { UserAvatar } from '../../shell';
import { useRemoveGuest } from '../projects.api';
import { useProjectGuests } from '../projects.queries';

/** People who joined this one project by its link (not its team); the owner and admins may remove them. */
export function ProjectGuestsList({ project }: { project: Project }) {
  const guests = useProjectGuests(project.id, true);
  const remove = useRemoveGuest(project.id);
  const [removing, setRemoving] = useState<MemberUser | null>(null);

  const confirm = async (guest: MemberUser) => {
    const name = displayName(guest);
    try {
      await remove.mutateAsync(guest);
      toast({ title: 'Guest Removed', description: `${name} no longer has access to ${project.name}.` });
      setRemoving(null);
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      toast({ title: 'Error', description: serverMessage(err) ?? 'Failed to remove guest', variant: 'destructive' });
    }
  };

  if (guests.isPending) return <LoadingBlock label="Loading guests" />;
  if (guests.isError) {
    return (
      <ErrorBlock
        message={serverMessage(guests.error) ?? "We couldn't load the guests."}
        onRetry={() => void guests.refetch()}
        retrying={guests.isFetching}
      />
    );
  }
  if (guests.data.length === 0) return <p className="text-sm text-slate-600">No guests: only the team works on this project.</p>;

  return (
    <>
      <ul aria-label="Project guests" className="divide-y divide-slate-100">
        {guests.data.map((guest) => {
          const name = displayName(guest);
          return (
            <li key={guest.id} className="flex items-center gap-3 py-2.5">
              <UserAvatar user={guest} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{name}</p>
                <p className="truncate text-xs text-slate-600">{guest.email}</p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${name}`}
                title={`Remove ${name}`}
                onClick={() => setRemoving(guest)}
                disabled={remove.isPending}
                className="text-red-600 hover:bg-red-50 hover:text-red-700"
              >
                <UserMinus aria-hidden="true" className="h-4 w-4" />
              </Button>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove guest?"
        description={
          removing
            ? `${displayName(removing)} will lose access to ${project.name} at once, and the project's invite link will be renewed so the old one stops working.`
            : ''
        }
        confirmLabel="Remove Guest"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => removing && void confirm(removing)}
      />
    </>
  );
}
