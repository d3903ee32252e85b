import { startTransition, useEffect, useState } from 'react';
import { nextSlot } from './next-slot';

/**
 * `value`, once a frame has been painted after it came (`initial` before the first): for work that should never
 * hold up the paint of what it follows. React's useDeferredValue starts its render in a task of its own right
 * after the commit, before the browser has painted, so a long computation there (judging the 20,000 links of a
 * 100,000-task plan, ~0.2-0.9 s) held back the first bars; here it starts after the frame is out, as a transition.
 */
export function useAfterPaint<T>(value: T, initial: T): T {
  const [shown, setShown] = useState<T>(initial);
  useEffect(() => {
    let current = true;
    void nextSlot().then(() => {
      if (current) startTransition(() => setShown(() => value));
    });
    return () => {
      current = false;
    };
  }, [value]);
  return shown;
}
