import { displayName, type PublicUser } from '@planline/domain';
import type { ComponentType } from 'react';
import { BarChart3, FolderKanban, LogOut, Plus, Users } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useWorkspaceUi, type WorkspaceDialog } from '../../../app/workspace-ui.store';
import { BrandMark } from '../../../components/ui/brand-mark';
import { UserAvatar } from './user-avatar';
import { signOut } from '../../auth';
import { NotificationBell } from '../../notifications';

const navItemClasses =
  'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors cursor-pointer ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';

/** Visible from sm up; below that the icon stays and the text is still read out. */
const responsiveText = 'sr-only sm:not-sr-only';

export function TopNav({ user, PlanBadge }: { user: PublicUser; PlanBadge: ComponentType<{ user: PublicUser }> }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const openDialog = useWorkspaceUi((state) => state.openDialog);
  const onProjects = pathname === '/';

  // The dialogs live in the workspace, so from another page we go there first.
  const open = (dialog: WorkspaceDialog) => {
    openDialog(dialog);
    if (!onProjects) navigate('/');
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Link
          to="/"
          aria-label="Planline home"
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          <BrandMark compact />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1">
          <Link
            to="/"
            aria-current={onProjects ? 'page' : undefined}
            className={cn(
              navItemClasses,
              onProjects ? 'bg-blue-50 text-blue-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
            )}
          >
            <FolderKanban aria-hidden="true" className="h-4 w-4" />
            <span className={responsiveText}>Projects</span>
          </Link>
          <button
            type="button"
            onClick={() => open('teams')}
            className={cn(navItemClasses, 'text-slate-600 hover:bg-slate-100 hover:text-slate-900')}
          >
            <Users aria-hidden="true" className="h-4 w-4" />
            <span className={responsiveText}>Teams</span>
          </button>
          <button
            type="button"
            onClick={() => open('reports')}
            className={cn(navItemClasses, 'text-slate-600 hover:bg-slate-100 hover:text-slate-900')}
          >
            <BarChart3 aria-hidden="true" className="h-4 w-4" />
            <span className={responsiveText}>Reports</span>
          </button>
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <Button size="sm" onClick={() => open('newProject')}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            <span className={responsiveText}>New Project</span>
          </Button>
          <NotificationBell />
          <span className="hidden max-w-72 truncate rounded-full bg-blue-50 px-2.5 py-1 text-xs font-semibold text-blue-700 lg:inline-block">
            <PlanBadge user={user} />
          </span>
          <button
            type="button"
            // Starts with the name it shows, so speech users can say what they see (WCAG 2.5.3 label in name).
            aria-label={`${displayName(user)}, Profile`}
            onClick={() => navigate('/profile')}
            className="inline-flex cursor-pointer items-center gap-2 rounded-full p-0.5 pr-0.5 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 lg:pr-3"
          >
            <UserAvatar user={user} />
            {/* From lg up: at a tablet's 768 px the name pushed Logout off the page. */}
            <span className="hidden max-w-40 truncate text-sm font-medium text-slate-800 lg:inline">
              {displayName(user)}
            </span>
          </button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void signOut()}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            <span className={responsiveText}>Logout</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
