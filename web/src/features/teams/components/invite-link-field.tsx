import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state';
import { isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import { CopyField } from './copy-field';

interface InviteLinkFieldProps {
  id: string;
  label: string;
  copiedDescription: string;
  link: UseQueryResult<{ inviteLink: string }>;
  /** Gives the link a new token: the one handed out before stops working. */
  regenerate: UseMutationResult<unknown, Error, void>;
  /** What the link lets people join, for the confirm ("this team", "Apollo"). */
  joins: string;
}

/**
 * An invite link (team or project) for its owner and admins: copy it, or regenerate it after a confirm that says
 * the old link stops working (issue #14: a link someone kept should not outlive the decision to stop inviting).
 */
export function InviteLinkField({ id, label, copiedDescription, link, regenerate, joins }: InviteLinkFieldProps) {
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      await regenerate.mutateAsync();
      toast({ title: 'Link Regenerated', description: 'The old link no longer works. Share the new one.' });
      setConfirming(false);
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      toast({ title: 'Error', description: serverMessage(err) ?? 'Failed to regenerate the invite link', variant: 'destructive' });
    }
  };

  return (
    <div className="space-y-2">
      {link.isPending ? (
        <LoadingBlock label="Creating invite link" />
      ) : link.isError ? (
        // Never a link without its token: it would not let anyone in.
        <ErrorBlock
          message={serverMessage(link.error) ?? "We couldn't create the invite link."}
          onRetry={() => void link.refetch()}
          retrying={link.isFetching}
        />
      ) : (
        <CopyField id={id} label={label} value={link.data.inviteLink} copiedDescription={copiedDescription} />
      )}
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} disabled={regenerate.isPending}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        Regenerate link
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Regenerate invite link?"
        description={`The current link stops working at once: nobody can join ${joins} with it any more. People already in stay in.`}
        confirmLabel="Regenerate link"
        pendingLabel="Regenerating..."
        pending={regenerate.isPending}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}
