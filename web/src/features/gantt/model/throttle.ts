/** Calls `fn` at most once per `ms`, always with the latest argument, and once more at the end of a burst. */
export function throttle<T>(fn: (value: T) => void, ms: number): { call: (value: T) => void; cancel: () => void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: { value: T } | null = null;
  const run = () => {
    timer = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    last = Date.now();
    fn(value);
  };
  return {
    call(value) {
      pending = { value };
      if (timer) return;
      const wait = Math.max(0, last + ms - Date.now());
      if (wait === 0) run();
      else timer = setTimeout(run, wait);
    },
    cancel() {
      pending = null;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
