import type { PublicUser } from '@planline/domain';
import type { ComponentType } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '../../auth';
import { SkipLinks } from './skip-links';
import { TopNav } from './top-nav';

/**
 * The signed-in pages' frame: skip links (on the workspace), then the top navigation above the page. `PlanBadge`
 * says the plan in view; it comes from the app (features/workspace knows which team is in view, and teams → shell
 * would make shell → teams a cycle).
 */
export function SignedInLayout({ PlanBadge }: { PlanBadge: ComponentType<{ user: PublicUser }> }) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLinks />
      <TopNav user={user} PlanBadge={PlanBadge} />
      <Outlet />
    </div>
  );
}
