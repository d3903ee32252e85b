import { encodeBody, type BodyEncoding } from '../../http/compression.js';
import { VersionedCache } from '../../http/versioned-cache.js';

/** A task list as answered: its JSON and the entity tag of the version it was built at. */
export interface TaskListAnswer {
  body: Buffer;
  /** Weak: the same list goes out identity-, brotli- or gzip-encoded under one tag. */
  etag: string;
  /** The JSON compressed with `encoding`, made once per kept list, on its first compressed answer. */
  encoded(encoding: BodyEncoding): Promise<Buffer>;
}

/**
 * Room a kept list takes beside its JSON for its compressed copies: task list JSON compresses ~15-18× (brotli and
 * gzip), so both take well under a sixth of it.
 */
const COMPRESSED_SHARE = 1 / 6;

/**
 * Recently answered task lists, by project, with the task list version each was built at
 * (`projects.tasks_version`, raised in the transaction of every change to a project's task rows, dependencies,
 * assignments, or an assignee's name). A 10,000-task list takes a few hundred milliseconds to read and encode
 * and is ~6 MB; answering it again costs one version check while the rows are unchanged. A list is built from
 * rows read after its version, so it is never older than that version. Bounded by bytes; the least recently
 * used list goes first.
 */
export class TaskListCache {
  private readonly lists: VersionedCache<TaskListAnswer>;

  constructor(maxBytes: number) {
    this.lists = new VersionedCache(maxBytes, (answer) => Math.ceil(answer.body.length * (1 + COMPRESSED_SHARE)));
  }

  get(projectId: string, version: bigint): TaskListAnswer | null {
    return this.lists.get(projectId, version) ?? null;
  }

  /** Keeps `body` as the list at `version`, unless a list of a later version is already kept. */
  set(projectId: string, version: bigint, body: Buffer): TaskListAnswer {
    const encodings = new Map<BodyEncoding, Promise<Buffer>>();
    const encoded = (encoding: BodyEncoding) => {
      let bytes = encodings.get(encoding);
      if (!bytes) {
        bytes = encodeBody(body, encoding);
        encodings.set(encoding, bytes);
        // A failure is not kept: the next answer tries again.
        bytes.catch(() => encodings.delete(encoding));
      }
      return bytes;
    };
    return this.lists.set(projectId, version, { body, etag: `W/"tasks-${version}"`, encoded });
  }
}
