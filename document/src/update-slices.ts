import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

/**
 * A big Yjs update (V1) cut into updates that each apply in a few milliseconds, plus what is left (sliceUpdate), or
 * into updates that each stay within a server's limits for one message (cutUpdate).
 *
 * Applying a 100,000-task document in one `Y.applyUpdate` holds the main thread for seconds (issue 18); applied
 * slice by slice between frames, the chart stays responsive while it merges. Only the client with the most
 * structs is sliced (a server-built document is almost all one client: the rows it was built from); its structs
 * go in clock order, so each slice integrates at once. `rest` is everything else of the update: the other
 * clients' structs and the whole delete set, so `slices` then `rest` apply to exactly what the update applies.
 */
export interface SlicedUpdate {
  slices: Uint8Array[];
  rest: Uint8Array;
}

/*
 * The update is cut without being decoded into Yjs's structs: `Y.decodeUpdate` makes an object (and its content's
 * values) of each of the 100,000-task document's 1.2 million structs, 8 s on a busy 2-core machine, before one
 * slice could go. Here each struct is only measured (where its bytes end, how many clock units it covers) and
 * slices are its bytes copied as they are: in V1 a struct's bytes stand alone, and a run of them needs only its
 * client, its first clock and its count in front. The layout read is yjs 13's (writeStructs, Item.write,
 * readItemContent; its update-slices.test.ts checks the result against yjs itself).
 */

// Struct kinds and content refs: the low 5 bits of a struct's info byte.
const GC = 0;
const SKIP = 10;
const BIT6 = 32; // a parentSub follows
const BIT7 = 64; // a right origin follows
const BIT8 = 128; // an origin follows
const BITS5 = 31;
const TYPE_XML_ELEMENT = 3;
const TYPE_XML_HOOK = 5;

function skipVarString(d: decoding.Decoder): void {
  const bytes = decoding.readVarUint(d); // read first: \`d.pos += read()\` would add to the position before the read
  d.pos += bytes;
}

/** UTF-16 code units of `length` UTF-8 bytes at `d.pos` (a ContentString's clock length), moving past them. */
function utf16Length(d: decoding.Decoder): number {
  const bytes = decoding.readVarUint(d);
  const end = d.pos + bytes;
  let units = 0;
  for (let i = d.pos; i < end; i++) {
    const b = d.arr[i]!;
    if ((b & 0xc0) !== 0x80) units += b >= 0xf0 ? 2 : 1; // a lead byte: 4-byte sequences are surrogate pairs
  }
  d.pos = end;
  return units;
}

/** Moves past one value of lib0's `any` encoding. */
function skipAny(d: decoding.Decoder): void {
  const type = decoding.readUint8(d);
  switch (type) {
    case 119: // string
      return skipVarString(d);
    case 125: // integer
      return void decoding.readVarInt(d);
    case 124: // float32
      return void (d.pos += 4);
    case 123: // float64
    case 122: // bigint
      return void (d.pos += 8);
    case 118: {
      // object
      const keys = decoding.readVarUint(d);
      for (let i = 0; i < keys; i++) {
        skipVarString(d);
        skipAny(d);
      }
      return;
    }
    case 117: {
      // array
      const items = decoding.readVarUint(d);
      for (let i = 0; i < items; i++) skipAny(d);
      return;
    }
    case 116: // Uint8Array
      return skipVarString(d);
    case 127: // undefined
    case 126: // null
    case 121: // false
    case 120: // true
      return;
    default:
      throw new Error(`unknown value type ${type} in the update`);
  }
}

/** Moves past one struct; returns its length in clock units, whether it is a Skip (a gap) or a new type. */
function skipStruct(d: decoding.Decoder): { length: number; gap: boolean; type?: boolean } {
  const info = decoding.readUint8(d);
  const ref = info & BITS5;
  if (ref === GC || ref === SKIP) return { length: decoding.readVarUint(d), gap: ref === SKIP };
  if (info & BIT8) decoding.readVarUint(d), decoding.readVarUint(d);
  if (info & BIT7) decoding.readVarUint(d), decoding.readVarUint(d);
  if ((info & (BIT7 | BIT8)) === 0) {
    if (decoding.readVarUint(d) === 1) skipVarString(d);
    else decoding.readVarUint(d), decoding.readVarUint(d);
    if (info & BIT6) skipVarString(d);
  }
  switch (ref) {
    case 1: // deleted
      return { length: decoding.readVarUint(d), gap: false };
    case 2: {
      // JSON
      const length = decoding.readVarUint(d);
      for (let i = 0; i < length; i++) skipVarString(d);
      return { length, gap: false };
    }
    case 3: // binary
    case 5: // embed
      skipVarString(d);
      return { length: 1, gap: false };
    case 4: // string
      return { length: utf16Length(d), gap: false };
    case 6: // format
      skipVarString(d);
      skipVarString(d);
      return { length: 1, gap: false };
    case 7: {
      // type
      const typeRef = decoding.readVarUint(d);
      if (typeRef === TYPE_XML_ELEMENT || typeRef === TYPE_XML_HOOK) skipVarString(d);
      return { length: 1, gap: false, type: true };
    }
    case 8: {
      // any
      const length = decoding.readVarUint(d);
      for (let i = 0; i < length; i++) skipAny(d);
      return { length, gap: false };
    }
    case 9: // subdocument
      skipVarString(d);
      skipAny(d);
      return { length: 1, gap: false };
    default:
      throw new Error(`unknown content ${ref} in the update`);
  }
}

