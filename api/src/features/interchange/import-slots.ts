import type { Middleware } from '@koa/router';
import { IMPORT_MAX_BYTES } from '@planline/domain';
import { AppError } from '../../errors.js';
import type { BodyBytes } from '../../http/raw-body.js';
import { describesResponses } from '../../http/openapi.js';
import { currentUser } from '../../middleware/auth.js';

/**
 * Files read at once in one server process (imports and previews: both read the whole file). Reading is where the
 * memory goes: one 10,000-task import took the server's RSS to 548 MB (bench/ at 15c1c03), and each read beside it
 * adds its own file and parse. Two keeps a second person from waiting behind a long commit; more would let a burst
 * of uploads take the process's memory. Taken only once a file has fully arrived, so slow uploads (which hold a
 * person's slot, not the process's) cannot keep everyone else from importing. In scaled mode each process keeps its
 * own count.
 */
export const IMPORTS_PER_PROCESS = 2;
/** One person's imports at once, from before the upload to the answer: the dialog sends one at a time. */
export const IMPORTS_PER_PERSON = 1;
/**
 * Files that have arrived and wait for a reading slot, in order of arrival. Each waits with its body in memory, so
 * the line is short; past it, or past IMPORT_QUEUE_WAIT_MS in it, 429.
 */
export const IMPORT_QUEUE_LENGTH = 4;
/** A 10,000-task import reads and commits in about 5 s: a file waiting behind two of them gets in well within this. */
export const IMPORT_QUEUE_WAIT_MS = 20_000;
/**
 * Bytes of imported files held in this process at once, arriving, waiting or being read: two files at the body
 * limit. Slow uploads hold only what they have sent, so they keep nobody out for long; a burst of fast ones from
 * many accounts is refused past it (429) instead of adding 50 MB each.
 */
export const IMPORT_BYTES_PER_PROCESS = 2 * IMPORT_MAX_BYTES;
/** A preview of an ordinary file takes a second or two; a 10,000-task commit a few more. */
export const IMPORT_RETRY_AFTER_SECONDS = 5;

export const IMPORT_BUSY_FOR_PERSON = `Another import of yours is still being read. Wait for it to finish, then try again in a few seconds.`;
export const IMPORT_BUSY_FOR_SERVER = `Other imports are being read; the server reads ${IMPORTS_PER_PROCESS} at a time. Try again in a few seconds.`;
export const IMPORT_BUSY_UPLOADING = 'The server is receiving other large imports right now. Try again in a few seconds.';

const busy = (message: string) => new AppError('too_many_requests', message, { retryAfterSeconds: IMPORT_RETRY_AFTER_SECONDS });

/** Gives a slot back once, however often it is called. */
export type Release = () => void;

/**
 * The import slots of this process: a person's (held from before the upload until the answer) and the process's
 * reading slots (held while an arrived file is read and committed). `take` checks and takes in one synchronous step
 * (no await between them), so concurrent requests cannot both pass the check; a reading slot given back goes
 * straight to the first file waiting, so a newcomer cannot overtake the line.
 */
export class ImportSlots {
  private readonly byPerson = new Map<string, number>();
  private reading = 0;
  private bytes = 0;
  private readonly line: { admit: (release: Release) => void; timer: NodeJS.Timeout }[] = [];

  constructor(
    private readonly perProcess = IMPORTS_PER_PROCESS,
    private readonly perPerson = IMPORTS_PER_PERSON,
    private readonly lineLength = IMPORT_QUEUE_LENGTH,
    private readonly waitMs = IMPORT_QUEUE_WAIT_MS,
    private readonly bytesPerProcess = IMPORT_BYTES_PER_PROCESS,
  ) {}

  /**
   * One request's share of the process's file bytes: each chunk taken as it arrives (refused past
   * IMPORT_BYTES_PER_PROCESS: 429), all of it given back by `release` once the request is answered.
   */
  fileBytes(): BodyBytes & { release: Release } {
    let mine = 0;
    return {
      take: (n) => {
        if (this.bytes + n > this.bytesPerProcess) return false;
        this.bytes += n;
        mine += n;
        return true;
      },
      refusal: () => busy(IMPORT_BUSY_UPLOADING),
      release: once(() => {
        this.bytes -= mine;
        mine = 0;
      }),
    };
  }

  /** File bytes held now (for tests and the log). */
  get bytesHeld(): number {
    return this.bytes;
  }

  /** The person's slot, or null when they already hold as many as they may. */
  take(userId: string): Release | null {
    const mine = this.byPerson.get(userId) ?? 0;
    if (mine >= this.perPerson) return null;
    this.byPerson.set(userId, mine + 1);
    return once(() => {
      const left = (this.byPerson.get(userId) ?? 1) - 1;
      if (left > 0) this.byPerson.set(userId, left);
      else this.byPerson.delete(userId);
    });
  }

  /** A reading slot: at once if one is free, else after the files that arrived before; 429 past the line or the wait. */
  read(): Promise<Release> {
    if (this.reading < this.perProcess) {
      this.reading += 1;
      return Promise.resolve(this.readingSlot());
    }
    if (this.line.length >= this.lineLength) return Promise.reject(busy(IMPORT_BUSY_FOR_SERVER));
    return new Promise<Release>((resolve, reject) => {
      const waiter = {
        admit: resolve,
        timer: setTimeout(() => {
          this.line.splice(this.line.indexOf(waiter), 1);
          reject(busy(IMPORT_BUSY_FOR_SERVER));
        }, this.waitMs),
      };
      this.line.push(waiter);
    });
  }

  /** Files being read now (for tests and the log). */
  get readingNow(): number {
    return this.reading;
  }

  private readingSlot(): Release {
    return once(() => {
      const next = this.line.shift();
      if (!next) {
        this.reading -= 1;
        return;
      }
      // Handed over: the count stays, the first in line reads next.
      clearTimeout(next.timer);
      next.admit(this.readingSlot());
    });
  }
}

function once(release: () => void): Release {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release();
  };
}

/**
 * Holds the person's slot for the rest of the request, the body's upload included: given back when the handler ends,
 * by its answer, its error, or an upload cut off (readRawBody rejects on the request's close). Refused: 429 with
 * Retry-After, before a byte of the file is read. It also gives the request its share of the process's file bytes
 * (importBytesOf), given back with the slot. The handler takes a reading slot (ImportSlots.read) once the file has
 * arrived.
 */
export function importSlot(slots: ImportSlots): Middleware {
  return describesResponses(async (ctx, next) => {
    const release = slots.take(currentUser(ctx.state).id);
    if (!release) throw busy(IMPORT_BUSY_FOR_PERSON);
    const bytes = slots.fileBytes();
    (ctx.state as { importBytes?: BodyBytes }).importBytes = bytes;
    try {
      await next();
    } finally {
      bytes.release();
      release();
    }
  }, 429);
}

/** The request's share of the process's file bytes, taken by importSlot: readRawBody takes each chunk from it. */
export function importBytesOf(state: unknown): BodyBytes {
  const bytes = (state as { importBytes?: BodyBytes }).importBytes;
  if (!bytes) throw new Error('importSlot must run before the import reads its file');
  return bytes;
}
