import type { ImportedPlan } from '@planline/domain';
import type { ReadOptions } from './read-options.js';

/** Issue 37: a CSV or Excel (.xlsx) task sheet as an ImportedPlan. Being written (wt/sheets). */
export async function readSheet(_bytes: Buffer, _format: 'csv' | 'xlsx', _options: ReadOptions): Promise<ImportedPlan> {
  throw new Error('CSV and Excel import is not built yet');
}
