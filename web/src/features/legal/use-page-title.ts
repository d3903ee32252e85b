import { useEffect } from 'react';

/** `{title} · Planline` in the tab while the page is shown; screen readers announce it on navigation. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Planline`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
