import { Link } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-mark';

export function AuthHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
        <Link
          to="/"
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          <BrandMark />
        </Link>
      </div>
    </header>
  );
}
