import { describe, expect, it } from 'vitest';
import { FOLD_AFTER_UPDATES, FOLD_AT_MOST_AFTER_UPDATES, shouldFold } from './project-rows.js';

/** A log of `updates` renames of ~150 bytes each, over a base of `baseBytes`. */
const log = (updates: number, baseBytes: number) => ({ updates, bytes: updates * 150, baseBytes });

describe('when the update log is folded into the base (shouldFold)', () => {
  it('folds a small document every 200 updates, as before', () => {
    // 200 tasks: a base of ~60 kB, which 200 renames reach a quarter of.
    expect(shouldFold(log(FOLD_AFTER_UPDATES - 1, 60_000))).toBe(false);
    expect(shouldFold(log(FOLD_AFTER_UPDATES, 60_000))).toBe(true);
  });

  it('lets the log of a big document grow to a share of its base first, so a fold costs in proportion to the edits it folds', () => {
    // 10,000 tasks: a base of ~3.7 MB, which 200 renames (30 kB) are far from a quarter of.
    expect(shouldFold(log(FOLD_AFTER_UPDATES, 3_700_000))).toBe(false);
    expect(shouldFold({ updates: 500, bytes: 925_000, baseBytes: 3_700_000 })).toBe(true);
    expect(shouldFold({ updates: 500, bytes: 924_999, baseBytes: 3_700_000 })).toBe(false);
  });

  it('folds at the cap whatever the bytes, so a load never reads and merges a long log', () => {
    expect(shouldFold(log(FOLD_AT_MOST_AFTER_UPDATES - 1, 42_000_000))).toBe(false);
    expect(shouldFold(log(FOLD_AT_MOST_AFTER_UPDATES, 42_000_000))).toBe(true);
  });

  it('waits for 200 updates even when a few big ones outweigh the base (an import into a fresh project): a load merges a few rows cheaply', () => {
    expect(shouldFold({ updates: FOLD_AFTER_UPDATES, bytes: 5_000_000, baseBytes: 100 })).toBe(true);
    expect(shouldFold({ updates: FOLD_AFTER_UPDATES - 1, bytes: 5_000_000, baseBytes: 100 })).toBe(false);
  });
});
