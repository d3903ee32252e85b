import { COPIED_RESET_MS } from '@planline/domain';
import { useEffect, useRef, useState } from 'react';

/** A 'Copied!' flag that turns itself off after COPIED_RESET_MS (PRODUCT-SPEC §9: 2 s). */
export function useCopied(): [copied: boolean, markCopied: () => void] {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const markCopied = () => {
    if (timer.current) clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
  };
  return [copied, markCopied];
}
