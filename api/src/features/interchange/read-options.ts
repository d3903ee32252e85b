import type { ImportField, WorkCalendar } from '@planline/domain';

/**
 * The file's bytes, handed over once: whoever calls it holds the only reference, so the bytes can be collected as
 * soon as that reader is done with them (a 10,000-task file once stayed alive through the whole import).
 */
export type TakeBytes = () => Buffer;

/** `bytes` as a TakeBytes that lets go of them when called. */
export function handOver(bytes: Buffer): TakeBytes {
  let held: Buffer | null = bytes;
  return () => {
    if (!held) throw new Error('The file was already read');
    const taken = held;
    held = null;
    return taken;
  };
}

/** What a reader needs besides the file's bytes (issue 37). */
export interface ReadOptions {
  /** The file's name as the person chose it: messages and the history reason name it. */
  fileName: string;
  /** CSV and Excel: the person's changes to the automatic column mapping (field → header as written). */
  columns?: Partial<Record<ImportField, string>>;
  /** CSV and Excel: the person's locale (BCP 47, from Accept-Language), for dates like 03/04/2026. */
  locale?: string;
  /** The project's working calendar: durations like "5d" in a spreadsheet count its working days. */
  calendar: WorkCalendar;
}
