import { constants, crc32, deflateRaw } from 'node:zlib';
import { promisify } from 'node:util';

const deflateRawAsync = promisify(deflateRaw);

/** One piece of a body, deflated on its own (the dictionary starts empty), ending byte-aligned with no final block. */
export interface DeflatedPiece {
  raw: Buffer;
  deflated: Buffer;
}

/** Kept pieces by key (whatever names a piece's place in the body; the caller's choice), to compress the next version from. */
export type DeflatedPieces = ReadonlyMap<string, DeflatedPiece>;

/** gzip header: deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block of fixed Huffman codes: it ends the deflate stream that the flushed pieces leave open. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * `body` gzip-encoded from pieces deflated one by one, each ended with a full flush so that they concatenate into
 * one deflate stream (RFC 1951 blocks are independent once the dictionary is reset). A piece of `previous` under the
 * same key with the same bytes is taken as it is: after a change of a few tasks, only their pieces are compressed
 * again (a 10,000-task list: ~1 ms instead of ~40 ms for the whole). Each piece costs a dictionary reset, so pieces
 * should be tens of kilobytes.
 */
export async function piecewiseGzip(
  body: Buffer,
  pieces: readonly { key: string; start: number; end: number }[],
  previous?: DeflatedPieces,
): Promise<{ gzip: Buffer; pieces: DeflatedPieces }> {
  const kept = new Map<string, DeflatedPiece>();
  const deflated = await Promise.all(
    pieces.map(async ({ key, start, end }) => {
      const raw = body.subarray(start, end);
      const before = previous?.get(key);
      // The raw bytes as this body's: a slice of the previous body would keep all of it alive.
      const piece = { raw, deflated: before?.raw.equals(raw) ? before.deflated : await deflateRawAsync(raw, { finishFlush: constants.Z_FULL_FLUSH }) };
      kept.set(key, piece);
      return piece.deflated;
    }),
  );
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(body) >>> 0, 0);
  trailer.writeUInt32LE(body.length % 2 ** 32, 4);
  return { gzip: Buffer.concat([GZIP_HEADER, ...deflated, LAST_BLOCK, trailer]), pieces: kept };
}
