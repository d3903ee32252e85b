import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** An announced busy indicator; `label` is what screen readers hear. */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-label={label} className={cn('inline-flex', className)}>
      <LoaderCircle aria-hidden="true" className="h-8 w-8 animate-spin text-blue-600" />
    </div>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner />
    </div>
  );
}
