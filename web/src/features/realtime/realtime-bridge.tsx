import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../lib/toast.store';

/** Keeps one live connection while a user is signed in; renders nothing. */
export function RealtimeBridge({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let disconnect: (() => void) | null = null;
    let cancelled = false;
    // Loaded on demand: signed-out visitors (the landing page) never download the Socket.IO client.
    void import('./realtime-client').then(({ connectRealtime }) => {
      if (cancelled) return;
      disconnect = connectRealtime(queryClient, {
        userId,
        onRemovedFromTeam: (teamName) =>
          toast({
            title: 'Removed from team',
            description: teamName ? `You were removed from ${teamName}.` : 'You were removed from a team.',
          }),
      });
    });
    return () => {
      cancelled = true;
      disconnect?.();
    };
  }, [queryClient, userId]);
  return null;
}
