import { Redis } from 'ioredis';
import type { RealtimeLogger } from '../logger.js';

/**
 * A Redis connection that reconnects by itself (Redis restarting is an outage of fan-out, not of the
 * process). Resolves once connected, so a process in scaled mode does not start without Redis.
 */
export async function connectRedis(url: string, logger: RealtimeLogger, name: string): Promise<Redis> {
  const redis = new Redis(url, {
    connectionName: `planline-${name}`,
    lazyConnect: true,
    // Commands wait for the connection to come back instead of failing after a fixed number of tries.
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (!down) logger.warn({ err: err.message, name }, 'Redis connection lost; reconnecting');
    down = true;
  });
  redis.on('ready', () => {
    if (down) logger.info({ name }, 'Redis connection back');
    down = false;
  });
  await redis.connect();
  return redis;
}
