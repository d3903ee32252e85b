import { randomUUID } from 'node:crypto';
import { isDatabaseUnavailable } from '@planline/db';
import { TASK_FIELDS, type TaskFieldName } from '@planline/domain';
import type { DataSource } from 'typeorm';
import * as Y from 'yjs';
import { isRelayedOrigin, type DocumentCluster, type DocumentPeer } from '../scale/document-cluster.js';
import type { RealtimeLogger } from '../types.js';
import { author, changesRows, edgeKey, RowsAfter, type Judged, type ServerEdit } from './change-judge.js';
import { appendUpdate, assignableUsers, foldLog, raiseTaskListVersion, readProjectRows, readStoredState, writeJudged } from './project-rows.js';
import {
  dependenciesMap,
  dependencyEdges,
  deleteTask,
  readTask,
  sameValue,
  tasksMap,
  writeTask,
  type DocTask,
} from './task-document.js';
import type { PersistedTask } from './task-validation.js';

export { serverEdit, type ServerEdit } from './change-judge.js';
export { assignableUsers, taskFieldsFromRow } from './project-rows.js';

/** Loading from the database: not a change. */
const LOAD = Symbol('load');
/** The server putting refused values back: persisted (the document log must have it) but never history. */
const REPAIR = Symbol('repair');
/** Scaled mode: marks the queue item that makes a new owner catch up; never persisted itself. */
const TAKE_OVER = Symbol('take-over');
const CHANGED_TASKS = 'planline:changed-tasks';
const CHANGED_DEPS = 'planline:changed-deps';
/** Fold the update log into the base state once it holds this many updates. */
const COMPACT_AFTER_UPDATES = 200;
const RETRY_DELAYS_MS = [100, 500, 2000];
/** After the retries: how often a change that could not be stored is tried again (the database is away). */
const RECOVERY_INTERVAL_MS = 2000;

export interface PersistedChanges {
  projectId: string;
  created: string[];
  updated: { taskId: string; fields: TaskFieldName[] }[];
  deleted: string[];
  /** Tasks whose list of dependencies changed. */
  dependenciesChanged: string[];
}

interface ProjectState {
  projectId: string;
  doc: Y.Doc;
  tasks: Map<string, PersistedTask>;
  dependencies: Set<string>;
  /** The turns of storing, one after another; settles once everything queued so far was stored (or failed). */
  queue: Promise<void>;
  /** Changes waiting for the next turn, oldest first; a turn stores all of them in one database transaction. */
  pending: Change[];
  turnQueued: boolean;
  /** The change queued last: what a REST edit waits for. */
  last: Change | null;
  updatesInLog: number;
  detach: () => void;
  /** Scaled mode: this process's place in the document's cluster. */
  peer: DocumentPeer | null;
  /** Scaled mode: ownership was just gained, so `tasks` may be stale and the document may hold unpersisted changes. */
  needsCatchUp: boolean;
  /** Changes numbered in the order they were applied here; a catch-up covers every one up to `coveredSeq`. */
  seq: number;
  coveredSeq: number;
  /** Changes whose writes failed every retry (the database was away), oldest first: stored before any later one. */
  unsaved: Change[];
  recovery: NodeJS.Timeout | null;
}

interface Change {
  update: Uint8Array;
  origin: unknown;
  snapshots: Map<string, DocTask | null>;
  edges: { taskId: string; dependsOnTaskId: string }[] | null;
  /** Scaled mode: the cluster-wide id of the update (null for catch-up state, which no one acknowledges). */
  id: string | null;
  seq: number;
  /** The document was waiting for an earlier update when this one was applied (see `waitingForUpdates`). */
  incomplete: boolean;
  /** Settles once the change is stored, or rejects once it could not be. */
  stored: Promise<void>;
  settleStored: (err?: unknown) => void;
}

