import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';

/** The way out of the plan pages: a full-width button under a message, or a ghost link with an arrow atop a page. */
export function BackToProjects({ variant = 'outline' }: { variant?: 'outline' | 'ghost' }) {
  return (
    <Link to="/" className={buttonClasses(variant, 'md', variant === 'outline' ? 'w-full' : '-ml-3')}>
      {variant === 'ghost' ? <ArrowLeft aria-hidden="true" className="h-4 w-4" /> : null}
      Back to Projects
    </Link>
  );
}
