import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

/**
 * A connection kept alive between two requests stays open longer than Node's 5 s default, so a proxy (nginx keeps
 * its upstream connections 60 s) or any client that reuses it never sends a request into a connection the server
 * is closing (a reset: a 502 for a POST, an ECONNRESET for a client that does not retry).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

function get(agent: Agent, path: string): Promise<{ status: number; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reusedSocket: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('kept-alive connections', () => {
  it('[keep-alive] a connection idle for longer than 5 s is still open for the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent, '/api/health')).toEqual({ status: 200, reusedSocket: false });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      // Closed by the server at 5 s, the agent would have dropped it and opened a new one.
      expect(await get(agent, '/api/health')).toEqual({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  });
});
