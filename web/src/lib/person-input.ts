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

/** Watchers outside a page (a worker's), told of the page's input by `notePersonInput`. */
const relayed = new Set<() => void>();

/**
 * The page's person did something (a worker hears it from its page, which forwards it at most every
 * INPUT_RELAY_MS): watchers in this scope take it as their own input.
 */
export function notePersonInput(): void {
  for (const note of relayed) note();
}

/** How often a page forwards its person's input to a worker that defers work for it. */
export const INPUT_RELAY_MS = 100;

/**
 * Watches the person's input (capturing, passive) until stopped; `onInput` runs on each. Outside a page (a worker)
 * it hears what the page relays through `notePersonInput`.
 */
export function watchPersonInput(onInput?: () => void): PersonInputWatch {
  let last = Number.NEGATIVE_INFINITY;
  const note = () => {
    last = performance.now();
    onInput?.();
  };
  if (typeof window === 'undefined') {
    relayed.add(note);
    return { lastAt: () => last, stop: () => void relayed.delete(note) };
  }
  for (const type of PERSON_INPUT_EVENTS) window.addEventListener(type, note, { capture: true, passive: true });
  return {
    lastAt: () => last,
    stop: () => PERSON_INPUT_EVENTS.forEach((type) => window.removeEventListener(type, note, { capture: true })),
  };
}
