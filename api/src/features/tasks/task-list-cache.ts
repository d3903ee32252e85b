import { COMPRESS_THRESHOLD_BYTES, encodeBody, type BodyEncoding } from '../../http/compression.js';
import { piecewiseGzip, type DeflatedPieces } from '../../http/piecewise-gzip.js';
import { VersionedCache } from '../../http/versioned-cache.js';
import { listPieces, type TaskListParts } from './task-list-parts.js';

/** A task list as answered: its JSON and the entity tag of the version it was built at. */
export interface TaskListAnswer {
  body: Buffer;
  /** Weak: the same list goes out identity-, brotli- or gzip-encoded under one tag. */
  etag: string;
  /** The JSON compressed with `encoding`, made once per kept list (gzip as it is kept, brotli on its first answer). */
  encoded(encoding: BodyEncoding): Promise<Buffer>;
  /** The list by task, for building the next version from (TaskListParts). */
  parts: TaskListParts;
  /** The gzip encoding's pieces once made, for compressing the next version from (piecewiseGzip). */
  gzipPieces?: Promise<DeflatedPieces>;
}

/**
 * Room a kept list takes beside its JSON for its compressed copies: task list JSON compresses ~15-18× (brotli and
 * gzip), so both take well under a sixth of it.
 */
const COMPRESSED_SHARE = 1 / 6;
/** Room the kept tasks (TaskListParts.tasks) take beside the JSON: about as much again (their fields' strings). */
const TASKS_SHARE = 1;

/**
 * Recently answered task lists, by project, with the task list version each was built at
 * (`projects.tasks_version`, raised in the transaction of every change to a project's task rows, dependencies,
 * assignments, or an assignee's name). A 10,000-task list takes a few hundred milliseconds to read and encode
 * and is ~6 MB; answering it again costs one version check while the rows are unchanged. A list is built from
 * rows read at its version (one snapshot). The list kept at an older version is the base of the next one
 * (`latest`): only the tasks changed since are read and serialized. Bounded by bytes; the least recently used
 * list goes first.
 */
export class TaskListCache {
  private readonly lists: VersionedCache<TaskListAnswer>;

  constructor(maxBytes: number) {
    this.lists = new VersionedCache(maxBytes, (answer) => Math.ceil(answer.body.length * (1 + COMPRESSED_SHARE + TASKS_SHARE)));
  }

  get(projectId: string, version: bigint): TaskListAnswer | null {
    return this.lists.get(projectId, version) ?? null;
  }

  /** The list kept for the project at whatever version, to bring up to date (without counting as a use). */
  latest(projectId: string): { version: bigint; answer: TaskListAnswer } | undefined {
    const kept = this.lists.latest(projectId);
    return kept && { version: kept.version, answer: kept.value };
  }

  /**
   * Keeps `parts` as the list at `version`, unless a list of a later version is already kept, and starts its gzip
   * encoding from the pieces of `previous` (an earlier list of the project): only those whose bytes changed are
   * compressed again, so the first answer after a change does not wait for a whole compression (10,000 tasks:
   * ~5 ms instead of ~40).
   */
  set(projectId: string, version: bigint, parts: TaskListParts, previous?: TaskListAnswer): TaskListAnswer {
    const { body } = parts;
    const encodings = new Map<BodyEncoding, Promise<Buffer>>();
    // The earlier list's pieces, until used: they hold slices of its JSON.
    let pieces = previous?.gzipPieces;
    const answer: TaskListAnswer = {
      body,
      etag: `W/"tasks-${version}"`,
      parts,
      encoded(encoding: BodyEncoding) {
        let bytes = encodings.get(encoding);
        if (!bytes) {
          if (encoding === 'gzip') {
            const made = (pieces ?? Promise.resolve(undefined)).then((before) => piecewiseGzip(body, listPieces(parts), before));
            pieces = undefined;
            answer.gzipPieces = made.then((m) => m.pieces);
            answer.gzipPieces.catch(() => (answer.gzipPieces = undefined));
            bytes = made.then((m) => m.gzip);
          } else {
            bytes = encodeBody(body, encoding);
          }
          encodings.set(encoding, bytes);
          // A failure is not kept: the next answer tries again.
          bytes.catch(() => encodings.delete(encoding));
        }
        return bytes;
      },
    };
    // Made now, whoever asks first: a list whose gzip was never made leaves its next version nothing to take
    // pieces from, and that version's first answer would wait for a whole compression. Off the event loop but for
    // the checksum; a list too small to be compressed is not.
    if (body.length >= COMPRESS_THRESHOLD_BYTES) void answer.encoded('gzip').catch(() => undefined);
    return this.lists.set(projectId, version, answer);
  }
}
