import { changesEmail, CURRENT_PASSWORD_REQUIRED, profileInputSchema, type ProfileInput, type PublicUser } from '@planline/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorStatus, isUnauthorizedError, serverMessage } from '../../../lib/api-error';
import { applyServerIssues } from '../../../lib/form-issues';
import { toast } from '../../../lib/toast.store';
import { handleUnauthorized } from '../../auth';
import { useUpdateProfile } from '../profile.api';

const profileValues = (user: PublicUser): ProfileInput => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
});

interface ProfileFormProps {
  user: PublicUser;
  onDone: () => void;
}

export function ProfileForm({ user, onDone }: ProfileFormProps) {
  const updateProfile = useUpdateProfile();
  // A new email address needs the current password (the server checks it too).
  const schema = useMemo(
    () =>
      profileInputSchema.refine((v) => !changesEmail(user.email, v.email) || !!v.currentPassword, {
        path: ['currentPassword'],
        message: CURRENT_PASSWORD_REQUIRED,
      }),
    [user.email],
  );
  const form = useForm<ProfileInput>({ resolver: zodResolver(schema), defaultValues: profileValues(user) });
  const { errors, isSubmitting } = form.formState;
  const emailChanged = changesEmail(user.email, form.watch('email') ?? '');

  const onSubmit = form.handleSubmit(async ({ currentPassword, ...input }) => {
    try {
      await updateProfile.mutateAsync(changesEmail(user.email, input.email) ? { ...input, currentPassword } : input);
      toast({ title: 'Profile Updated', description: 'Your profile has been saved.' });
      onDone();
    } catch (err) {
      if (isUnauthorizedError(err)) {
        handleUnauthorized();
        return;
      }
      applyServerIssues(err, form.setError, ['firstName', 'lastName', 'email', 'currentPassword']);
      // A 409 is the email being taken, a 403 a wrong current password: the server says so better than a generic line.
      const conflict = [403, 409].includes(errorStatus(err) ?? 0) ? serverMessage(err) : null;
      toast({
        title: 'Error',
        description: conflict ?? 'Failed to update profile. Please try again.',
        variant: 'destructive',
      });
    }
  });

  const cancel = () => {
    form.reset(profileValues(user));
    onDone();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Edit profile">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="profile-first-name" label="First Name" error={errors.firstName?.message}>
          {(control) => <Input {...control} autoComplete="given-name" {...form.register('firstName')} />}
        </FormField>
        <FormField id="profile-last-name" label="Last Name" error={errors.lastName?.message}>
          {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
        </FormField>
      </div>
      <FormField id="profile-email" label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      {emailChanged ? (
        <FormField
          id="profile-current-password"
          label="Current Password"
          hint="Needed to change your email address."
          error={errors.currentPassword?.message}
        >
          {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('currentPassword')} />}
        </FormField>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={cancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
