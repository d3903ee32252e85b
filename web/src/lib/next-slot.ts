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
    const task = (frameStart?: number) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(frameStart ?? performance.now());
      channel.port2.postMessage(null);
    };
    if (typeof document === 'undefined' || document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') task();
    else requestAnimationFrame(task);
  });
}
