/**
 * lib0's decoding module (which Yjs reads every update with), with strings read faster and shared: the web build
 * puts this module in its place (vite.config.ts, `lib0/decoding`), and it is lib0's own but for `readVarString`
 * and `readAny` (issue 18: a 100,000-task document opens and scrolls).
 *
 * Why: applying the first sync of a 100,000-task document read 2.4 million strings, each a field's name or a short
 * value, one TextDecoder call apiece (~0.9 s of the page's main thread in a profile; ~0.27 s with this module). Here a
 * short ASCII string is built in script, and one seen recently is returned as the same string (a small table by
 * hash, which keeps the latest string in each slot): 100,000 copies of "startDate" or "todo" become one, though the
 * heap hardly shrinks (the strings were ~20 MB of ~360; Yjs's own objects are most of the rest). Longer or
 * non-ASCII strings are decoded as lib0 decodes them (its decodeUtf8: a leading byte order mark is kept, bytes that
 * are not UTF-8 are refused). The bytes read and the values returned are lib0's, which the
 * tests check against lib0 itself (yjs-decoding.test.ts). That is lib0 as web/package.json pins it: the build stops
 * on any other (vite.config.ts, comparedReleases), since Yjs offers no public way to read its strings otherwise.
 */
import { readBigInt64, readFloat32, readFloat64, readUint8, readVarInt, readVarUint, readVarUint8Array, type Decoder } from 'lib0/decoding.js';
import { decodeUtf8 } from 'lib0/string';

export * from 'lib0/decoding.js';

/** Strings up to this many bytes are read in script; most field names and values are shorter. */
const SHORT_BYTES = 48;
/** Slots of the table of recent short strings (a power of two). */
const SLOTS = 8192;
const recent: (string | undefined)[] = new Array<string | undefined>(SLOTS);

/** lib0's `readVarString`: a length (varuint), then that many bytes of UTF-8. */
export function readVarString(decoder: Decoder): string {
  const length = readVarUint(decoder);
  const bytes = decoder.arr;
  const start = decoder.pos;
  const end = start + length;
  if (end > bytes.length) throw new Error('Unexpected end of array');
  decoder.pos = end;
  if (length === 0) return '';
  if (length > SHORT_BYTES) return decodeUtf8(bytes.subarray(start, end));
  // FNV-1a over the bytes, noting any that is not ASCII on the way.
  let hash = 0x811c9dc5;
  let high = 0;
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!;
    high |= byte;
    hash = Math.imul(hash ^ byte, 0x01000193);
  }
  if (high > 0x7f) return decodeUtf8(bytes.subarray(start, end));
  const slot = (hash >>> 0) & (SLOTS - 1);
  const seen = recent[slot];
  if (seen !== undefined && seen.length === length && sameAscii(seen, bytes, start)) return seen;
  const read = String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
  recent[slot] = read;
  return read;
}

function sameAscii(text: string, bytes: Uint8Array, start: number): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) !== bytes[start + i]) return false;
  return true;
}

/** lib0's `readAny`: a type tag (127 down to 116), then the value; objects and arrays hold further values. */
export function readAny(decoder: Decoder): unknown {
  const tag = readUint8(decoder);
  switch (tag) {
    case 127:
      return undefined;
    case 126:
      return null;
    case 125:
      return readVarInt(decoder);
    case 124:
      return readFloat32(decoder);
    case 123:
      return readFloat64(decoder);
    case 122:
      return readBigInt64(decoder);
    case 121:
      return false;
    case 120:
      return true;
    case 119:
      return readVarString(decoder);
    case 118: {
      const size = readVarUint(decoder);
      const object: Record<string, unknown> = {};
      for (let i = 0; i < size; i++) {
        const key = readVarString(decoder);
        object[key] = readAny(decoder);
      }
      return object;
    }
    case 117: {
      const size = readVarUint(decoder);
      const array: unknown[] = [];
      for (let i = 0; i < size; i++) array.push(readAny(decoder));
      return array;
    }
    case 116:
      return readVarUint8Array(decoder);
    default:
      // lib0 calls an entry past its table: a TypeError. An unknown tag is a broken update either way.
      throw new TypeError(`Unknown value type ${tag} in a Yjs update`);
  }
}
