import { createTeamInputSchema, type CreateTeamInput, type TeamSummary } from '@planline/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { isUnauthorizedError } from '../../../lib/api-error';
import { applyServerIssues } from '../../../lib/form-issues';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import { useCreateTeam } from '../teams.api';

const EMPTY: CreateTeamInput = { name: '', description: '' };

interface CreateTeamDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs before the dialog closes, e.g. to put the new team in view. */
  onCreated?: (team: TeamSummary) => void;
}

export function CreateTeamDialog({ open, onOpenChange, onCreated }: CreateTeamDialogProps) {
  const createTeam = useCreateTeam();
  const form = useForm<CreateTeamInput>({ resolver: zodResolver(createTeamInputSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, description }) => {
    try {
      const team = await createTeam.mutateAsync({ name, description: description || undefined });
      toast({ title: 'Team created successfully!' });
      onCreated?.(team);
      form.reset(EMPTY);
      onOpenChange(false);
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      applyServerIssues(err, form.setError, ['name', 'description']);
      toast({ title: 'Error', description: 'Failed to create team. Please try again.', variant: 'destructive' });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset(EMPTY);
        onOpenChange(next);
      }}
    >
      <DialogContent title="Create Your Team" description="A team owns your projects. You can invite people later.">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField id="team-name" label="Team Name" error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="organization" {...form.register('name')} />}
          </FormField>
          <FormField id="team-description" label="Description" hint="Optional." error={errors.description?.message}>
            {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
          </FormField>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Creating...' : 'Create Team'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
