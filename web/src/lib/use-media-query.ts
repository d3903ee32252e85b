import { useCallback, useSyncExternalStore } from 'react';

/**
 * Tailwind's `sm` breakpoint (640 px) from below: a phone held upright. The workspace folds its header and the
 * chart's rarer tools behind buttons there, so the chart's rows are on the first screen.
 */
export const PHONE_MAX_WIDTH_PX = 639.98;
export const PHONE_LAYOUT_QUERY = `(max-width: ${PHONE_MAX_WIDTH_PX}px)`;

/**
 * Whether the media `query` matches now; the component renders again when that changes (a rotated phone). Rendered
 * on the server (the first screen's picture, api/src/http/first-screen-render.ts) it does not match: the server
 * draws the desktop layout, and pictures only for desktop widths.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}

export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_LAYOUT_QUERY);
}
