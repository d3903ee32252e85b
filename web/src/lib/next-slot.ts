/**
 * Resolves at the start of the next slot for long work done in pieces: just after a frame is painted (a task queued
 * from requestAnimationFrame runs once the frame is out), or at once in a hidden page or outside a browser.
 */
export function nextSlot(): Promise<void> {
  return new Promise((resolve) => {
    const task = () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    };
    if (typeof document === 'undefined' || document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') task();
    else requestAnimationFrame(task);
  });
}
