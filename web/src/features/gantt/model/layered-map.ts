const GONE: unique symbol = Symbol('gone');

/**
 * A read-only map made from another by a few changes, without copying it (issue 35: a drop costs the same at
 * 100,000 tasks as at 1,000). The tasks store and the page's copy of it keep immutable states; a change copied the
 * whole map of tasks to set one (100,000 entries, in the worker and again in the page, on every teammate's drop).
 * A layered map shares its predecessor's base and copies only the changes laid over it; once those grow past an
 * eighth of the map (at least 1,024) they are folded into a new base, so a change costs its own size plus, spread
 * over many changes, a constant.
 *
 * Iteration gives the base's entries in their order (a changed entry in its place, a deleted one left out), then
 * the entries it did not have: like a Map, except that a key deleted and set again keeps its first place.
 */
export class LayeredMap<K, V> implements ReadonlyMap<K, V> {
  private constructor(
    private readonly base: ReadonlyMap<K, V>,
    private readonly over: ReadonlyMap<K, V | typeof GONE>,
    readonly size: number,
  ) {}

  /** `from` with each [key, value] set, or deleted where the value is undefined. */
  static changed<K, V>(from: ReadonlyMap<K, V>, changes: Iterable<readonly [K, V | undefined]>): ReadonlyMap<K, V> {
    const base = from instanceof LayeredMap ? (from.base as ReadonlyMap<K, V>) : from;
    const over = new Map<K, V | typeof GONE>(from instanceof LayeredMap ? (from.over as ReadonlyMap<K, V | typeof GONE>) : undefined);
    let size = from.size;
    for (const [key, value] of changes) {
      const laid = over.get(key);
      const had = laid !== undefined ? laid !== GONE : base.has(key);
      if (value === undefined) {
        if (!had) continue;
        size -= 1;
        if (base.has(key)) over.set(key, GONE);
        else over.delete(key);
      } else {
        if (!had) size += 1;
        if (base.get(key) === value) over.delete(key);
        else over.set(key, value);
      }
    }
    if (over.size > Math.max(1024, base.size / 8)) return new Map(new LayeredMap(base, over, size));
    return new LayeredMap(base, over, size);
  }

  get(key: K): V | undefined {
    const laid = this.over.get(key);
    if (laid === undefined) return this.base.get(key);
    return laid === GONE ? undefined : laid;
  }

  has(key: K): boolean {
    const laid = this.over.get(key);
    return laid === undefined ? this.base.has(key) : laid !== GONE;
  }

  /**
   * The keys whose value may differ between two maps (a superset), read from their layers when both lie over one
   * base (or one over the other): the changes since a map, without going through all of it. Null when they do not.
   */
  static changedKeys<K, V>(before: ReadonlyMap<K, V>, after: ReadonlyMap<K, V>): Set<K> | null {
    const baseOf = (map: ReadonlyMap<K, V>) => (map instanceof LayeredMap ? (map.base as ReadonlyMap<K, V>) : map);
    if (baseOf(before) !== baseOf(after)) return null;
    const keys = new Set<K>();
    if (before instanceof LayeredMap) for (const key of before.over.keys()) keys.add(key as K);
    if (after instanceof LayeredMap) for (const key of after.over.keys()) keys.add(key as K);
    return keys;
  }

  // Each iterator walks the base itself (not through entries()): at 100,000 tasks a generator per step counts.
  *entries(): MapIterator<[K, V]> {
    const { base, over } = this;
    for (const [key, value] of base) {
      const laid = over.get(key);
      if (laid === undefined) yield [key, value];
      else if (laid !== GONE) yield [key, laid];
    }
    for (const [key, laid] of over) if (laid !== GONE && !base.has(key)) yield [key, laid];
  }

  *keys(): MapIterator<K> {
    const { base, over } = this;
    for (const key of base.keys()) if (over.get(key) !== GONE) yield key;
    for (const [key, laid] of over) if (laid !== GONE && !base.has(key)) yield key;
  }

  *values(): MapIterator<V> {
    const { base, over } = this;
    for (const [key, value] of base) {
      const laid = over.get(key);
      if (laid === undefined) yield value;
      else if (laid !== GONE) yield laid;
    }
    for (const [key, laid] of over) if (laid !== GONE && !base.has(key)) yield laid;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }
}
