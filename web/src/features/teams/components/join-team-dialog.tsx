import { normaliseTeamCode, requestJoinInputSchema, TEAM_CODE_LENGTH } from '@planline/domain';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import { useRequestJoin } from '../teams.api';

interface JoinTeamDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Join a Team: ask by team code; the owner or an admin approves (PRODUCT-SPEC §5, §8). */
export function JoinTeamDialog({ open, onOpenChange }: JoinTeamDialogProps) {
  const requestJoin = useRequestJoin();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const close = (next: boolean) => {
    if (!next) {
      setCode('');
      setError(null);
    }
    onOpenChange(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = requestJoinInputSchema.safeParse({ teamCode: code });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Please enter a team code';
      setError(message);
      toast({ title: 'Request Failed', description: message, variant: 'destructive' });
      input.current?.focus();
      return;
    }
    setError(null);
    try {
      await requestJoin.mutateAsync(parsed.data.teamCode);
      toast({ title: 'Request Sent!', description: 'The team owner will review your request to join.' });
      close(false);
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      toast({
        title: 'Request Failed',
        description: serverMessage(err) ?? 'Failed to send join request',
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="Join a Team" description="Enter the 8-character code a team member shared with you.">
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
          <FormField id="join-team-code" label="Team Code" error={error ?? undefined}>
            {(control) => (
              <Input
                {...control}
                ref={input}
                value={code}
                onChange={(e) => {
                  setCode(normaliseTeamCode(e.target.value));
                  if (error) setError(null);
                }}
                maxLength={TEAM_CODE_LENGTH}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="ABCD2345"
                className="font-mono tracking-widest uppercase"
              />
            )}
          </FormField>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={requestJoin.isPending}>
              {requestJoin.isPending ? 'Sending...' : 'Send Request'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
