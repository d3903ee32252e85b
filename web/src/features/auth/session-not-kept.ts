import { toast } from '../../lib/toast.store';
import { usePostAuthTarget } from './post-auth-target.store';

/** The server accepted the credentials but the next read saw no session: almost always blocked cookies. */
export function sessionNotKept(): void {
  usePostAuthTarget.getState().setTarget(null);
  toast({
    title: 'Sign In Failed',
    description: 'Your session could not be started. Please make sure cookies are enabled and try again.',
    variant: 'destructive',
  });
}
