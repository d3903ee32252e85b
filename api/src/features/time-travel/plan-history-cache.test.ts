import type { HistoryRow } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { PlanHistoryCache } from './plan-history-cache.js';

const entry = (version: bigint, rows: number) => ({
  version,
  now: { tasks: new Map(), links: new Map() },
  history: Array.from({ length: rows }, (): HistoryRow => ({ taskId: 'a', fieldName: 'name', oldValue: null, newValue: null, dependsOnTaskId: null, writtenAtUs: 0 })),
});

describe('PlanHistoryCache', () => {
  it('answers only at the version it was read at', () => {
    const cache = new PlanHistoryCache(10);
    const read = cache.set('p', entry(3n, 2));
    expect(cache.get('p', 3n)).toBe(read);
    expect(cache.get('p', 4n)).toBeUndefined();
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