/** One client's structs as they lie in the update: byte offsets of each struct's start (and the end), clocks. */
interface Run {
  client: number;
  clock: number;
  starts: number[];
  /** Struct index of the first Skip (a gap), or the count: the structs before it follow each other. */
  contiguous: number;
  clocks: number[];
  /** Indexes of the structs that are Skips, and of those that make a new type (in this schema, a task). */
  gaps: Set<number>;
  types: Set<number>;
}

/** The update's structs, client by client, and its delete set's bytes. */
function readRuns(update: Uint8Array): { runs: Run[]; deleteSet: Uint8Array } {
  const d = decoding.createDecoder(update);
  const runs: Run[] = [];
  for (let clients = decoding.readVarUint(d); clients > 0; clients--) {
    const count = decoding.readVarUint(d);
    const run: Run = { client: decoding.readVarUint(d), clock: decoding.readVarUint(d), starts: [], contiguous: count, clocks: [], gaps: new Set(), types: new Set() };
    let clock = run.clock;
    for (let i = 0; i < count; i++) {
      run.starts.push(d.pos);
      run.clocks.push(clock);
      const { length, gap, type } = skipStruct(d);
      if (gap) run.gaps.add(i);
      if (type) run.types.add(i);
      if (gap && run.contiguous === count) run.contiguous = i;
      clock += length;
    }
    run.starts.push(d.pos);
    runs.push(run);
  }
  return { runs, deleteSet: update.subarray(d.pos) };
}

function writeRun(out: encoding.Encoder, bytes: Uint8Array, run: Run, from: number, to: number): void {
  encoding.writeVarUint(out, to - from);
  encoding.writeVarUint(out, run.client);
  encoding.writeVarUint(out, run.clocks[from]!);
  encoding.writeUint8Array(out, bytes.subarray(run.starts[from]!, run.starts[to]!));
}

/** One pass over the update's bytes: the structs of the biggest client go into slices, the rest into `rest`. */
export function sliceUpdate(update: Uint8Array, structsPerSlice: number): SlicedUpdate {
  const { runs, deleteSet } = readRuns(update);

  let biggest: Run | null = null;
  for (const run of runs) if (!biggest || run.starts.length > biggest.starts.length) biggest = run;
  const slices: Uint8Array[] = [];
  const cut = biggest?.contiguous ?? 0;
  for (let from = 0; biggest && from < cut; from += structsPerSlice) {
    const out = encoding.createEncoder();
    encoding.writeVarUint(out, 1);
    writeRun(out, update, biggest, from, Math.min(cut, from + structsPerSlice));
    encoding.writeVarUint(out, 0); // no deletions: they all go in the rest
    slices.push(encoding.toUint8Array(out));
  }
  const left = runs.filter((run) => run !== biggest || cut < run.starts.length - 1);
  const out = encoding.createEncoder();
  encoding.writeVarUint(out, left.length);
  for (const run of left) writeRun(out, update, run, run === biggest ? cut : 0, run.starts.length - 1);
  encoding.writeUint8Array(out, deleteSet);
  return { slices, rest: encoding.toUint8Array(out) };
}

/** What one message to the server may carry (domain's MAX_DOCUMENT_UPDATE_BYTES and MAX_TASKS_PER_UPDATE). */
export interface UpdateLimits {
  maxBytes: number;
  maxTypes: number;
}

/** Room in an update for its counts, client ids and clocks around a run's struct bytes. */
const RUN_HEADER_BYTES = 24;

/** New types (tasks, in this schema) the update makes. */
export function newTypeCount(update: Uint8Array): number {
  return readRuns(update).runs.reduce((sum, run) => sum + run.types.size, 0);
}

interface Piece {
  run: Run;
  from: number;
  to: number;
  bytes: number;
  types: number;
}

