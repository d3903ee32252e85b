import { useEffect, useRef, type RefObject } from 'react';

/**
 * What a press that lifts something (a bar, a link handle, a row) needs around its session: a cancel that its
 * timers and window listeners can call after the render that began it, called too when the element unmounts
 * mid-press (its task deleted by a teammate, its row scrolled away); and, once lifted, the finger kept: its moves
 * must not scroll the chart. Only a touchmove listener that is not passive can say so, and it has to be in place
 * before the touch starts for Chrome and Safari to honour it. Returns the element's ref, the cancel and the Escape listener.
 */
export function useLiftedPress<T extends HTMLElement>(session: RefObject<{ lifted: boolean } | null>, cancel: () => void) {
  const cancelRef = useRef(cancel);
  cancelRef.current = cancel;
  useEffect(() => () => cancelRef.current(), []);
  // Escape cancels the press wherever focus is: listened for on the window, before anything else, while it lasts.
  const onEscape = useRef((key: KeyboardEvent) => {
    if (key.key !== 'Escape') return;
    key.preventDefault();
    key.stopPropagation();
    cancelRef.current();
  }).current;
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const holdFinger = (event: TouchEvent) => {
      if (session.current?.lifted && event.cancelable) event.preventDefault();
    };
    el.addEventListener('touchmove', holdFinger, { passive: false });
    return () => el.removeEventListener('touchmove', holdFinger);
  });
  return { ref, cancelRef, onEscape };
}
