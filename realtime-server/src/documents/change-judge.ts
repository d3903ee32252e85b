import type { TaskFieldName } from '@planline/domain';
import { isRelayedOrigin } from '../scale/document-cluster.js';
import type { DocTask } from './task-document.js';
import { judgeDependencies, judgeTask, type PersistedTask } from './task-validation.js';

/** Origin of a server-side edit (REST, quick add, AI creator): who, and why when they said. */
export interface ServerEdit {
  kind: 'server-edit';
  userId: string | null;
  reason?: string;
}
export const serverEdit = (userId: string | null, reason?: string): ServerEdit => ({ kind: 'server-edit', userId, reason });

export interface Author {
  userId: string | null;
  reason: string | null;
}

/**
 * Who made a change: a Hocuspocus connection carries its user in `context`, a server edit names its user, an
 * update relayed from another process (scaled mode) carries its author.
 */
export function author(origin: unknown): Author {
  if (origin && typeof origin === 'object') {
    if ((origin as ServerEdit).kind === 'server-edit') return { userId: (origin as ServerEdit).userId, reason: (origin as ServerEdit).reason ?? null };
    if (isRelayedOrigin(origin)) return { userId: origin.userId, reason: origin.reason };
    const userId = (origin as { context?: { userId?: unknown } }).context?.userId;
    if (typeof userId === 'string') return { userId, reason: null };
  }
  return { userId: null, reason: null };
}

export interface Edge {
  taskId: string;
  dependsOnTaskId: string;
}
export const edgeKey = (e: Edge) => `${e.taskId}->${e.dependsOnTaskId}`;

/** What a change carries to be judged: the tasks it touched as they were right after it, and the edges then. */
export interface JudgedInput {
  origin: unknown;
  snapshots: Map<string, DocTask | null>;
  /** Every dependency edge of the document after the change, when the change may have touched them. */
  edges: Edge[] | null;
}

/** What a turn decided about one change, judged against the rows as the turn's earlier changes leave them. */
export interface Judged<C extends JudgedInput = JudgedInput> {
  change: C;
  who: Author;
  created: [string, PersistedTask][];
  /** With the stored task the change was judged against (for history). */
  updated: [string, PersistedTask, TaskFieldName[], PersistedTask][];
  deleted: string[];
  /** Values to put back (null: the new task is refused as a whole). */
  fixes: Map<string, DocTask | null>;
  createdIds: Set<string>;
  addedDeps: string[];
  removedDeps: string[];
  refusedEdges: Edge[];
}

/** Whether a judged change writes any row (and so tells the rooms, and raises the task list version). */
export const changesRows = (j: Judged) => j.created.length + j.updated.length + j.deleted.length + j.addedDeps.length + j.removedDeps.length > 0;

/** A project's persisted state as the store keeps it: its tasks' fields and its edges (`taskId->dependsOnTaskId`). */
export interface PersistedRows {
  tasks: Map<string, PersistedTask>;
  dependencies: Set<string>;
}

/**
 * The stored rows as a turn's changes leave them, over the project's persisted state: each change is judged
 * against the one before it, and the state moves only once the turn's transaction has committed.
 */
export class RowsAfter {
  private readonly tasks = new Map<string, PersistedTask | null>();
  dependencies: Set<string>;

  constructor(private readonly persisted: PersistedRows) {
    this.dependencies = persisted.dependencies;
  }

  task(id: string): PersistedTask | undefined {
    return this.tasks.has(id) ? (this.tasks.get(id) ?? undefined) : this.persisted.tasks.get(id);
  }

  /**
   * Judges one change against these rows, field by field, and moves them on to what it leaves. New values
   * that are refused come back as fixes to put back into the document.
   */
  judge<C extends JudgedInput>(change: C, members: Set<string>): Judged<C> {
    const created: Judged['created'] = [];
    const updated: Judged['updated'] = [];
    const deleted: string[] = [];
    const fixes = new Map<string, DocTask | null>();
    for (const [id, snapshot] of change.snapshots) {
      const previous = this.task(id);
      if (!snapshot) {
        if (previous) deleted.push(id);
        continue;
      }
      const verdict = judgeTask(snapshot, previous, members);
      if (verdict.kind === 'reject-new') {
        fixes.set(id, null);
        continue;
      }
      if (verdict.fix) fixes.set(id, verdict.fix);
      if (!previous) created.push([id, verdict.task]);
      else if (verdict.changed.length) updated.push([id, verdict.task, verdict.changed, previous]);
    }

    const rejected = new Set([...fixes].filter(([, fix]) => fix === null).map(([id]) => id));
    const createdIds = new Set(created.map(([id]) => id));
    const existsAfter = (id: string) => !rejected.has(id) && !deleted.includes(id) && (this.task(id) !== undefined || createdIds.has(id));
    const deps = change.edges ? judgeDependencies(change.edges, this.dependencies, existsAfter) : null;
    const keepKeys = deps ? new Set(deps.keep.map(edgeKey)) : this.dependencies;
    const addedDeps = [...keepKeys].filter((k) => !this.dependencies.has(k));
    const removedDeps = [...this.dependencies].filter((k) => !keepKeys.has(k));

    for (const id of deleted) this.tasks.set(id, null);
    for (const [id, task] of created) this.tasks.set(id, task);
    for (const [id, task] of updated) this.tasks.set(id, task);
    this.dependencies = keepKeys;
    return { change, who: author(change.origin), created, updated, deleted, fixes, createdIds, addedDeps, removedDeps, refusedEdges: deps?.refuse ?? [] };
  }

  /** After the turn's transaction committed: the persisted state becomes these rows. */
  commit(): void {
    for (const [id, task] of this.tasks) {
      if (task) this.persisted.tasks.set(id, task);
      else this.persisted.tasks.delete(id);
    }
    this.persisted.dependencies = this.dependencies;
  }
}
