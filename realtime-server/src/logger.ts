/** The logging the realtime servers need (pino's shape), so they take the composition root's logger. */
export interface RealtimeLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
