/** One frame at 60 Hz, ms. */
export const FRAME_MS = 1000 / 60;

/**
 * Resolves at the start of the next slot for long work done in pieces: just after a frame is painted (a task queued
 * from requestAnimationFrame runs once the frame is out), or at once in a hidden page or outside a browser. Resolves
 * with when that frame began (performance.now() time; the slot's own start where no frame is drawn), so the work can
 * end before the next one is due.
 */
export function nextSlot(): Promise<number> {
  return new Promise((resolve) => {
    if (typeof document === 'undefined' || document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') void nextTask().then(resolve);
    else requestAnimationFrame((frameStart) => void nextTask().then(() => resolve(frameStart)));
  });
}

/**
 * Resolves in a task of its own, queued now (not a microtask, not a timer's 4 ms clamp): whatever the page has to
 * do meanwhile (input, a frame that is due) goes first. Resolves with when that task began.
 */
export function nextTask(): Promise<number> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(null);
  });
}
