import { useCallback, useSyncExternalStore } from 'react';

/**
 * Tailwind's `sm` breakpoint (640 px) from below: a phone held upright. The workspace folds its header and the
 * chart's rarer tools behind buttons there, so the chart's rows are on the first screen.
 */
export const PHONE_LAYOUT_QUERY = '(max-width: 639.98px)';

/** Whether the media `query` matches now; the component renders again when that changes (a rotated phone). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_LAYOUT_QUERY);
}
