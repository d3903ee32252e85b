import { TriangleAlert } from 'lucide-react';
import { Button } from './button';
import { Spinner } from './spinner';

/** The loading line of a section that waits for a query. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-6">
      <Spinner label={label} className="[&_svg]:h-6 [&_svg]:w-6" />
    </div>
  );
}

interface ErrorBlockProps {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A failed read inside a card or dialog, with a way to try again. */
export function ErrorBlock({ message, onRetry, retrying = false }: ErrorBlockProps) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-md border border-amber-200 bg-amber-50 p-4 text-center">
      <p className="flex items-center gap-2 text-sm text-amber-900">
        <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again...' : 'Try again'}
      </Button>
    </div>
  );
}
