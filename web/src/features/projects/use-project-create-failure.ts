import { useNavigate } from 'react-router';
import { isUnauthorizedError, paymentRequired, serverMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast.store';
import { handleUnauthorized, useAuth } from '../auth';
import { promptUpgrade } from '../teams';

/**
 * What a failed project creation tells the person, from a blank form or from a template alike: sign in again, the
 * plan's upgrade prompt past its project limit, or the server's words on the form's fields and in a toast.
 */
export function useProjectCreateFailure(): (err: unknown, teamId: string, showOnForm: (err: unknown) => void) => void {
  const { user } = useAuth();
  const navigate = useNavigate();
  return (err, teamId, showOnForm) => {
    if (isUnauthorizedError(err)) {
      handleUnauthorized();
      return;
    }
    const payment = paymentRequired(err);
    if (payment && user) {
      promptUpgrade(payment, { userId: user.id, teamId, navigate });
      return;
    }
    showOnForm(err);
    toast({ title: 'Error', description: serverMessage(err) ?? 'Failed to create project', variant: 'destructive' });
  };
}
