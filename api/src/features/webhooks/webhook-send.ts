import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './webhook-address.js';

/** How long one delivery may take, connection to last byte read. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The most of an answer read; the connection is dropped after it (a receiver answering megabytes costs us 64 KB). */
export const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;

export interface SendResult {
  /** The answer's status, or null when there was none (refused, timed out). */
  status: number | null;
  /** Why it did not count as delivered, or null when it did (2xx). */
  error: string | null;
  durationMs: number;
}

/**
 * POSTs one delivery to the address checked (webhook-address.ts), never another: the socket's lookup answers with
 * that address whatever DNS says now, while the Host header and the TLS server name stay the URL's. No redirect is
 * followed (a 3xx is a failure), at most WEBHOOK_MAX_RESPONSE_BYTES of the answer are read, and the whole exchange is
 * cut at the timeout. Never throws.
 */
export function sendWebhook(
  target: { url: URL; hostname: string; address: ResolvedAddress },
  body: string,
  headers: Record<string, string>,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const pinned: LookupFunction = (_hostname, options, callback) => {
    const { address, family } = target.address;
    if (options.all) (callback as (err: null, addresses: ResolvedAddress[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const https = target.url.protocol === 'https:';
  const options: RequestOptions & { servername?: string } = {
    method: 'POST',
    host: target.hostname,
    port: target.url.port || (https ? 443 : 80),
    path: `${target.url.pathname}${target.url.search}`,
    headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
    lookup: pinned,
    agent: false,
  };
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, error, durationMs: elapsed() });
    };
    const req = (https ? httpsRequest : httpRequest)(options, (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      let read = 0;
      const judged = () =>
        status >= 200 && status < 300
          ? null
          : status >= 300 && status < 400
            ? `The endpoint answered ${status}: redirects are not followed`
            : `The endpoint answered ${status}`;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read < WEBHOOK_MAX_RESPONSE_BYTES) return;
        // Enough: what it says past here is not read, and the connection goes with it.
        finish(status, judged());
        res.destroy();
        req.destroy();
      });
      res.on('end', () => finish(status, judged()));
      res.on('error', () => finish(status, judged()));
      res.on('close', () => finish(status, judged()));
    });
    const timer = setTimeout(() => {
      finish(null, `The endpoint did not answer within ${Math.round(timeoutMs / 1000)} s`);
      req.destroy();
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => finish(null, `Could not reach the endpoint: ${err.code ?? err.message}`));
    req.end(body);
  });
}
