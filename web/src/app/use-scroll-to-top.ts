import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A new page starts at its top, as a full page load would; in-page anchors (#pricing) keep their place. */
export function useScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}
