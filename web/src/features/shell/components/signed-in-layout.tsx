import { Outlet } from 'react-router';
import { useAuth } from '../../auth';
import { SkipLinks } from './skip-links';
import { TopNav } from './top-nav';

/** The signed-in pages' frame: skip links (on the workspace), then the top navigation above the page. */
export function SignedInLayout() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLinks />
      <TopNav user={user} />
      <Outlet />
    </div>
  );
}