function newChange(fields: Omit<Change, 'stored' | 'settleStored'>): Change {
  let settle!: (err?: unknown) => void;
  const stored = new Promise<void>((resolve, reject) => {
    settle = (err) => (err === undefined ? resolve() : reject(err));
  });
  // A browser's change has no waiter, and an unhandled rejection would end the process.
  stored.catch(() => {});
  return { ...fields, stored, settleStored: settle };
}

/**
 * An update can arrive before one it builds on: a client sends a new edit before its reconnect sync has sent
 * the older ones, or (scaled mode) Redis lost a message and its sender resends it. Yjs then applies its
 * deletions but holds its new values back, so a field of a task reads as missing until the earlier update lands.
 */
const waitingForUpdates = (doc: Y.Doc) => doc.store.pendingStructs !== null || doc.store.pendingDs !== null;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Persistence of project documents (ARCHITECTURE §3), on every transaction whatever its origin: the changed
 * tasks are judged against their last persisted state, and what is valid goes to PostgreSQL in one
 * transaction — task rows, assignments, dependencies, history rows and the Yjs update itself — so rows and
 * document state can never disagree after a crash. Refused values are put back by a repair transaction.
 * Each project has one queue: its changes are written in the order they happened.
 */
export class ProjectDocumentStore {
  private readonly projects = new Map<Y.Doc, ProjectState>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: RealtimeLogger,
    private readonly onPersisted: (changes: PersistedChanges) => void,
    /** Scaled mode: other processes may hold the same documents. */
    private readonly cluster: DocumentCluster | null = null,
  ) {}

  /** Fills `doc` from the database: the stored Yjs state, or (first time) the task rows. */
  async load(projectId: string, doc: Y.Doc): Promise<void> {
    // Scaled mode: take part (and try the lock) before reading, so an owner reads rows no one else writes.
    let state: ProjectState | undefined;
    const peer = this.cluster
      ? await this.cluster.join(projectId, doc, {
          whenPersisted: () => state?.queue ?? Promise.resolve(),
          ownershipGained: () => {
            if (!state) return;
            state.needsCatchUp = true;
            this.enqueue(state, newChange({ update: new Uint8Array(), origin: TAKE_OVER, snapshots: new Map(), edges: null, id: null, seq: ++state.seq, incomplete: false }));
          },
        })
      : null;
    const { tasks, dependencies } = await readProjectRows(this.dataSource, projectId);
    const stored = await readStoredState(this.dataSource, projectId);
    if (stored.state) {
      Y.applyUpdate(doc, stored.state, LOAD);
    } else {
      // No state yet (tasks created before the document existed, or a fresh project): build it from rows.
      doc.transact(() => {
        for (const [id, task] of tasks) writeTask(doc, id, task);
        for (const key of dependencies) dependenciesMap(doc).set(key, true);
      }, LOAD);
      await this.dataSource.query(
        `INSERT INTO project_documents (project_id, state) VALUES ($1, $2) ON CONFLICT (project_id) DO NOTHING`,
        [projectId, Buffer.from(Y.encodeStateAsUpdate(doc))],
      );
    }
    state = {
      projectId,
      doc,
      tasks,
      dependencies,
      queue: Promise.resolve(),
      pending: [],
      turnQueued: false,
      last: null,
      updatesInLog: stored.updatesInLog,
      detach: () => {},
      peer,
      needsCatchUp: false,
      seq: 0,
      coveredSeq: 0,
      unsaved: [],
      recovery: null,
    };
    this.projects.set(doc, state);
    this.attach(state);
    // Only the owner judges the document against the rows; a later owner catches up when it takes over.
    if (!peer || peer.isOwner()) this.reconcile(state);
    if (peer) await this.cluster!.listen(peer);
  }

  /** Resolves once the last change made to the document is in the database (rejects if it could not be). */
  whenPersisted(doc: Y.Doc): Promise<void> {
    return this.projects.get(doc)?.last?.stored ?? Promise.resolve();
  }

  /** The change queued last: an edit that leaves it the same made no change. */
  lastChange(doc: Y.Doc): object | null {
    return this.projects.get(doc)?.last ?? null;
  }

  /** Resolves once every change queued so far has been tried, whatever became of it. */
  whenSettled(doc: Y.Doc): Promise<void> {
    return (this.projects.get(doc)?.queue ?? Promise.resolve()).catch(() => {});
  }

  /** Before Hocuspocus unloads a document: finish its writes and forget it. */
  async release(doc: Y.Doc): Promise<void> {
    const state = this.projects.get(doc);
    if (!state) return;
    await state.queue.catch(() => {});
    if (state.recovery) clearTimeout(state.recovery);
    state.recovery = null;
    if (state.unsaved.length) {
      await this.settle(state, state.unsaved).catch((err: unknown) => {
        // Whoever still has these changes (a browser that was cut off) sends them again when it reconnects.
        this.logger.error({ err, projectId: state.projectId, changes: state.unsaved.length }, 'document unloaded with changes that could not be stored');
      });
    }
    state.detach();
    this.projects.delete(doc);
    if (state.peer) await this.cluster!.leave(state.peer);
  }

  /** Rows are the persisted truth: a document that disagrees with them (a crash mid-repair) is put right. */
  private reconcile(state: ProjectState): void {
    const { doc } = state;
    const stray = [...tasksMap(doc).keys()].filter((id) => !state.tasks.has(id));
    const differing = [...state.tasks].filter(([id, task]) => {
      const inDoc = readTask(doc, id);
      return !inDoc || TASK_FIELDS.some((f) => JSON.stringify(inDoc[f]) !== JSON.stringify(task[f]));
    });
    const edges = new Set(dependencyEdges(doc).map(edgeKey));
    const depsDiffer = edges.size !== state.dependencies.size || [...edges].some((k) => !state.dependencies.has(k));
    if (!stray.length && !differing.length && !depsDiffer) return;
    this.logger.warn({ projectId: state.projectId, stray: stray.length, differing: differing.length }, 'document repaired from rows at load');
    doc.transact(() => {
      for (const id of stray) deleteTask(doc, id);
      for (const [id, task] of differing) writeTask(doc, id, task);
      const deps = dependenciesMap(doc);
      for (const key of [...deps.keys()]) if (!state.dependencies.has(key)) deps.delete(key);
      for (const key of state.dependencies) if (!deps.has(key)) deps.set(key, true);
    }, REPAIR);
  }

  private attach(state: ProjectState): void {
    const { doc } = state;
    const tasks = tasksMap(doc);
    const deps = dependenciesMap(doc);
    const onTasks = (events: Y.YEvent<Y.AbstractType<unknown>>[], tr: Y.Transaction) => {
      const changed: Set<string> = tr.meta.get(CHANGED_TASKS) ?? new Set();
      for (const event of events) {
        if (event.target === tasks) for (const key of event.changes.keys.keys()) changed.add(key);
        else if (typeof event.path[0] === 'string') changed.add(event.path[0]);
      }
      tr.meta.set(CHANGED_TASKS, changed);
    };
    const onDeps = (_event: Y.YMapEvent<boolean>, tr: Y.Transaction) => tr.meta.set(CHANGED_DEPS, true);
    const onUpdate = (update: Uint8Array, origin: unknown, _doc: Y.Doc, tr: Y.Transaction) => {
      if (origin === LOAD) return;
      // Read the changed tasks now: later transactions must not be credited to this one's author.
      const snapshots = new Map<string, DocTask | null>();
      for (const id of (tr.meta.get(CHANGED_TASKS) as Set<string> | undefined) ?? []) snapshots.set(id, readTask(doc, id));
      // The edges are judged again only when they, or which tasks exist, may have changed: an edit of existing
      // tasks' fields (a drag) leaves them as stored, and reading every edge of a big project per drop is waste.
      const tasksComeOrGo = [...snapshots].some(([taskId, task]) => task === null || !state.tasks.has(taskId));
      const edges = tr.meta.get(CHANGED_DEPS) || tasksComeOrGo ? dependencyEdges(doc) : null;
      let id: string | null = null;
      if (isRelayedOrigin(origin)) id = origin.id;
      else if (state.peer) {
        id = randomUUID();
        state.peer.publish(id, author(origin), update);
      }
      this.enqueue(state, newChange({ update, origin, snapshots, edges, id, seq: ++state.seq, incomplete: waitingForUpdates(doc) }));
    };
    tasks.observeDeep(onTasks);
    deps.observe(onDeps);
    doc.on('update', onUpdate);
    state.detach = () => {
      tasks.unobserveDeep(onTasks);
      deps.unobserve(onDeps);
      doc.off('update', onUpdate);
    };
  }

  /**
   * Queues a change for the project's next turn of storing. Changes that arrive while a turn is writing wait
   * for the next one, which takes all of them: under a burst of edits a project's writes keep up because one
   * database transaction stores many changes, not one each.
   */
  private enqueue(state: ProjectState, change: Change): void {
    state.pending.push(change);
    state.last = change;
    if (state.turnQueued) return;
    state.turnQueued = true;
    this.queueTurn(state);
  }

  private queueTurn(state: ProjectState): void {
    state.queue = state.queue
      .catch(() => {}) // an earlier failure was reported to its own waiters
      .then(() => {
        state.turnQueued = false;
        return this.turn(state);
      });
    // A database outage must not take the process down through an unhandled rejection.
    state.queue.catch(() => {});
  }

  /**
   * One turn: the changes kept from an outage, then everything queued since the last turn, stored in order in
   * one database transaction. A change that still fails after the retries because the database is away stays
   * in the document, so it is kept too: it is stored, in order, with the next turn or by a recovery attempt
   * every 2 s. Its waiters (a REST edit) are answered with the failure now. Any other failure is retried change
   * by change, and a change that fails alone is dropped (and logged): one bad change cannot hold up the
   * project's others. Rejects when any change of the turn was not stored.
   */
  private async turn(state: ProjectState): Promise<void> {
    const fresh = state.pending.splice(0);
    const changes = [...state.unsaved, ...fresh];
    if (!changes.length) return;
    try {
      await this.storeWithRetry(state, changes);
      state.unsaved = [];
      for (const change of fresh) change.settleStored();
      return;
    } catch (err) {
      if (isDatabaseUnavailable(err)) return this.keepUnsaved(state, changes, fresh, err);
      if (changes.length === 1) {
        state.unsaved = [];
        this.logger.error({ err, projectId: state.projectId }, 'could not persist a document change');
        changes[0]!.settleStored(err);
        throw err;
      }
    }
    state.unsaved = [];
    let failure: unknown;
    for (const [i, change] of changes.entries()) {
      try {
        await this.storeWithRetry(state, [change]);
        change.settleStored();
      } catch (err) {
        if (isDatabaseUnavailable(err)) return this.keepUnsaved(state, changes.slice(i), fresh, err);
        this.logger.error({ err, projectId: state.projectId }, 'could not persist a document change; dropped');
        change.settleStored(err);
        failure ??= err;
      }
    }
    if (failure !== undefined) throw failure;
  }

  private keepUnsaved(state: ProjectState, kept: Change[], fresh: Change[], err: unknown): never {
    this.logger.error({ err, projectId: state.projectId, changes: kept.length }, 'could not persist a document change; kept (with any later ones) until the database is back');
    state.unsaved = kept;
    const waiting = new Set(kept);
    for (const change of fresh) change.settleStored(waiting.has(change) ? err : undefined);
    this.scheduleRecovery(state);
    throw err;
  }

  private async storeWithRetry(state: ProjectState, changes: Change[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.settle(state, changes);
      } catch (err) {
        if (attempt >= RETRY_DELAYS_MS.length) throw err;
        this.logger.warn({ err, projectId: state.projectId, attempt, changes: changes.length }, 'persisting document changes failed; retrying');
        await sleep(RETRY_DELAYS_MS[attempt]!);
      }
    }
  }

  /**
   * Scaled mode: a process without the lock waits for the owner's acknowledgement of each change (or for the
   * lock); the owner catches up first if it just took over, then persists and acknowledges.
   */
  private async settle(state: ProjectState, changes: Change[]): Promise<void> {
    const peer = state.peer;
    if (!peer) return this.persist(state, changes);
    let next = 0;
    while (next < changes.length && !peer.isOwner()) {
      const id = changes[next]!.id;
      // Catch-up state (no id) is persisted by whoever owns the document.
      if (id === null || (await peer.settle(id)) !== 'owner') next++;
    }
    const mine = changes.slice(next);
    if (!mine.length) return;
    if (state.needsCatchUp) await this.catchUp(state, peer);
    await this.persist(state, mine.filter((c) => c.seq > state.coveredSeq));
    const ids = mine.flatMap((c) => (c.id ? [c.id] : []));
    if (ids.length) peer.acknowledge(ids);
  }

  /**
   * Scaled mode, on taking the lock: the rows may have moved on under another owner, and the document may hold
   * changes no owner persisted (the last one died, or they were still pending here). Reread the rows, bring in
   * the stored document state, and persist the difference between document and rows as one change, credited
   * to the author of the pending updates when there is one.
   */
  private async catchUp(state: ProjectState, peer: DocumentPeer): Promise<void> {
    const { projectId, doc } = state;
    const { tasks, dependencies } = await readProjectRows(this.dataSource, projectId);
    const stored = await readStoredState(this.dataSource, projectId);
    state.tasks = tasks;
    state.dependencies = dependencies;
    state.updatesInLog = stored.updatesInLog;
    if (stored.state) Y.applyUpdate(doc, stored.state, LOAD);
    // Covered once the difference is stored: if that fails, the retry catches up again instead of taking the
    // changes as stored (and acknowledging them to the peers, who would then drop them).
    const covered = state.seq;

    const snapshots = new Map<string, DocTask | null>();
    for (const id of new Set([...tasksMap(doc).keys(), ...tasks.keys()])) {
      const inDoc = readTask(doc, id);
      const row = tasks.get(id);
      if (!inDoc || !row || TASK_FIELDS.some((f) => JSON.stringify(inDoc[f]) !== JSON.stringify(row[f]))) snapshots.set(id, inDoc);
    }
    const authors = new Map(peer.pendingAuthors().map((a) => [`${a.userId}|${a.reason}`, a]));
    const only = authors.size === 1 ? [...authors.values()][0]! : { userId: null, reason: null };
    const pendingIds = peer.pendingIds();
    const update = Y.encodeStateAsUpdate(doc, stored.state ? Y.encodeStateVectorFromUpdate(stored.state) : undefined);
    await this.persist(state, [
      newChange({
        update,
        origin: { kind: 'server-edit', userId: only.userId, reason: only.reason ?? undefined } satisfies ServerEdit,
        snapshots,
        edges: dependencyEdges(doc),
        id: null,
        seq: covered,
        incomplete: waitingForUpdates(doc),
      }),
    ]);
    state.coveredSeq = covered;
    state.needsCatchUp = false;
    peer.acknowledge(pendingIds);
  }

  private scheduleRecovery(state: ProjectState): void {
    if (state.recovery) return;
    state.recovery = setTimeout(() => {
      state.recovery = null;
      if (this.projects.get(state.doc) !== state || !state.unsaved.length) return;
      this.queueTurn(state);
      state.queue.then(
        () => this.logger.info({ projectId: state.projectId }, 'document changes stored after the database came back'),
        () => {}, // still away: the turn has logged it and scheduled the next attempt
      );
    }, RECOVERY_INTERVAL_MS);
    state.recovery.unref();
  }

  /** Judges `changes` in order, stores what is valid in one transaction, puts refused values back, then tells. */
  private async persist(state: ProjectState, changes: Change[]): Promise<void> {
    if (!changes.length) return;
    const { projectId, doc } = state;
    const members = changes.some((c) => c.snapshots.size) ? await assignableUsers(this.dataSource, projectId) : new Set<string>();
    const rows = new RowsAfter(state);
    const judged = changes.map((change) => rows.judge(change, members));
    const update = changes.length === 1 ? changes[0]!.update : Y.mergeUpdates(changes.map((c) => c.update));

    let appendedId = 0;
    await this.dataSource.transaction(async (m) => {
      // Task lists built before this turn are out of date from its commit on (the API's task list cache). First,
      // so the project row is locked before its tasks, in the order a project's deletion takes them.
      if (judged.some(changesRows)) await raiseTaskListVersion(m, projectId);
      for (const j of judged) await writeJudged(m, projectId, j, j.change.origin !== REPAIR);
      appendedId = await appendUpdate(m, projectId, update);
    });
    rows.commit();
    state.updatesInLog += 1;

    for (const j of judged) this.putBack(doc, j);
    this.announce(projectId, judged);
    // Stored already: a failed fold is tried again after the next turn, never by storing this turn again.
    if (state.updatesInLog >= COMPACT_AFTER_UPDATES) {
      await this.compact(state, appendedId).catch((err: unknown) => this.logger.warn({ err, projectId }, 'folding the document log failed; tried again later'));
    }
  }

  /** Tells the listeners (events to rooms) what each change stored; they must not be able to break the queue. */
  private announce(projectId: string, judged: Judged<Change>[]): void {
    for (const j of judged) {
      if (!changesRows(j)) continue;
      try {
        this.onPersisted({
          projectId,
          created: j.created.map(([id]) => id),
          updated: j.updated.map(([taskId, , fields]) => ({ taskId, fields })),
          deleted: j.deleted,
          dependenciesChanged: [...new Set([...j.addedDeps, ...j.removedDeps].map((k) => k.split('->')[0]!))],
        });
      } catch (err) {
        this.logger.error({ err, projectId }, 'a persisted-change listener failed');
      }
    }
  }

  /** Puts refused values of one stored change back into the document (a repair transaction). */
  private putBack(doc: Y.Doc, j: Judged<Change>): void {
    const { change, fixes, createdIds, refusedEdges } = j;
    if (!fixes.size && !refusedEdges.length) return;
    const incomplete = change.incomplete || waitingForUpdates(doc);
    doc.transact(() => {
      for (const [id, fix] of fixes) {
        // Only what is still as judged is put back. A value changed since is a later change, judged on its
        // own; and a field of a stored task that is missing while an earlier update is awaited is not a
        // deletion: writing the stored value over either could win over that edit and lose it. (A new task's
        // missing fields are defaults to fill in.)
        const judged = change.snapshots.get(id)!;
        const stored = !createdIds.has(id);
        const now = readTask(doc, id);
        if (!now) continue;
        const unchanged = (field: string) => sameValue(now[field as TaskFieldName], judged[field as TaskFieldName]);
        if (fix === null) {
          if (TASK_FIELDS.every(unchanged)) deleteTask(doc, id);
          continue;
        }
        const putBack = Object.entries(fix).filter(([field]) => unchanged(field) && !(incomplete && stored && now[field as TaskFieldName] === undefined));
        writeTask(doc, id, Object.fromEntries(putBack));
      }
      for (const edge of refusedEdges) dependenciesMap(doc).delete(edgeKey(edge));
    }, REPAIR);
  }

  /** Folds the stored log into the base state (foldLog). */
  private async compact(state: ProjectState, uptoId: number): Promise<void> {
    await foldLog(this.dataSource, state.projectId, uptoId);
    state.updatesInLog = 0;
  }
}
