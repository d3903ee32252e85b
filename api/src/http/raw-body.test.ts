import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { readRawBody } from './raw-body.js';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A server that hands each request to `onRequest`, and a client that sends half a body and then cuts it off. */
async function cutOffUpload(onRequest: (req: IncomingMessage) => void): Promise<void> {
  const server = createServer((req) => onRequest(req));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const req = request({ port, host: '127.0.0.1', method: 'POST', path: '/', headers: { 'content-type': 'application/octet-stream' } });
  req.on('error', () => undefined);
  req.write(Buffer.alloc(1024, 1));
  setTimeout(() => req.destroy(), 50);
}

const contextOf = (req: IncomingMessage) => ({ req, get: (name: string) => String(req.headers[name.toLowerCase()] ?? '') }) as unknown as Context;

describe('readRawBody', () => {
  it('rejects an upload cut off while it is read', async () => {
    const read = new Promise<unknown>((resolve) => void cutOffUpload((req) => readRawBody(contextOf(req), 10_000).then(resolve, resolve)));
    expect(await read).toMatchObject({ status: 400, message: 'The request body was cut off' });
  });

  it('rejects at once an upload cut off before it is read (the route was still checking access), instead of waiting for ever', async () => {
    const read = new Promise<unknown>((resolve) => {
      void cutOffUpload((req) => {
        req.once('close', () => setTimeout(() => readRawBody(contextOf(req), 10_000).then(resolve, resolve), 20));
      });
    });
    expect(await read).toMatchObject({ status: 400, message: 'The request body was cut off' });
  });

  it('takes each chunk from the share it is given, and fails with its refusal once a chunk does not fit', async () => {
    let taken = 0;
    const share = { take: (n: number) => (taken + n <= 600 ? ((taken += n), true) : false), refusal: () => new Error('no room') };
    const read = new Promise<unknown>((resolve) => void cutOffUpload((req) => readRawBody(contextOf(req), 10_000, undefined, share).then(resolve, resolve)));
    expect(await read).toMatchObject({ message: 'no room' });
    expect(taken).toBe(0);
  });
});
