import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

interface WorkspaceErrorProps {
  onRetry: () => void;
  retrying: boolean;
  title?: string;
}

export function WorkspaceError({ onRetry, retrying, title = "We couldn't load your teams" }: WorkspaceErrorProps) {
  return (
    <Card className="mx-auto w-full max-w-lg" role="alert">
      <div className="p-8 text-center">
        <TriangleAlert aria-hidden="true" className="mx-auto h-10 w-10 text-amber-500" />
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">Check your connection and try again.</p>
        <Button className="mt-6" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    </Card>
  );
}
