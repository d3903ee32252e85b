import { linkSummary, MAX_TASKS_PER_PROJECT, type CustomFieldDefinitions, parseDependencyKey, sameLink, type DependencyEdge, type Link, type TaskFieldName } from '@planline/domain';
import { author, type Author } from './origins.js';
import type { DocTask } from '@planline/document';
import { judgeHierarchy, type Reparented } from './hierarchy-judge.js';
import { judgeDependencies, judgeTask, NO_CUSTOM_FIELDS, type DocLink, type PersistedTask } from './task-validation.js';

export type Edge = DependencyEdge;

/** What a change carries to be judged: the tasks it touched as they were right after it, and the edges then. */
export interface JudgedInput {
  origin: unknown;
  snapshots: Map<string, DocTask | null>;
  /** Every dependency of the document (edge and value) after the change, when the change may have touched them. */
  edges: DocLink[] | null;
  /** History reasons of single tasks, over the author's (the cascade's "Moved by dependency on «name»"). */
  reasons?: ReadonlyMap<string, string> | null;
  /** The document was waiting for an earlier update (a missing field may be held back, not taken out); unknown: true. */
  incomplete?: boolean;
}

/** What a turn decided about one change, judged against the rows as the turn's earlier changes leave them. */
export interface Judged<C extends JudgedInput = JudgedInput> {
  change: C;
  who: Author;
  created: [string, PersistedTask][];
  /** With the stored task the change was judged against (for history). */
  updated: [string, PersistedTask, TaskFieldName[], PersistedTask][];
  deleted: string[];
  /** The deleted tasks as stored before the change: their 'deleted' history row records each whole. */
  deletedTasks: [string, PersistedTask][];
  /** Values to put back (null: the new task is refused as a whole). */
  fixes: Map<string, DocTask | null>;
  createdIds: Set<string>;
  addedDeps: string[];
  removedDeps: string[];
  /** Stored links whose type or lag changed. */
  changedDeps: string[];
  /** Every link that stands after the change, with its type and lag. */
  links: ReadonlyMap<string, Link>;
  refusedEdges: DocLink[];
  /** Stored links given a value that is not a link: their stored value goes back. */
  restoredLinks: [string, Link][];
  /** Stored tasks moved up a level because the change deleted their parent (hierarchy-judge.ts). */
  reparented: Reparented[];
  /** History of the links made, changed and removed, on their successor (linkHistory). */
  linkChanges: LinkChange[];
}

/** A link made (from null), changed or removed (to null), as the successor's history tells it: "Design (SS +2d)". */
export interface LinkChange {
  taskId: string;
  dependsOnTaskId: string;
  from: string | null;
  to: string | null;
}

/** Whether a judged change writes any row (and so tells the rooms, and raises the task list version). */
export const changesRows = (j: Judged) =>
  j.created.length + j.updated.length + j.deleted.length + j.addedDeps.length + j.removedDeps.length + j.changedDeps.length > 0;

/** A project's persisted state as the store keeps it: its tasks' fields and its links by key (`taskId->dependsOnTaskId`). */
export interface PersistedRows {
  tasks: Map<string, PersistedTask>;
  dependencies: Map<string, Link>;
}

/**
 * The stored rows as a turn's changes leave them, over the project's persisted state: each change is judged
 * against the one before it, and the state moves only once the turn's transaction has committed.
 */
export class RowsAfter {
  private readonly tasks = new Map<string, PersistedTask | null>();
  dependencies: Map<string, Link>;
  /** How many tasks the rows hold, for the project's limit (MAX_TASKS_PER_PROJECT). */
  private count: number;

  constructor(private readonly persisted: PersistedRows) {
    this.dependencies = persisted.dependencies;
    this.count = persisted.tasks.size;
  }

  task(id: string): PersistedTask | undefined {
    return this.tasks.has(id) ? (this.tasks.get(id) ?? undefined) : this.persisted.tasks.get(id);
  }

  /** Ids of every task these rows hold. */
  *ids(): Iterable<string> {
    for (const id of this.persisted.tasks.keys()) if (!this.tasks.has(id)) yield id;
    for (const [id, task] of this.tasks) if (task) yield id;
  }

