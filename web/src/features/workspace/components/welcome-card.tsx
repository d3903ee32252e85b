import { Rocket } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** Shown to a signed-in user who belongs to no team yet (and has no shared projects). */
export function WelcomeCard({ onStart, onJoin }: { onStart: () => void; onJoin: () => void }) {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <div className="p-8 text-center">
        <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-blue-50 text-blue-600">
          <Rocket aria-hidden="true" className="h-6 w-6" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Welcome to Planline</h1>
        <p className="mt-2 text-sm text-slate-600">
          Create a team to start planning. Your team holds your projects, tasks and timelines, and you can invite
          teammates whenever you are ready.
        </p>
        <Button size="lg" className="mt-6" onClick={onStart}>
          Start Free Workspace
        </Button>
        <p className="mt-4 text-sm text-slate-600">
          Have a team code?{' '}
          <button
            type="button"
            onClick={onJoin}
            className="cursor-pointer rounded font-medium text-blue-600 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          >
            Join a Team
          </button>
        </p>
      </div>
    </Card>
  );
}
