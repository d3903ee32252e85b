import type { Context } from 'koa';
import { AppError } from '../errors.js';

const TOO_LARGE = 'Request body is too large: the limit is 1 MB';
const CUT_OFF = 'The request body was cut off';

/**
 * The request body exactly as sent, for routes that verify a signature over it (the body parser would give them
 * a re-serialised object instead). Refused with 413 past `limitBytes`: at once when Content-Length says so, else
 * as soon as the bytes read pass it, with `tooLarge` as the message; and, given `bytes`, as soon as a chunk cannot be
 * taken from that share.
 */
/** A share of memory the body's bytes are taken from as they arrive; refused, the read fails with `refusal`. */
export interface BodyBytes {
  take: (bytes: number) => boolean;
  refusal: () => Error;
}

export function readRawBody(ctx: Context, limitBytes: number, tooLarge = TOO_LARGE, bytes?: BodyBytes): Promise<Buffer> {
  // As with the body parser, Node reads and drops what is left of a refused body once the answer is sent.
  if (Number(ctx.get('Content-Length') || 0) > limitBytes) return Promise.reject(new AppError('payload_too_large', tooLarge));
  const req = ctx.req;
  // Cut off before we got here (while access was checked): 'close' has already been emitted and would never reach
  // the listeners below, leaving the caller (and the import slot it holds) waiting for ever.
  if (req.destroyed && !req.readableEnded) return Promise.reject(new AppError('bad_request', CUT_OFF));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes && bytes && !bytes.take(chunk.length)) {
        // As past the limit: the rest is read and dropped, and the refusal answered.
        stop();
        reject(bytes.refusal());
        return;
      }
      if (size <= limitBytes) {
        chunks.push(chunk);
        return;
      }
      // Not req.destroy(), which would reset the socket before the 413 is sent: the stream keeps flowing with
      // no listener, so the rest is read and dropped.
      stop();
      reject(new AppError('payload_too_large', tooLarge));
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    // The client went away mid-upload ("aborted", ECONNRESET): a 400 nobody reads, not a 500 in the log.
    const onError = () => {
      stop();
      reject(new AppError('bad_request', CUT_OFF));
    };
    const onClose = () => {
      stop();
      reject(new AppError('bad_request', CUT_OFF));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
