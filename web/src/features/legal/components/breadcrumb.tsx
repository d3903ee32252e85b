import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

/** Home › {page}: the way back from a static page, in both the signed-in and the signed-out frame. */
export function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
      <ol className="flex items-center gap-1.5">
        <li>
          <Link
            to="/"
            className="rounded hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          >
            Home
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="h-4 w-4" />
        </li>
        <li aria-current="page" className="font-medium text-slate-700">
          {current}
        </li>
      </ol>
    </nav>
  );
}
