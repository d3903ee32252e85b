import type { HistoryRow } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { extendHistory, PlanHistoryCache } from './plan-history-cache.js';

const historyRow = (taskId: string): HistoryRow => ({ taskId, fieldName: 'name', oldValue: null, newValue: null, dependsOnTaskId: null, writtenAtUs: 0 });
const entry = (version: bigint, rows: number) => ({
  version,
  now: { tasks: new Map(), links: new Map() },
  history: Array.from({ length: rows }, () => historyRow('a')),
  lastSeq: BigInt(rows),
});

describe('PlanHistoryCache', () => {
  it('answers only at the version it was read at, and keeps the latest read as the base to bring up to date', () => {
    const cache = new PlanHistoryCache(10);
    const read = cache.set('p', entry(3n, 2));
    expect(cache.get('p', 3n)).toBe(read);
    expect(cache.get('p', 4n)).toBeUndefined();
    expect(cache.latest('p')).toBe(read);
    expect(cache.latest('q')).toBeUndefined();
  });

  it('keeps at most its rows, dropping the least recently used project first; a history over the cap is not kept', () => {
    const cache = new PlanHistoryCache(10);
    cache.set('a', entry(1n, 4));
    cache.set('b', entry(1n, 4));
    cache.get('a', 1n);
    cache.set('c', entry(1n, 4));
    expect([cache.get('a', 1n), cache.get('b', 1n), cache.get('c', 1n)].map(Boolean)).toEqual([true, false, true]);
    cache.set('d', entry(1n, 11));
    expect(cache.get('d', 1n)).toBeUndefined();
    // Reading a project again replaces its rows, not adds to them.
    cache.set('a', entry(2n, 6));
    expect([cache.get('a', 2n), cache.get('c', 1n)].map(Boolean)).toEqual([true, true]);
  });
});

describe('extendHistory', () => {
  const base = { history: [historyRow('b'), historyRow('a')], lastSeq: 7n };

  it('puts the rows read after the mark before the kept ones (newest first) and moves the mark', () => {
    const newer = [historyRow('d'), historyRow('c')];
    const extended = extendHistory(base, { rows: newer, lastSeq: 9n, rowsUpToMark: 2 });
    expect(extended?.history.map((r) => r.taskId)).toEqual(['d', 'c', 'b', 'a']);
    expect(extended?.lastSeq).toBe(9n);
    expect(base.history).toHaveLength(2);
    expect(extendHistory(base, { rows: [], lastSeq: 7n, rowsUpToMark: 2 })).toEqual(base);
  });

  it('gives up when a row committed late under the mark (more rows up to it than kept): the whole history is read again', () => {
    expect(extendHistory(base, { rows: [historyRow('c')], lastSeq: 9n, rowsUpToMark: 3 })).toBeNull();
  });

  it('starts from nothing with the whole history (read after seq 0)', () => {
    expect(extendHistory(undefined, { rows: [historyRow('a')], lastSeq: 4n, rowsUpToMark: 0 })).toEqual({ history: [historyRow('a')], lastSeq: 4n });
  });
});
