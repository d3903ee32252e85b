import { randomUUID } from 'node:crypto';
import { isDatabaseUnavailable } from '@planline/db';
import { TASK_FIELDS, type TaskFieldName } from '@planline/domain';
import type { DataSource, EntityManager } from 'typeorm';
import * as Y from 'yjs';
import { isRelayedOrigin, type DocumentCluster, type DocumentPeer } from '../scale/document-cluster.js';
import type { RealtimeLogger } from '../types.js';
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
import { judgeDependencies, judgeTask, type PersistedTask } from './task-validation.js';

/** Origin of a server-side edit (REST, quick add, AI creator): who, and why when they said. */
export interface ServerEdit {
  kind: 'server-edit';
  userId: string | null;
  reason?: string;
}
export const serverEdit = (userId: string | null, reason?: string): ServerEdit => ({ kind: 'server-edit', userId, reason });

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

/** What a turn decided about one change, judged against the rows as the turn's earlier changes leave them. */
interface Judged {
  change: Change;
  who: { userId: string | null; reason: string | null };
  created: [string, PersistedTask][];
  /** With the stored task the change was judged against (for history). */
  updated: [string, PersistedTask, TaskFieldName[], PersistedTask][];
  deleted: string[];
  /** Values to put back (null: the new task is refused as a whole). */
  fixes: Map<string, DocTask | null>;
  createdIds: Set<string>;
  addedDeps: string[];
  removedDeps: string[];
  refusedEdges: { taskId: string; dependsOnTaskId: string }[];
}

const changesRows = (j: Judged) => j.created.length + j.updated.length + j.deleted.length + j.addedDeps.length + j.removedDeps.length > 0;

/**
 * The stored rows as a turn's changes leave them, over the project's persisted state: each change is judged
 * against the one before it, and the state moves only once the turn's transaction has committed.
 */
class RowsAfter {
  private readonly tasks = new Map<string, PersistedTask | null>();
  dependencies: Set<string>;

  constructor(private readonly state: ProjectState) {
    this.dependencies = state.dependencies;
  }

  task(id: string): PersistedTask | undefined {
    return this.tasks.has(id) ? (this.tasks.get(id) ?? undefined) : this.state.tasks.get(id);
  }

  set(id: string, task: PersistedTask | null): void {
    this.tasks.set(id, task);
  }

  commit(): void {
    for (const [id, task] of this.tasks) {
      if (task) this.state.tasks.set(id, task);
      else this.state.tasks.delete(id);
    }
    this.state.dependencies = this.dependencies;
  }
}

const edgeKey = (e: { taskId: string; dependsOnTaskId: string }) => `${e.taskId}->${e.dependsOnTaskId}`;

/**
 * An update can arrive before one it builds on: a client sends a new edit before its reconnect sync has sent
 * the older ones, or (scaled mode) Redis lost a message and its sender resends it. Yjs then applies its
 * deletions but holds its new values back, so a field of a task reads as missing until the earlier update lands.
 */
const waitingForUpdates = (doc: Y.Doc) => doc.store.pendingStructs !== null || doc.store.pendingDs !== null;

/** A task's fields from a `tasks` row (snake_case columns, `assignee_ids` aggregated by the query). */
export function taskFieldsFromRow(r: Record<string, unknown>): PersistedTask {
  return {
    name: r.name as string,
    description: (r.description as string | null) ?? null,
    startDate: r.start_date as string,
    endDate: r.end_date as string,
    status: r.status as PersistedTask['status'],
    priority: r.priority as PersistedTask['priority'],
    progress: Number(r.progress),
    color: r.color as string,
    assigneeId: (r.assignee_id as string | null) ?? null,
    assigneeIds: (r.assignee_ids as string[] | null) ?? [],
    order: Number(r.order),
  };
}

