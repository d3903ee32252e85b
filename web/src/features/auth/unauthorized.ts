import { UNAUTHORIZED_REDIRECT_MS } from '@planline/domain';
import { forgetDeviceDocuments } from '../../lib/device-documents';
import { toast } from '../../lib/toast.store';

/**
 * PRODUCT-SPEC §8: a write refused for a lost session sends the user to sign in again. The project documents
 * this browser kept for them are deleted, as at sign-out.
 */
export function handleUnauthorized(redirectTo = '/api/login'): void {
  void forgetDeviceDocuments();
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(() => {
    window.location.href = redirectTo;
  }, UNAUTHORIZED_REDIRECT_MS);
}
