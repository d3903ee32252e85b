import { useEffect } from 'react';
import { keepFirstScreen } from '../../../lib/first-screen';

/**
 * While the chart of `projectId` shows the synced document, keeps what the page shows as `userId`'s first screen
 * whenever the person leaves it (the page is hidden: another tab, the app in the background, a reload, closing),
 * so their next visit paints it at once (issue 18; src/first-screen.ts). Leaving is the moment: the copy is what
 * they saw last, and taking it (~5 ms: the visible rows' markup) never competes with a scroll or a drag.
 */
export function useKeepFirstScreen(projectId: string, userId: string, synced: boolean): void {
  useEffect(() => {
    if (!synced) return;
    const keep = () => {
      const root = document.getElementById('root');
      if (root && window.location.pathname === '/') keepFirstScreen(root, userId, projectId, window.innerWidth);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') keep();
    };
    window.addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', keep);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [projectId, userId, synced]);
}
