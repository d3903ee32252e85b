import { EventEmitter } from 'node:events';
import type { PGlite, Results } from '@electric-sql/pglite';

/** How long a caller may wait for the embedded database before we call it a deadlock and say so. */
const ACQUIRE_TIMEOUT_MS = 30_000;

type QueryCallback = (err: Error | null, result?: Results) => void;

interface PgLikeClient extends EventEmitter {
  query(text: string, params?: unknown[] | QueryCallback, callback?: QueryCallback): Promise<Results>;
  release(err?: Error): void;
}

/**
 * A `pg`-compatible pool over one PGlite instance, handed to TypeORM's postgres driver as its `driver`.
 *
 * PGlite is a single PostgreSQL session. A checkout here is exclusive until released, exactly like a `pg` pool
 * with `max: 1`: a TypeORM transaction owns the session from BEGIN to COMMIT, so concurrent requests queue up
 * instead of interleaving their statements inside each other's transactions (which is what sharing the
 * session naively would do, silently breaking every check-then-act rule).
 */
/** What TypeORM reads of a `pg` module: its Pool class. */
export interface PgDriver {
  Pool: new (...args: never[]) => object;
}

export function pglitePgDriver(db: PGlite): PgDriver {
  let tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once the session is ours. */
  function acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = tail;
    tail = previous.then(() => held);
    return new Promise((resolve, reject) => {
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        reject(new Error(`Timed out after ${ACQUIRE_TIMEOUT_MS} ms waiting for the embedded database: a caller holds it (a query outside its transaction?)`));
      }, ACQUIRE_TIMEOUT_MS);
      void previous.then(() => {
        clearTimeout(timer);
        // A waiter that gave up still owns its place in the queue: pass it straight on.
        if (timedOut) return release();
        let done = false;
        resolve(() => {
          if (done) return;
          done = true;
          release();
        });
      });
    });
  }

  async function run(text: string, params?: unknown[]): Promise<Results> {
    if (params && params.length > 0) return db.query(text, params);
    // Without parameters the simple protocol runs multi-statement text (migrations); the last result is
    // what `pg` reports for such a query.
    const results = await db.exec(text);
    return results[results.length - 1] ?? { rows: [], fields: [] };
  }

  function makeClient(release: () => void): PgLikeClient {
    // TypeORM attaches and detaches error listeners on checked-out clients, hence the emitter.
    return Object.assign(new EventEmitter(), {
      query(text: string, paramsOrCallback?: unknown[] | QueryCallback, maybeCallback?: QueryCallback) {
        const params = Array.isArray(paramsOrCallback) ? paramsOrCallback : undefined;
        const callback = typeof paramsOrCallback === 'function' ? paramsOrCallback : maybeCallback;
        const promise = run(text, params);
        if (callback) promise.then((r) => callback(null, r), (e: Error) => callback(e));
        return promise;
      },
      release: () => release(),
    });
  }

  class PGlitePool extends EventEmitter {
    connect(callback?: (err: Error | null, client?: PgLikeClient, release?: (err?: Error) => void) => void) {
      const promise = acquire().then((release) => makeClient(release));
      if (!callback) return promise;
      promise.then(
        (client) => callback(null, client, () => client.release()),
        (err: Error) => callback(err),
      );
      return undefined;
    }

    async query(text: string, params?: unknown[]): Promise<Results> {
      const release = await acquire();
      try {
        return await run(text, params);
      } finally {
        release();
      }
    }

    end(callback?: (err: Error | null) => void) {
      const promise = acquire().then((release) => db.close().finally(release));
      if (!callback) return promise;
      promise.then(() => callback(null), (err: Error) => callback(err));
      return undefined;
    }
  }

  return { Pool: PGlitePool };
}
