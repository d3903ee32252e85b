import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { useAuth, useSessionExpiry } from '../features/auth';
import { RealtimeBridge } from '../features/realtime';
import { prefetchWorkspace } from '../features/workspace';
import { forgetDeviceDocuments } from '../lib/device-documents';
import { useScrollToTop } from './use-scroll-to-top';
import { signedInRoutes, signedOutRoutes } from './route-tables';

/** Picks the route table for the visitor's state; nothing renders until that state is known. */
export function AppRoutes() {
  const { user, isLoading } = useAuth();
  const expiring = useSessionExpiry(user);
  useScrollToTop();
  const element = useRoutes(user ? signedInRoutes : signedOutRoutes);
  const queryClient = useQueryClient();
  const atWorkspace = useLocation().pathname === '/';
  // After a sign-in, the workspace's reads and document start beside its code rather than once its page has
  // rendered (a page load starts them earlier still, in start-reads.ts).
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId && atWorkspace) prefetchWorkspace(queryClient, userId);
  }, [userId, atWorkspace, queryClient]);
  // Copies of project documents left on this browser by someone else, whose session ended without a sign-out,
  // are not for this person (each copy is its person's: lib/device-documents.ts).
  useEffect(() => {
    if (userId) void forgetDeviceDocuments({ keepUserId: userId });
  }, [userId]);

  if (isLoading || expiring) return <FullPageSpinner />;
  return (
    <>
      {user ? <RealtimeBridge userId={user.id} /> : null}
      <Suspense fallback={<FullPageSpinner />}>{element}</Suspense>
    </>
  );
}
