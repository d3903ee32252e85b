import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md">
        <div className="p-8 text-center">
          <CircleAlert aria-hidden="true" className="mx-auto h-10 w-10 text-red-500" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          <p className="mt-2 text-sm text-slate-600">
            The page you are looking for does not exist or has been moved.
          </p>
          <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
            Go Home
          </Link>
        </div>
      </Card>
    </main>
  );
}
