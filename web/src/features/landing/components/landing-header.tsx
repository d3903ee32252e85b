import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { BrandMark } from '../../../components/ui/brand-mark';

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <BrandMark />
        <nav aria-label="Main" className="flex items-center gap-2">
          <a
            href="#pricing"
            className="hidden rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 sm:inline-block"
          >
            Pricing
          </a>
          <Link to="/auth" className={buttonClasses('primary', 'md')}>
            Sign In
          </Link>
        </nav>
      </div>
    </header>
  );
}
