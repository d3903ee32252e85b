import { Eye, EyeOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useSetWatching, useWatching } from '../notifications.queries';

/** Task Details' Watch / Unwatch: watching a task puts its comments and changes in your inbox. */
export function WatchToggle({ taskId }: { taskId: string }) {
  const state = useWatching(taskId);
  const set = useSetWatching(taskId);
  const watching = state.data?.watching ?? false;
  return (
    <div className="mb-2 flex items-center justify-end gap-2">
      {set.isError ? (
        <span role="alert" className="text-xs text-red-700">
          Could not change watching. Try again.
        </span>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        disabled={state.isPending || set.isPending}
        onClick={() => set.mutate(!watching)}
        title={watching ? 'You are told of its comments and changes' : 'Be told of its comments and changes'}
      >
        {watching ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
        {watching ? 'Unwatch' : 'Watch'}
      </Button>
    </div>
  );
}
