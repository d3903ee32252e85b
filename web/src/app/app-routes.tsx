import { Suspense } from 'react';
import { useRoutes } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { useAuth } from '../features/auth/use-auth';
import { RealtimeBridge } from '../features/realtime/realtime-bridge';
import { useSessionExpiry } from '../features/auth/use-session-expiry';
import { useScrollToTop } from './use-scroll-to-top';
import { signedInRoutes, signedOutRoutes } from './route-tables';

/** Picks the route table for the visitor's state; nothing renders until that state is known. */
export function AppRoutes() {
  const { user, isLoading } = useAuth();
  const expiring = useSessionExpiry(user);
  useScrollToTop();
  const element = useRoutes(user ? signedInRoutes : signedOutRoutes);

  if (isLoading || expiring) return <FullPageSpinner />;
  return (
    <>
      {user ? <RealtimeBridge userId={user.id} /> : null}
      <Suspense fallback={<FullPageSpinner />}>{element}</Suspense>
    </>
  );
}
