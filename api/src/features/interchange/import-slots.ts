import type { Middleware } from '@koa/router';
import { AppError } from '../../errors.js';
import { describesResponses } from '../../http/openapi.js';
import { currentUser } from '../../middleware/auth.js';

/**
 * Imports (and previews: they read the whole file too) in progress at once in one server process. Each holds its
 * file (up to IMPORT_MAX_BYTES, 50 MB) and everything read from it: one 10,000-task import took the server's RSS to
 * 548 MB (bench/ at 15c1c03), and each import running beside it adds its own file and parse. Two keeps a second
 * person from waiting behind a long commit; more would let a burst of uploads take the process's memory. In scaled
 * mode each process keeps its own count. A slow upload holds its slot until Node's request timeout (300 s).
 */
export const IMPORTS_PER_PROCESS = 2;
/** One person's imports at once: the dialog sends one at a time, and a second only takes a slot from others. */
export const IMPORTS_PER_PERSON = 1;
/** A preview of an ordinary file takes a second or two; a 10,000-task commit a few more. */
export const IMPORT_RETRY_AFTER_SECONDS = 5;

export const IMPORT_BUSY_FOR_PERSON = `Another import of yours is still being read. Wait for it to finish, then try again in a few seconds.`;
export const IMPORT_BUSY_FOR_SERVER = `Another import is still being read; the server reads ${IMPORTS_PER_PROCESS} at a time. Try again in a few seconds.`;

export type SlotRefusal = 'person' | 'server';

/**
 * The import slots of this process. `take` checks and takes in one synchronous step (no await between them), so
 * concurrent requests cannot both pass the check; the release it returns gives the slot back once, however often
 * it is called.
 */
export class ImportSlots {
  private readonly byPerson = new Map<string, number>();
  private running = 0;

  constructor(
    private readonly perProcess = IMPORTS_PER_PROCESS,
    private readonly perPerson = IMPORTS_PER_PERSON,
  ) {}

  take(userId: string): { ok: true; release: () => void } | { ok: false; refusal: SlotRefusal } {
    const mine = this.byPerson.get(userId) ?? 0;
    if (mine >= this.perPerson) return { ok: false, refusal: 'person' };
    if (this.running >= this.perProcess) return { ok: false, refusal: 'server' };
    this.running += 1;
    this.byPerson.set(userId, mine + 1);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.running -= 1;
        const left = (this.byPerson.get(userId) ?? 1) - 1;
        if (left > 0) this.byPerson.set(userId, left);
        else this.byPerson.delete(userId);
      },
    };
  }
}

/**
 * Holds one of `slots` for the rest of the request, the body's upload included: given back when the handler ends,
 * by its answer, its error, or an upload cut off (readRawBody rejects on the request's close). Refused: 429 with
 * Retry-After, before a byte of the file is read.
 */
export function importSlot(slots: ImportSlots): Middleware {
  return describesResponses(async (ctx, next) => {
    const slot = slots.take(currentUser(ctx.state).id);
    if (!slot.ok) {
      throw new AppError('too_many_requests', slot.refusal === 'person' ? IMPORT_BUSY_FOR_PERSON : IMPORT_BUSY_FOR_SERVER, {
        retryAfterSeconds: IMPORT_RETRY_AFTER_SECONDS,
      });
    }
    try {
      await next();
    } finally {
      slot.release();
    }
  }, 429);
}
