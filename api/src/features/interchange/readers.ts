import type { ImportedPlan, ImportFormat } from '@planline/domain';
import { AppError } from '../../errors.js';
import type { ReadOptions, TakeBytes } from './read-options.js';

/** The statuses a reader's refusal may carry (`status` on the error): what the file is, not what the server did. */
const READER_STATUSES = new Map([
  [400, 'bad_request'],
  [413, 'payload_too_large'],
  [415, 'unsupported_media_type'],
  [422, 'unprocessable'],
] as const);

/**
 * [import] The file as an ImportedPlan, by the reader of its format (issue 37). A reader that refuses the file
 * throws with a message for the person (not XML, a DOCTYPE, a zip bomb); that is a 4xx carrying the message (its
 * `status` when it gives one of 400, 413, 415 or 422, else 400), never a 500, and nothing is stored.
 */
export async function readPlan(take: TakeBytes, format: ImportFormat, options: ReadOptions): Promise<ImportedPlan> {
  try {
    // Each reader (saxes; papaparse and exceljs) is loaded with its format's first file, not at start.
    return format === 'mspdi'
      ? (await import('./mspdi-read.js')).readMspdi(take, options)
      : await (await import('./sheet-read.js')).readSheet(take(), format, options);
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as { status?: unknown }).status;
    const code = (typeof status === 'number' && READER_STATUSES.get(status as 400)) || 'bad_request';
    // A reader's own mistake (a TypeError on an odd file) has nothing to say to the person beyond this.
    const message = err instanceof Error && !(err instanceof TypeError || err instanceof RangeError || err instanceof ReferenceError) && err.message
      ? err.message
      : `«${options.fileName}» could not be read as ${format === 'mspdi' ? 'an MS Project XML file' : `a ${format.toUpperCase()} file`}.`;
    throw new AppError(code, message);
  }
}
