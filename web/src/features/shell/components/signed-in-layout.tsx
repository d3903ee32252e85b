import { Outlet } from 'react-router';
import { useAuth } from '../../auth';
import { TopNav } from './top-nav';

/** The signed-in pages' frame: top navigation above the page. */
export function SignedInLayout() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="min-h-screen bg-slate-50">
      <TopNav user={user} />
      <Outlet />
    </div>
  );
}
