import { UNAUTHORIZED_REDIRECT_MS } from '@planline/domain';
import { toast } from '../../lib/toast.store';

/** PRODUCT-SPEC §8: a write refused for a lost session sends the user to sign in again. */
export function handleUnauthorized(redirectTo = '/api/login'): void {
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(() => {
    window.location.href = redirectTo;
  }, UNAUTHORIZED_REDIRECT_MS);
}
