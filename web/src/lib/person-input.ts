/**
 * What the person does that the page must answer within a frame (scrolling, wheeling, pointing, pressing, typing,
 * touching). Deferred main-thread work (a big sync's slices, the device copy's snapshot) gives way while it is
 * recent.
 */
const PERSON_INPUT_EVENTS = ['scroll', 'wheel', 'pointerdown', 'pointermove', 'keydown', 'touchstart', 'touchmove'] as const;

export interface PersonInputWatch {
  /** performance.now() of the last input seen; -Infinity before any. */
  lastAt(): number;
  stop(): void;
}

/** Watches the person's input (capturing, passive) until stopped; `onInput` runs on each. Inert outside a browser. */
export function watchPersonInput(onInput?: () => void): PersonInputWatch {
  let last = Number.NEGATIVE_INFINITY;
  if (typeof window === 'undefined') return { lastAt: () => last, stop: () => {} };
  const note = () => {
    last = performance.now();
    onInput?.();
  };
  for (const type of PERSON_INPUT_EVENTS) window.addEventListener(type, note, { capture: true, passive: true });
  return {
    lastAt: () => last,
    stop: () => PERSON_INPUT_EVENTS.forEach((type) => window.removeEventListener(type, note, { capture: true })),
  };
}
