import compress from 'koa-compress';
import type { Middleware } from 'koa';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

/** Bodies smaller than this go as they are: compressing them saves less than the headers it adds. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Brotli's quality for bodies compressed as they are answered: 4 compresses JSON ~17× (a 10,000-task list,
 * 4.9 MB → 0.27 MB) in ~40 ms, about gzip's time for a smaller result; 11 would take ~50× longer.
 */
const BROTLI_ANSWER_QUALITY = 4;

/**
 * Compresses what the server answers (issue 18: the workspace page with its bootstrap, the API's JSON) with
 * brotli or gzip, as the browser accepts, off the event loop (zlib runs in libuv's threads). Bodies already
 * encoded (the build's precompressed files, a kept task list's compressed copy) and types that do not compress
 * (PDF, spreadsheets) go as they are.
 */
export function compression(): Middleware {
  return compress({
    threshold: COMPRESS_THRESHOLD_BYTES,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_ANSWER_QUALITY } },
    deflate: false,
  });
}

export type BodyEncoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `body` encoded once, as `compression()` would encode it, for a body answered many times (kept per version). */
export function encodeBody(body: Buffer, encoding: BodyEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_ANSWER_QUALITY } }) : gzipAsync(body);
}
