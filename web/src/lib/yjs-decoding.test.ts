import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import * as lib0 from 'lib0/decoding.js';
import * as encoding from 'lib0/encoding';
import { writeTask } from '@planline/document';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as ours from './yjs-decoding';

/**
 * [yjs-decoding] The web build reads Yjs updates with ./yjs-decoding in place of lib0's decoding module: every
 * string and value must come out as lib0's own reading gives it, with the decoder at the same place after it.
 */

/** A seeded generator, so a failure repeats. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const FIELD_LIKE = ['name', 'startDate', 'endDate', 'todo', 'in-progress', '2026-11-23', '#3b82f6', 'milestone', ''];
const UNICODE = ['Überprüfung', 'größer', '日本語のタスク', 'emoji 🚀 launch', 'ﬁ ligature', 'a\u0000b', '\u007f', '\u0080', '\uFEFFstarts with a byte order mark', `\uFEFF${'long '.repeat(20)}`];

function randomString(next: () => number): string {
  const pick = next();
  if (pick < 0.4) return FIELD_LIKE[Math.floor(next() * FIELD_LIKE.length)]!;
  if (pick < 0.5) return UNICODE[Math.floor(next() * UNICODE.length)]!;
  if (pick < 0.6) return crypto.randomUUID();
  // ASCII of every length around the short/long boundary (48 bytes), and some longer.
  const length = Math.floor(next() * (next() < 0.9 ? 60 : 400));
  return Array.from({ length }, () => String.fromCharCode(32 + Math.floor(next() * 95))).join('');
}

function randomValue(next: () => number, depth = 0): unknown {
  const pick = next();
  if (depth < 3 && pick < 0.1) return Object.fromEntries(Array.from({ length: Math.floor(next() * 5) }, () => [randomString(next), randomValue(next, depth + 1)]));
  if (depth < 3 && pick < 0.2) return Array.from({ length: Math.floor(next() * 5) }, () => randomValue(next, depth + 1));
  if (pick < 0.25) return Math.floor((next() - 0.5) * 2 ** 31);
  if (pick < 0.3) return (next() - 0.5) * 1e6;
  if (pick < 0.33) return next() < 0.5;
  if (pick < 0.36) return null;
  if (pick < 0.38) return undefined;
  if (pick < 0.4) return BigInt(Math.floor(next() * 2 ** 52)) * 1000n;
  if (pick < 0.42) return new Uint8Array(Array.from({ length: Math.floor(next() * 20) }, () => Math.floor(next() * 256)));
  return randomString(next);
}

function readAll<T>(bytes: Uint8Array, read: (decoder: lib0.Decoder) => T): { values: T[]; positions: number[] } {
  const decoder = lib0.createDecoder(bytes);
  const values: T[] = [];
  const positions: number[] = [];
  while (decoder.pos < bytes.length) {
    values.push(read(decoder));
    positions.push(decoder.pos);
  }
  return { values, positions };
}

describe('[yjs-decoding] lib0 decoding with strings read in script', () => {
  it('reads every string as lib0 does: field names, values, unicode, UUIDs, short and long, repeated', () => {
    const next = random(18);
    const strings = Array.from({ length: 20_000 }, () => randomString(next));
    const encoder = encoding.createEncoder();
    for (const text of strings) encoding.writeVarString(encoder, text);
    const bytes = encoding.toUint8Array(encoder);

    const read = readAll(bytes, ours.readVarString);
    expect(read).toEqual(readAll(bytes, lib0.readVarString));
    expect(read.values).toEqual(strings);
  });

  it('reads every value as lib0 does, nested objects and arrays included', () => {
    const next = random(7);
    const values = Array.from({ length: 5_000 }, () => randomValue(next));
    const encoder = encoding.createEncoder();
    for (const value of values) encoding.writeAny(encoder, value as never);
    const bytes = encoding.toUint8Array(encoder);

    const read = readAll(bytes, ours.readAny);
    expect(read).toEqual(readAll(bytes, lib0.readAny));
  });

  it('never gives a string read before in place of one that only shares its slot in the table', () => {
    const encoder = encoding.createEncoder();
    // Many distinct short strings: some share a slot of the table with an earlier one.
    const names = Array.from({ length: 30_000 }, (_, i) => `Task ${i}`);
    for (const name of [...names, ...names]) encoding.writeVarString(encoder, name);
    const { values } = readAll(encoding.toUint8Array(encoder), ours.readVarString);
    expect(values).toEqual([...names, ...names]);
  });

  it('reads the edge cases as lib0 does: empty, very long, surrogate pairs across every boundary, lone surrogates', () => {
    const pair = '\u{1F680}';
    const strings = [
      '',
      '',
      'x'.repeat(100_000),
      'é'.repeat(50_000),
      pair.repeat(30_000),
      // A pair at each place around the short/long boundary (48 bytes) and the table's.
      ...Array.from({ length: 60 }, (_, i) => `${'a'.repeat(i)}${pair}${'b'.repeat(60 - i)}`),
      // Lone surrogates: the encoder writes U+FFFD for them, and both read that back.
      'lone \uD800 high',
      'lone \uDC00 low',
      '\uDBFF',
    ];
    const encoder = encoding.createEncoder();
    for (const text of strings) encoding.writeVarString(encoder, text);
    for (const text of strings) encoding.writeAny(encoder, { text, list: [text, ''] });
    const bytes = encoding.toUint8Array(encoder);
    const read = (readString: typeof lib0.readVarString, readAny: typeof lib0.readAny) => {
      const decoder = lib0.createDecoder(bytes);
      const values = [...strings.map(() => readString(decoder)), ...strings.map(() => readAny(decoder))];
      return { values, end: decoder.pos };
    };
    const theirs = read(lib0.readVarString, lib0.readAny);
    expect(read(ours.readVarString, ours.readAny)).toEqual(theirs);
    expect(theirs.end).toBe(bytes.length);
  });

  it("reads every key and value of a real project document's update as lib0 does", () => {
    const doc = new Y.Doc();
    doc.transact(() => {
      for (let i = 0; i < 2_000; i++) {
        writeTask(doc, crypto.randomUUID(), {
          name: i % 7 ? `Task ${i}` : `Überprüfung ${i} 🚀 日本語`,
          startDate: '2026-11-23',
          endDate: '2026-11-25',
          progress: i % 100,
          ...(i % 5 ? {} : { description: 'long '.repeat(i % 300) }),
        });
      }
    });
    // What Yjs writes as strings (root names, keys) and as values, from the update's own structs.
    const { structs } = Y.decodeUpdate(Y.encodeStateAsUpdate(doc));
    const strings: string[] = [];
    const values: unknown[] = [];
    for (const struct of structs) {
      if (!(struct instanceof Y.Item)) continue;
      if (typeof struct.parent === 'string') strings.push(struct.parent);
      if (struct.parentSub !== null) strings.push(struct.parentSub);
      if (struct.content instanceof Y.ContentAny) values.push(...(struct.content.arr as unknown[]));
    }
    expect(strings.length).toBeGreaterThan(10_000);
    const encoder = encoding.createEncoder();
    for (const text of strings) encoding.writeVarString(encoder, text);
    for (const value of values) encoding.writeAny(encoder, value as never);
    const bytes = encoding.toUint8Array(encoder);
    const read = (readString: typeof lib0.readVarString, readAny: typeof lib0.readAny) => {
      const decoder = lib0.createDecoder(bytes);
      return [...strings.map(() => readString(decoder)), ...values.map(() => readAny(decoder)), decoder.pos];
    };
    expect(read(ours.readVarString, ours.readAny)).toEqual(read(lib0.readVarString, lib0.readAny));
  });

  it('refuses an update cut short instead of reading past its end', () => {
    const encoder = encoding.createEncoder();
    encoding.writeVarString(encoder, 'startDate');
    const cut = encoding.toUint8Array(encoder).subarray(0, 5);
    expect(() => ours.readVarString(lib0.createDecoder(cut))).toThrow();
    expect(() => ours.readAny(lib0.createDecoder(new Uint8Array([115])))).toThrow(TypeError);
  });

  it('refuses bytes that are not UTF-8, as lib0 does', () => {
    const broken = new Uint8Array([2, 0xc3, 0x28]);
    expect(() => lib0.readVarString(lib0.createDecoder(broken))).toThrow();
    expect(() => ours.readVarString(lib0.createDecoder(broken))).toThrow();
  });

  it('is compared with the lib0 the build uses: the one web/package.json pins, as Yjs resolves it', () => {
    const pinned = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies.lib0;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const fromYjs = createRequire(createRequire(import.meta.url).resolve('yjs/package.json'));
    expect((JSON.parse(readFileSync(fromYjs.resolve('lib0/package.json'), 'utf8')) as { version: string }).version).toBe(pinned);
  });

  it("is lib0's module otherwise", () => {
    expect(ours.readVarUint).toBe(lib0.readVarUint);
    expect(ours.createDecoder).toBe(lib0.createDecoder);
  });
});