  /**
   * Judges one change against these rows, field by field, and moves them on to what it leaves. New values
   * that are refused come back as fixes to put back into the document.
   */
  judge<C extends JudgedInput>(change: C, members: Set<string>, customFields: CustomFieldDefinitions = NO_CUSTOM_FIELDS): Judged<C> {
    const created: Judged['created'] = [];
    const updated: Judged['updated'] = [];
    const deleted: string[] = [];
    const deletedTasks: [string, PersistedTask][] = [];
    const fixes = new Map<string, DocTask | null>();
    for (const [id, snapshot] of change.snapshots) {
      const previous = this.task(id);
      if (!snapshot) {
        if (previous) {
          deleted.push(id);
          deletedTasks.push([id, previous]);
        }
        continue;
      }
      const verdict = judgeTask(snapshot, previous, members, change.incomplete ?? true, customFields);
      // A project full to its limit takes no new task (the REST route says so before it writes).
      if (verdict.kind === 'reject-new' || (!previous && this.count - deleted.length + created.length >= MAX_TASKS_PER_PROJECT)) {
        fixes.set(id, null);
        continue;
      }
      if (verdict.fix) fixes.set(id, verdict.fix);
      if (!previous) created.push([id, verdict.task]);
      else if (verdict.changed.length) updated.push([id, verdict.task, verdict.changed, previous]);
    }

    const reparented = judgeHierarchy({ created, updated, deleted, fixes }, this);

    const rejected = new Set([...fixes].filter(([, fix]) => fix === null).map(([id]) => id));
    const createdIds = new Set(created.map(([id]) => id));
    // A set: replacing a 10,000-task project asks this of every link's two ends (a list scan made it quadratic).
    const deletedIds = new Set(deleted);
    const existsAfter = (id: string) => !rejected.has(id) && !deletedIds.has(id) && (this.task(id) !== undefined || createdIds.has(id));
    const deps = change.edges ? judgeDependencies(change.edges, this.dependencies, existsAfter) : null;
    const links = deps ? deps.keep : this.dependencies;
    // A change that did not touch the links (a drop) leaves them as they are: nothing to compare. Compared in place,
    // without a copy of every link (an import's 10,000, while the turn's other copies of it are alive).
    const addedDeps: string[] = [];
    const removedDeps: string[] = [];
    const changedDeps: string[] = [];
    if (deps) {
      for (const [k, link] of links) {
        const stored = this.dependencies.get(k);
        if (!stored) addedDeps.push(k);
        else if (!sameLink(stored, link)) changedDeps.push(k);
      }
      for (const k of this.dependencies.keys()) if (!links.has(k)) removedDeps.push(k);
    }

    const linkChanges = this.linkHistory(links, created, updated);
    for (const id of deleted) this.tasks.set(id, null);
    for (const [id, task] of created) this.tasks.set(id, task);
    this.count += created.length - deleted.length;
    for (const [id, task] of updated) this.tasks.set(id, task);
    this.dependencies = links;
    return {
      change,
      who: author(change.origin),
      created,
      updated,
      deleted,
      deletedTasks,
      fixes,
      createdIds,
      addedDeps,
      removedDeps,
      changedDeps,
      links,
      refusedEdges: deps?.refuse ?? [],
      restoredLinks: deps?.restore ?? [],
      linkChanges,
      reparented,
    };
  }

  /**
   * [link-history] Each link made, changed or removed, told on its successor with the predecessor's name as it
   * was before and after the change. A link that goes with a deleted predecessor or successor is told as removed
   * (a deleted successor's rows stay, unseen, so that time travel can bring the link back with it).
   */
  private linkHistory(after: ReadonlyMap<string, Link>, ...written: [string, PersistedTask, ...unknown[]][][]): LinkChange[] {
    const before = this.dependencies;
    if (after === before) return [];
    const renamed = new Map<string, string>();
    for (const list of written) for (const [id, task] of list) renamed.set(id, task.name);
    const nameBefore = (id: string) => this.task(id)?.name ?? '';
    const nameAfter = (id: string) => renamed.get(id) ?? nameBefore(id);
    const changes: LinkChange[] = [];
    const tell = (key: string, was: Link | undefined, is: Link | undefined) => {
      if (was && is && sameLink(was, is)) return;
      const edge = parseDependencyKey(key);
      if (!edge) return;
      changes.push({
        taskId: edge.taskId,
        dependsOnTaskId: edge.dependsOnTaskId,
        from: was ? linkSummary(nameBefore(edge.dependsOnTaskId), was) : null,
        to: is ? linkSummary(nameAfter(edge.dependsOnTaskId), is) : null,
      });
    };
    // Every key of either, once, in the order of a set of both (the history's order): before's, then after's new ones.
    for (const [key, was] of before) tell(key, was, after.get(key));
    for (const [key, is] of after) if (!before.has(key)) tell(key, undefined, is);
    return changes;
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
