/** A task list as answered: its JSON and the entity tag of the version it was built at. */
export interface TaskListAnswer {
  body: Buffer;
  etag: string;
}

interface Entry extends TaskListAnswer {
  version: bigint;
}

/**
 * Recently answered task lists, by project, with the task list version each was built at
 * (`projects.tasks_version`, raised in the transaction of every change to a project's task rows, dependencies,
 * assignments, or an assignee's name). A 10,000-task list takes a few hundred milliseconds to read and encode
 * and is ~6 MB; answering it again costs one version check while the rows are unchanged. A list is built from
 * rows read after its version, so it is never older than that version. Bounded by bytes; the least recently
 * used list goes first.
 */
export class TaskListCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(projectId: string, version: bigint): TaskListAnswer | null {
    const entry = this.entries.get(projectId);
    if (!entry || entry.version !== version) return null;
    this.entries.delete(projectId); // to the end: most recently used
    this.entries.set(projectId, entry);
    return entry;
  }

  /** Keeps `body` as the list at `version`, unless a list of a later version is already kept. */
  set(projectId: string, version: bigint, body: Buffer): TaskListAnswer {
    const answer: Entry = { version, body, etag: `"tasks-${version}"` };
    const kept = this.entries.get(projectId);
    if (kept && kept.version > version) return answer;
    if (kept) this.drop(projectId, kept);
    if (body.length > this.maxBytes) return answer;
    this.entries.set(projectId, answer);
    this.bytes += body.length;
    for (const [id, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(id, entry);
    }
    return answer;
  }

  private drop(projectId: string, entry: Entry): void {
    this.entries.delete(projectId);
    this.bytes -= entry.body.length;
  }
}
