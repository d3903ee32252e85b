/**
 * A full garbage collection now, where the server runs with --expose-gc (api/node-flags.json), else nothing.
 *
 * For the few bulk operations whose phases each leave tens of megabytes of garbage that V8 would collect only later:
 * an import's read and check of a 10,000-task file leaves its parse behind, and the document phase after it
 * allocates as much again; collected between the two, the process's peak is the larger phase, not their sum
 * (issue 37: 324 MB -> 291 MB peak RSS on the interchange bench). It holds the event loop for one collection (tens of
 * milliseconds at that size), so it is for work that already takes seconds and runs a few at a time, not per request.
 */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
