import { Link, Outlet } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { LandingFooter } from '../../landing';
import { BrandMark } from '../../../components/ui/brand-mark';

/**
 * The frame of the static pages (legal, help centre) for signed-out visitors: the landing page's header and
 * footer. Signed-in users see the same pages under the top navigation instead.
 */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Link
            to="/"
            aria-label="Planline home"
            className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          >
            <BrandMark />
          </Link>
          <nav aria-label="Main" className="flex items-center gap-2">
            <Link
              to="/"
              className="hidden rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 sm:inline-block"
            >
              Home
            </Link>
            <Link to="/auth" className={buttonClasses('primary', 'md')}>
              Sign In
            </Link>
          </nav>
        </div>
      </header>
      <div className="flex-1">
        <Outlet />
      </div>
      <LandingFooter />
    </div>
  );
}
