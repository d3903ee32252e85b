import { UNAUTHENTICATED_REDIRECT_MS, type PublicUser } from '@planline/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.store';

/**
 * PRODUCT-SPEC §2: when the auth read turns to "signed out" after having had a user (the session expired and a
 * refetch found out), tell the user and send them to /auth after a second. Returns true during that second so
 * the app can hold its page instead of flashing the signed-out version of the same URL.
 */
export function useSessionExpiry(user: PublicUser | null): boolean {
  const navigate = useNavigate();
  const [lastUserId, setLastUserId] = useState<string | null>(null);
  const [expiring, setExpiring] = useState(false);

  const userId = user?.id ?? null;
  if (userId !== lastUserId) {
    setLastUserId(userId);
    if (lastUserId !== null && userId === null) setExpiring(true);
  }

  useEffect(() => {
    if (!expiring) return;
    toast({
      title: 'Authentication Required',
      description: 'Please log in to access your workspace',
      variant: 'destructive',
    });
    const timer = setTimeout(() => {
      setExpiring(false);
      navigate('/auth', { replace: true });
    }, UNAUTHENTICATED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [expiring, navigate]);

  return expiring;
}
