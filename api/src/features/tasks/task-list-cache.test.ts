import { describe, expect, it } from 'vitest';
import { TaskListCache } from './task-list-cache.js';

/** A kept list of `bytes` of JSON (its tasks do not matter here). */
const body = (bytes: number) => parts(Buffer.alloc(bytes, 'x'));
const parts = (json: Buffer) => ({ tasks: [], created: [], rolled: [], body: json, starts: new Uint32Array(1) });

describe('TaskListCache', () => {
  it('answers a list only at the version it was built at', () => {
    const cache = new TaskListCache(1000);
    cache.set('p', 3n, body(10));
    // Weak: the same list goes out as JSON, brotli or gzip under one tag.
    expect(cache.get('p', 3n)?.etag).toBe('W/"tasks-3"');
    expect(cache.get('p', 4n)).toBeNull();
    expect(cache.get('q', 3n)).toBeNull();
  });

  it('compresses a kept list once per encoding, and the copy decodes to the JSON', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const cache = new TaskListCache(100_000);
    const json = Buffer.from(JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: `t${i}`, name: `Task ${i}` }))));
    const list = cache.set('p', 1n, parts(json));
    expect(list.encoded('br')).toBe(list.encoded('br'));
    expect(brotliDecompressSync(await list.encoded('br')).equals(json)).toBe(true);
    expect(gunzipSync(await cache.get('p', 1n)!.encoded('gzip')).equals(json)).toBe(true);
  });

  it('does not replace a later version with an earlier one built concurrently', () => {
    const cache = new TaskListCache(1000);
    cache.set('p', 5n, body(10));
    cache.set('p', 4n, body(10));
    expect(cache.get('p', 5n)).not.toBeNull();
    expect(cache.get('p', 4n)).toBeNull();
  });

  it('stays within its bytes, dropping the least recently used list first', () => {
    // A list counts ~2.2 times its JSON (its compressed copies and its tasks): two of 20 bytes fit in 100, not three.
    const cache = new TaskListCache(100);
    cache.set('a', 1n, body(20));
    cache.set('b', 1n, body(20));
    cache.get('a', 1n);
    cache.set('c', 1n, body(20));
    expect(cache.get('b', 1n)).toBeNull();
    expect(cache.get('a', 1n)).not.toBeNull();
    expect(cache.get('c', 1n)).not.toBeNull();
    cache.set('huge', 1n, body(47));
    expect(cache.get('huge', 1n)).toBeNull();
    expect(cache.get('a', 1n)).not.toBeNull();
  });
});
