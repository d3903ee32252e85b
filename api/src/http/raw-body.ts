import type { Context } from 'koa';
import { AppError } from '../errors.js';

const TOO_LARGE = 'Request body is too large: the limit is 1 MB';

/**
 * The request body exactly as sent, for routes that verify a signature over it (the body parser would give them
 * a re-serialised object instead). Refused with 413 past `limitBytes`: at once when Content-Length says so, else
 * as soon as the bytes read pass it, with `tooLarge` as the message.
 */
export function readRawBody(ctx: Context, limitBytes: number, tooLarge = TOO_LARGE): Promise<Buffer> {
  // As with the body parser, Node reads and drops what is left of a refused body once the answer is sent.
  if (Number(ctx.get('Content-Length') || 0) > limitBytes) return Promise.reject(new AppError('payload_too_large', tooLarge));
  const req = ctx.req;
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
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    const onClose = () => {
      stop();
      reject(new AppError('bad_request', 'The request body was cut off'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