/** Members of the project's team and guests of the project: who a task may be assigned to. */
export async function assignableUsers(sql: Pick<DataSource, 'query'>, projectId: string): Promise<Set<string>> {
  const rows: { user_id: string }[] = await sql.query(
    `SELECT tm.user_id FROM projects p JOIN team_members tm ON tm.team_id = p.team_id WHERE p.id = $1
     UNION SELECT pm.user_id FROM project_members pm WHERE pm.project_id = $1`,
    [projectId],
  );
  return new Set(rows.map((r) => r.user_id));
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Who made a change: a Hocuspocus connection carries its user in `context`, a server edit names its user, an
 * update relayed from another process (scaled mode) carries its author.
 */
function author(origin: unknown): { userId: string | null; reason: string | null } {
  if (origin && typeof origin === 'object') {
    if ((origin as ServerEdit).kind === 'server-edit') return { userId: (origin as ServerEdit).userId, reason: (origin as ServerEdit).reason ?? null };
    if (isRelayedOrigin(origin)) return { userId: origin.userId, reason: origin.reason };
    const userId = (origin as { context?: { userId?: unknown } }).context?.userId;
    if (typeof userId === 'string') return { userId, reason: null };
  }
  return { userId: null, reason: null };
}

const historyValue = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length ? value.join(',') : null;
  return String(value);
};

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
    const [tasks, dependencies] = await this.readRows(this.dataSource.manager, projectId);
    const stored = await this.storedState(projectId);
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
      const edges = tr.meta.get(CHANGED_DEPS) || snapshots.size ? dependencyEdges(doc) : null;
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
    const [tasks, dependencies] = await this.readRows(this.dataSource.manager, projectId);
    const stored = await this.storedState(projectId);
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

  /** The stored document: base state and update log merged (null before the document was first built). */
  private async storedState(projectId: string): Promise<{ state: Uint8Array | null; updatesInLog: number }> {
    const base: { state: Buffer }[] = await this.dataSource.query(`SELECT state FROM project_documents WHERE project_id = $1`, [projectId]);
    if (!base[0]) return { state: null, updatesInLog: 0 };
    const log: { update: Buffer }[] = await this.dataSource.query(
      `SELECT "update" FROM project_document_updates WHERE project_id = $1 ORDER BY id`,
      [projectId],
    );
    return { state: Y.mergeUpdates([base[0].state, ...log.map((l) => l.update)].map((b) => new Uint8Array(b))), updatesInLog: log.length };
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
    const judged = changes.map((change) => this.judge(rows, change, members));
    const update = changes.length === 1 ? changes[0]!.update : Y.mergeUpdates(changes.map((c) => c.update));

    let appendedId = 0;
    await this.dataSource.transaction(async (m) => {
      // Task lists built before this turn are out of date from its commit on (the API's task list cache). First,
      // so the project row is locked before its tasks, in the order a project's deletion takes them.
      if (judged.some(changesRows)) await m.query(`UPDATE projects SET tasks_version = tasks_version + 1 WHERE id = $1`, [projectId]);
      for (const j of judged) await this.write(m, projectId, j);
      const appended: { id: string }[] = await m.query(
        `INSERT INTO project_document_updates (project_id, "update") VALUES ($1, $2) RETURNING id`,
        [projectId, Buffer.from(update)],
      );
      appendedId = Number(appended[0]!.id);
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
  private announce(projectId: string, judged: Judged[]): void {
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

  /** Judges one change against `rows` (the stored state as the turn's earlier changes leave it) and moves them on. */
  private judge(rows: RowsAfter, change: Change, members: Set<string>): Judged {
    const created: Judged['created'] = [];
    const updated: Judged['updated'] = [];
    const deleted: string[] = [];
    const fixes = new Map<string, DocTask | null>();
    for (const [id, snapshot] of change.snapshots) {
      const previous = rows.task(id);
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
    const existsAfter = (id: string) => !rejected.has(id) && !deleted.includes(id) && (rows.task(id) !== undefined || createdIds.has(id));
    const deps = change.edges ? judgeDependencies(change.edges, rows.dependencies, existsAfter) : null;
    const keepKeys = deps ? new Set(deps.keep.map(edgeKey)) : rows.dependencies;
    const addedDeps = [...keepKeys].filter((k) => !rows.dependencies.has(k));
    const removedDeps = [...rows.dependencies].filter((k) => !keepKeys.has(k));

    for (const id of deleted) rows.set(id, null);
    for (const [id, task] of created) rows.set(id, task);
    for (const [id, task] of updated) rows.set(id, task);
    rows.dependencies = keepKeys;
    return { change, who: author(change.origin), created, updated, deleted, fixes, createdIds, addedDeps, removedDeps, refusedEdges: deps?.refuse ?? [] };
  }

  /** One judged change's rows: tasks, assignments, history (not for repairs) and dependencies. */
  private async write(m: EntityManager, projectId: string, j: Judged): Promise<void> {
    const isRepair = j.change.origin === REPAIR;
    if (j.deleted.length) await m.query(`DELETE FROM tasks WHERE project_id = $1 AND id = ANY($2::uuid[])`, [projectId, j.deleted]);
    for (const [id, task] of j.created) {
      await m.query(
        `INSERT INTO tasks (id, project_id, name, description, start_date, end_date, status, priority, progress, color, assignee_id, "order")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [id, projectId, task.name, task.description, task.startDate, task.endDate, task.status, task.priority, task.progress, task.color, task.assigneeId, task.order],
      );
      await this.writeAssignments(m, id, task.assigneeIds);
      if (!isRepair) await this.history(m, id, j.who, [{ field: 'created', from: null, to: task.name }]);
    }
    for (const [id, task, fields, previous] of j.updated) {
      await m.query(
        `UPDATE tasks SET name = $3, description = $4, start_date = $5, end_date = $6, status = $7, priority = $8,
                progress = $9, color = $10, assignee_id = $11, "order" = $12, updated_at = now()
          WHERE id = $1 AND project_id = $2`,
        [id, projectId, task.name, task.description, task.startDate, task.endDate, task.status, task.priority, task.progress, task.color, task.assigneeId, task.order],
      );
      if (fields.includes('assigneeIds')) await this.writeAssignments(m, id, task.assigneeIds);
      if (!isRepair) await this.history(m, id, j.who, fields.map((f) => ({ field: f, from: previous[f], to: task[f] })));
    }
    for (const key of j.removedDeps) {
      const [taskId, dependsOn] = key.split('->');
      await m.query(`DELETE FROM task_dependencies WHERE task_id = $1 AND depends_on_task_id = $2`, [taskId, dependsOn]);
    }
    for (const key of j.addedDeps) {
      const [taskId, dependsOn] = key.split('->');
      await m.query(
        `INSERT INTO task_dependencies (id, task_id, depends_on_task_id) VALUES ($1, $2, $3) ON CONFLICT (task_id, depends_on_task_id) DO NOTHING`,
        [randomUUID(), taskId, dependsOn],
      );
    }
  }

  /** Puts refused values of one stored change back into the document (a repair transaction). */
  private putBack(doc: Y.Doc, j: Judged): void {
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

  /** Folds the persisted log into the base state. Built from what is stored, never from the live document. */
  private async compact(state: ProjectState, uptoId: number): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const base: { state: Buffer }[] = await m.query(`SELECT state FROM project_documents WHERE project_id = $1 FOR UPDATE`, [state.projectId]);
      const log: { update: Buffer }[] = await m.query(
        `SELECT "update" FROM project_document_updates WHERE project_id = $1 AND id <= $2 ORDER BY id`,
        [state.projectId, uptoId],
      );
      const merged = Y.mergeUpdates([...(base[0] ? [base[0].state] : []), ...log.map((l) => l.update)].map((b) => new Uint8Array(b)));
      await m.query(
        `INSERT INTO project_documents (project_id, state, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (project_id) DO UPDATE SET state = EXCLUDED.state, updated_at = now()`,
        [state.projectId, Buffer.from(merged)],
      );
      await m.query(`DELETE FROM project_document_updates WHERE project_id = $1 AND id <= $2`, [state.projectId, uptoId]);
    });
    state.updatesInLog = 0;
  }

  private async history(
    m: EntityManager,
    taskId: string,
    who: { userId: string | null; reason: string | null },
    entries: { field: string; from: unknown; to: unknown }[],
  ): Promise<void> {
    if (!entries.length) return;
    // One statement for the change's fields; rows get their sequence in the order listed.
    const params: unknown[] = [];
    const values = entries.map((e) => {
      params.push(randomUUID(), taskId, who.userId, e.field, historyValue(e.from), historyValue(e.to), who.reason);
      const n = params.length;
      return `($${n - 6}, $${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
    });
    await m.query(
      `INSERT INTO task_change_history (id, task_id, changed_by, field_name, old_value, new_value, change_reason) VALUES ${values.join(', ')}`,
      params,
    );
  }

  private async writeAssignments(m: EntityManager, taskId: string, userIds: string[]): Promise<void> {
    await m.query(`DELETE FROM task_assignments WHERE task_id = $1`, [taskId]);
    const users = [...new Set(userIds)];
    if (!users.length) return;
    await m.query(
      `INSERT INTO task_assignments (id, task_id, user_id) SELECT gen_random_uuid(), $1, u FROM unnest($2::uuid[]) AS u`,
      [taskId, users],
    );
  }

  private async readRows(m: EntityManager, projectId: string): Promise<[Map<string, PersistedTask>, Set<string>]> {
    const rows: Record<string, unknown>[] = await m.query(
      `SELECT t.id, t.name, t.description, t.start_date, t.end_date, t.status, t.priority, t.progress, t.color,
              t.assignee_id, t."order",
              COALESCE((SELECT array_agg(a.user_id::text ORDER BY a.user_id::text) FROM task_assignments a WHERE a.task_id = t.id), '{}') AS assignee_ids
         FROM tasks t WHERE t.project_id = $1`,
      [projectId],
    );
    const tasks = new Map<string, PersistedTask>();
    for (const r of rows) tasks.set(r.id as string, taskFieldsFromRow(r));
    const deps: { task_id: string; depends_on_task_id: string }[] = await m.query(
      `SELECT d.task_id, d.depends_on_task_id FROM task_dependencies d JOIN tasks t ON t.id = d.task_id WHERE t.project_id = $1`,
      [projectId],
    );
    return [tasks, new Set(deps.map((d) => `${d.task_id}->${d.depends_on_task_id}`))];
  }
}
