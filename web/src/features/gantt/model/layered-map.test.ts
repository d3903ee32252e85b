import { describe, expect, it } from 'vitest';
import { LayeredMap } from './layered-map';

describe('a map made from another by a few changes', () => {
  it('reads as the map with the changes made, and leaves the one it was made from as it was', () => {
    const base = new Map([['a', 1], ['b', 2], ['c', 3]]);
    const one = LayeredMap.changed(base, [['b', 20], ['c', undefined], ['d', 4]]);
    const two = LayeredMap.changed(one, [['d', undefined], ['a', 10], ['e', 5], ['zz', undefined]]);
    expect([...one]).toEqual([['a', 1], ['b', 20], ['d', 4]]);
    expect([...two]).toEqual([['a', 10], ['b', 20], ['e', 5]]);
    expect([one.size, two.size]).toEqual([3, 3]);
    expect([two.get('c'), two.has('c'), two.get('d'), two.has('e'), two.get('b')]).toEqual([undefined, false, undefined, true, 20]);
    expect([...base]).toEqual([['a', 1], ['b', 2], ['c', 3]]);
    expect([...one.keys()]).toEqual(['a', 'b', 'd']);
    expect([...two.values()]).toEqual([10, 20, 5]);
    const seen: string[] = [];
    two.forEach((value, key, map) => seen.push(`${key}${value}${map === two}`));
    expect(seen).toEqual(['a10true', 'b20true', 'e5true']);
    expect(new Map(two)).toEqual(new Map([['a', 10], ['b', 20], ['e', 5]]));
    // Set back to its base value and deleted again, or deleted twice: counted once.
    const three = LayeredMap.changed(two, [['b', 2], ['c', 30], ['c', undefined], ['a', undefined], ['a', undefined]]);
    expect([...three]).toEqual([['b', 2], ['e', 5]]);
    expect(three.size).toBe(2);
  });

  it('folds its changes into a map of its own once they are many, and reads the same', () => {
    const base = new Map(Array.from({ length: 2000 }, (_, i) => [i, i] as const));
    let map: ReadonlyMap<number, number> = base;
    let folded = 0;
    for (let i = 0; i < 1100; i++) {
      map = LayeredMap.changed(map, [[i, -(i + 1)]]);
      if (map instanceof Map) folded = i + 1;
    }
    // Folded at the 1,025th change, and layered again over the new base after it.
    expect(folded).toBe(1025);
    expect(map).toBeInstanceOf(LayeredMap);
    expect(map.size).toBe(2000);
    expect(map.get(5)).toBe(-6);
    expect(map.get(1500)).toBe(1500);
  });
});

describe('the keys changed between two maps over one base', () => {
  it('are read from their layers, and are null for maps over different bases', () => {
    const base = new Map([['a', 1], ['b', 2], ['c', 3]]);
    const one = LayeredMap.changed(base, [['b', 20]]);
    const two = LayeredMap.changed(one, [['c', undefined], ['d', 4]]);
    const other = LayeredMap.changed(base, [['a', 10]]);
    expect(LayeredMap.changedKeys(base, one)).toEqual(new Set(['b']));
    expect(LayeredMap.changedKeys(one, two)).toEqual(new Set(['b', 'c', 'd']));
    expect(LayeredMap.changedKeys(two, other)).toEqual(new Set(['b', 'c', 'd', 'a']));
    expect(LayeredMap.changedKeys(new Map(base), one)).toBeNull();
  });
});