/** A run's structs in pieces of whole structs within `limits`, broken at its gaps (a Skip is no struct to send). */
function runPieces(run: Run, limits: UpdateLimits): Piece[] {
  const pieces: Piece[] = [];
  let piece: Piece | null = null;
  for (let i = 0; i < run.starts.length - 1; i++) {
    if (run.gaps.has(i)) {
      piece = null;
      continue;
    }
    const bytes = run.starts[i + 1]! - run.starts[i]!;
    const types = run.types.has(i) ? 1 : 0;
    if (piece && (piece.bytes + bytes + RUN_HEADER_BYTES > limits.maxBytes || piece.types + types > limits.maxTypes)) piece = null;
    if (!piece) pieces.push((piece = { run, from: i, to: i, bytes: 0, types: 0 }));
    piece.to = i + 1;
    piece.bytes += bytes;
    piece.types += types;
  }
  return pieces;
}

/** The delete set (lib0's encoding of client → clock ranges) in parts of at most `maxBytes`, each a delete set. */
function deleteSetParts(deleteSet: Uint8Array, maxBytes: number): Uint8Array[] {
  const d = decoding.createDecoder(deleteSet);
  const parts: Uint8Array[] = [];
  let entries: [client: number, ranges: number[]][] = [];
  let bytes = 0;
  const flush = () => {
    if (!entries.length) return;
    const out = encoding.createEncoder();
    encoding.writeVarUint(out, entries.length);
    for (const [client, ranges] of entries) {
      encoding.writeVarUint(out, client);
      encoding.writeVarUint(out, ranges.length / 2);
      for (const n of ranges) encoding.writeVarUint(out, n);
    }
    parts.push(encoding.toUint8Array(out));
    entries = [];
    bytes = 0;
  };
  for (let clients = decoding.readVarUint(d); clients > 0; clients--) {
    const client = decoding.readVarUint(d);
    let ranges: number[] = [];
    entries.push([client, ranges]);
    bytes += RUN_HEADER_BYTES;
    for (let n = decoding.readVarUint(d); n > 0; n--) {
      const start = d.pos;
      ranges.push(decoding.readVarUint(d), decoding.readVarUint(d));
      bytes += d.pos - start;
      if (bytes > maxBytes - RUN_HEADER_BYTES) {
        flush();
        entries.push([client, (ranges = [])]);
        bytes = RUN_HEADER_BYTES;
      }
    }
  }
  flush();
  return parts.filter((part) => part.byteLength > 1 || part[0] !== 0);
}

/**
 * `update` as updates that each stay within `limits`, which applied in order make what `update` makes; the update
 * itself when it already does. Structs go whole, each client's in clock order (a piece of another client's
 * structs may wait in the receiver until the piece it builds on comes, as Yjs does with any update), and the
 * deletions last. A single struct over `maxBytes` (a value no schema allows) goes alone, over the limit.
 */
export function cutUpdate(update: Uint8Array, limits: UpdateLimits): Uint8Array[] {
  const { runs, deleteSet } = readRuns(update);
  const types = runs.reduce((sum, run) => sum + run.types.size, 0);
  if (update.byteLength <= limits.maxBytes && types <= limits.maxTypes) return [update];

  const updates: Uint8Array[] = [];
  let batch: Piece[] = [];
  let bytes = 0;
  let batchTypes = 0;
  const flush = (deletions?: Uint8Array) => {
    if (!batch.length && !deletions) return;
    const out = encoding.createEncoder();
    encoding.writeVarUint(out, batch.length);
    for (const piece of batch) writeRun(out, update, piece.run, piece.from, piece.to);
    if (deletions) encoding.writeUint8Array(out, deletions);
    else encoding.writeVarUint(out, 0);
    updates.push(encoding.toUint8Array(out));
    batch = [];
    bytes = 0;
    batchTypes = 0;
  };
  for (const run of runs) {
    for (const piece of runPieces(run, limits)) {
      // One run per client in an update: Yjs reads a client's structs once.
      const full = bytes + piece.bytes + RUN_HEADER_BYTES > limits.maxBytes || batchTypes + piece.types > limits.maxTypes;
      if (full || batch.some((p) => p.run === run)) flush();
      batch.push(piece);
      bytes += piece.bytes + RUN_HEADER_BYTES;
      batchTypes += piece.types;
    }
  }
  const parts = deleteSetParts(deleteSet, limits.maxBytes);
  if (parts.length === 1 && bytes + parts[0]!.byteLength <= limits.maxBytes) return flush(parts[0]), updates;
  flush();
  for (const part of parts) flush(part);
  return updates;
}
