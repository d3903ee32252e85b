import { encodeBody, type BodyEncoding } from '../../http/compression.js';
import { VersionedCache } from '../../http/versioned-cache.js';
import type { TaskListParts } from './task-list-parts.js';

/** A task list as answered: its JSON and the entity tag of the version it was built at. */
export interface TaskListAnswer {
  body: Buffer;
  /** Weak: the same list goes out identity-, brotli- or gzip-encoded under one tag. */
  etag: string;
  /** The JSON compressed with `encoding`, made once per kept list, on its first compressed answer. */
  encoded(encoding: BodyEncoding): Promise<Buffer>;
  /** The list by task, for building the next version from (TaskListParts). */
  parts: TaskListParts;
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
  latest(projectId: string): { version: bigint; parts: TaskListParts } | undefined {
    const kept = this.lists.latest(projectId);
    return kept && { version: kept.version, parts: kept.value.parts };
  }

  /** Keeps `parts` as the list at `version`, unless a list of a later version is already kept. */
  set(projectId: string, version: bigint, parts: TaskListParts): TaskListAnswer {
    const { body } = parts;
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
    return this.lists.set(projectId, version, { body, etag: `W/"tasks-${version}"`, encoded, parts });
  }
}
