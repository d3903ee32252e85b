import type { ImportedPlan } from '@planline/domain';
import type { ReadOptions } from './read-options.js';

/** Issue 37: an MS Project XML (MSPDI) file as an ImportedPlan. Being written (wt/mspdi). */
export function readMspdi(_bytes: Buffer, _options: ReadOptions): ImportedPlan {
  throw new Error('MS Project XML import is not built yet');
}
