import { randomUUID } from 'node:crypto';
import {
  applyCascade,
  dependenciesMap,
  dependencyLinks,
  projectMap,
  readScheduleSettings,
  readTask,
  removeNonSchemaItems,
  sameValue,
  writeScheduleSettings,
  writeTask,
  type DocTask,
  type ScheduleSettings,
} from '@planline/document';
import { cascadeMoveReason, parseDependencyKey, type Link, type TaskFieldName } from '@planline/domain';
import type { DataSource } from 'typeorm';
import * as Y from 'yjs';
import { readCatchUp } from '../scale/catch-up.js';
import type { DocumentCluster, DocumentPeer } from '../scale/document-cluster.js';
import type { RealtimeLogger } from '../logger.js';
import { changesRows, RowsAfter, type Judged } from './change-judge.js';
import { putBack, repairFromRows } from './document-repairs.js';
import { dropHeldBackOverCap, encodeIntegrated, waitingForUpdates } from './held-back.js';
import { author, cascadeOrigin, isCascadeOrigin, isRelayedOrigin, isServerEdit, taskReasonsOf } from './origins.js';
import {
  appendUpdate,
  assignableUsers,
  customFieldDefinitions,
  foldLog,
  freshLog,
  shouldFold,
  type StoredLog,
  raiseTaskListVersion,
  insertStoredState,
  readProjectRows,
  readScheduleRow,
  readStoredState,
  replaceStoredState,
  writeTurn,
} from './project-rows.js';
import { NO_CUSTOM_FIELDS, type DocLink, type PersistedTask } from './task-validation.js';
import { carriedReasonsOf, cascadeReasonsOf, changedLinks, changedSettings, changedTaskIds, movesStillDue, observeTransactionFacts } from './transaction-facts.js';
import { pauser, queued, WriteQueue, type Queued } from './write-queue.js';

export { serverEdit, type ServerEdit } from './origins.js';
export { assignableUsers, customFieldDefinitions, taskFieldsFromRow } from './project-rows.js';

/** Loading from the database: not a change. */
const LOAD = Symbol('load');
/** The server putting refused values back: persisted (the document log must have it) but never history. */
const REPAIR = Symbol('repair');
/** Scaled mode: marks the queue item that makes a new owner catch up; never persisted itself. */
const TAKE_OVER = Symbol('take-over');

export interface PersistedChanges {
  projectId: string;
  created: string[];
  updated: { taskId: string; fields: TaskFieldName[] }[];
  deleted: string[];
  /** Tasks whose list of dependencies changed. */
  dependenciesChanged: string[];
  /**
   * Who made the change and what the judge knew of it (issue 38: notifications are made from these). The rows are
   * the judge's own, not copies, so telling costs the write path nothing: listeners must not change them.
   */
  actorId: string | null;
  /** The author's history reason (a restore's "Restored to …"), null for an ordinary edit. */
  reason: string | null;
  rows: {
    created: readonly (readonly [string, PersistedTask])[];
    /** Task id, the row after, the fields changed, the row before. */
    updated: readonly (readonly [string, PersistedTask, readonly TaskFieldName[], PersistedTask])[];
    deleted: readonly (readonly [string, PersistedTask])[];
  };
  /** The tasks a dependency cascade moved, with their history reason ("Moved by dependency on «name»"). */
  cascadeReasons: ReadonlyMap<string, string> | null;
}

interface ProjectState {
  projectId: string;
  doc: Y.Doc;
  tasks: Map<string, PersistedTask>;
  dependencies: Map<string, Link>;
  /** The project's writes, in turns (write-queue.ts). */
  writes: WriteQueue<Change>;
  /** The stored log's size since the last fold, for when to fold it (shouldFold). */
  log: StoredLog;
  detach: () => void;
  /** Scaled mode: this process's place in the document's cluster. */
  peer: DocumentPeer | null;
  /** Scaled mode: ownership was just gained, so `tasks` may be stale and the document may hold unpersisted changes. */
  needsCatchUp: boolean;
  /** Changes numbered in the order they were applied here; a catch-up covers every one up to `coveredSeq`. */
  seq: number;
  coveredSeq: number;
  /** The project's scheduling settings as its row holds them: what the document's `project` map must say. */
  settings: ScheduleSettings | null;
}

interface Change extends Queued {
  update: Uint8Array;
  origin: unknown;
  snapshots: Map<string, DocTask | null>;
  edges: DocLink[] | null;
  /** Scaled mode: the cluster-wide id of the update (null for catch-up state, which no one acknowledges). */
  id: string | null;
  seq: number;
  /** History reasons of single tasks (the cascade's "Moved by dependency on «name»"), over the author's. */
  reasons: ReadonlyMap<string, string> | null;
  /** The document was waiting for an earlier update when this one was applied (see `waitingForUpdates`). */
  incomplete: boolean;
  /**
   * The change wrote outside the schema, which the server took out again at once: the state vector before it.
   * What is stored is then the document's own encoding of the change since then, with the removed content
   * gone, never the update as the client sent it.
   */
  cleanFrom?: Map<number, number>;
}

const newChange = (fields: Omit<Change, keyof Queued>): Change => queued(fields);

/**
 * Whether judging `change` may ask who can be assigned (judgeTask asks only of assignees that differ from the rows
 * it judges against): a task of it names assignees other than the stored ones. The rows of a turn differ from the
 * stored ones only by its earlier changes, and one that named someone has made the turn read them already.
 */
/** `reasons` without the tasks `over` gives a reason; null when none is left. */
function withoutKeys(reasons: ReadonlyMap<string, string> | null, over: ReadonlyMap<string, string> | null): ReadonlyMap<string, string> | null {
  if (!reasons || !over) return reasons;
  const kept = new Map([...reasons].filter(([taskId]) => !over.has(taskId)));
  return kept.size ? kept : null;
}

function assignsSomeone(stored: ReadonlyMap<string, PersistedTask>, change: Change): boolean {
  for (const [id, task] of change.snapshots) {
    if (!task) continue;
    const before = stored.get(id);
    for (const field of ['assigneeId', 'assigneeIds'] as const) {
      const value = task[field];
      if (value === undefined || value === null || (Array.isArray(value) && !value.length)) continue;
      if (!before || !sameValue(value, before[field])) return true;
    }
  }
  return false;
}

/** Whether a task of `change` holds custom values other than the stored ones (issue 39: judged against the project's fields). */
function setsCustomValues(stored: ReadonlyMap<string, PersistedTask>, change: Change): boolean {
  for (const [id, task] of change.snapshots) {
    const value = task?.custom;
    if (value === undefined || value === null) continue;
    if (!sameValue(value, stored.get(id)?.custom ?? {})) return true;
  }
  return false;
}

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
          whenPersisted: () => state?.writes.settled ?? Promise.resolve(),
          ownershipGained: () => {
            if (!state) return;
            state.needsCatchUp = true;
            state.writes.enqueue(newChange({ update: new Uint8Array(), origin: TAKE_OVER, snapshots: new Map(), edges: null, id: null, seq: ++state.seq, incomplete: false, reasons: null }));
          },
        })
      : null;
    const { tasks, dependencies } = await readProjectRows(this.dataSource, projectId);
    const settings = await readScheduleRow(this.dataSource, projectId);
    const stored = await readStoredState(this.dataSource, projectId);
    if (stored.state) {
      Y.applyUpdate(doc, stored.state, LOAD);
      // Stored before the schema was enforced: take the rest out, and store the document without it, and without
      // anything a stored log from before issue 34 left held back. (The owner writes; others only read.)
      const removed = removeNonSchemaItems(doc, LOAD);
      if (removed) {
        this.logger.warn({ projectId, items: removed }, 'content outside the document schema removed at load');
        const clean = encodeIntegrated(doc);
        if (!peer || peer.isOwner()) await replaceStoredState(this.dataSource, projectId, clean);
        stored.log = freshLog(clean.byteLength);
      }
    } else {
      // No state yet (tasks created before the document existed, or a fresh project): build it from rows. The
      // build is the document's whole history, so its update is its state: stored as Yjs encodes it for the
      // document's own 'update' listeners (Hocuspocus has one), not encoded a second time (~42 MB at 100,000 tasks).
      let built: Uint8Array | null = null;
      const keepBuilt = (update: Uint8Array, origin: unknown) => void (origin === LOAD && (built = update));
      doc.on('update', keepBuilt);
      try {
        doc.transact(() => {
          for (const [id, task] of tasks) writeTask(doc, id, task);
          for (const [key, link] of dependencies) dependenciesMap(doc).set(key, { ...link });
          if (settings) writeScheduleSettings(doc, settings);
        }, LOAD);
      } finally {
        doc.off('update', keepBuilt);
      }
      const first: Uint8Array = built ?? Y.encodeStateAsUpdate(doc);
      await insertStoredState(this.dataSource, projectId, first);
      stored.log = freshLog(first.byteLength);
    }
    state = {
      projectId,
      doc,
      tasks,
      dependencies,
      writes: new WriteQueue<Change>((changes) => this.settle(state!, changes), this.logger, projectId),
      log: stored.log,
      detach: () => {},
      peer,
      needsCatchUp: false,
      seq: 0,
      coveredSeq: 0,
      settings,
    };
    this.projects.set(doc, state);
    this.attach(state);
    // Only the owner judges the document against the rows; a later owner catches up when it takes over.
    if (!peer || peer.isOwner()) {
      if (repairFromRows(state.doc, state, REPAIR)) this.logger.warn({ projectId }, 'document repaired from rows at load');
      // The settings' truth is the row (PATCH /api/projects/{id} writes both; a project edited while its document
      // was not loaded has only the row). Stored like any repair, so a stale copy a browser brings back loses.
      this.putBackSettings(state);
    }
    if (peer) await this.cluster!.listen(peer);
  }

  /** Resolves once the last change made to the document is in the database (rejects if it could not be). */
  whenPersisted(doc: Y.Doc): Promise<void> {
    return this.projects.get(doc)?.writes.whenPersisted() ?? Promise.resolve();
  }

  /** The change queued last: an edit that leaves it the same made no change. */
  lastChange(doc: Y.Doc): object | null {
    return this.projects.get(doc)?.writes.last ?? null;
  }

  /** Resolves once every change queued so far has been tried, whatever became of it. */
  whenSettled(doc: Y.Doc): Promise<void> {
    return this.projects.get(doc)?.writes.whenSettled() ?? Promise.resolve();
  }

  /** Before Hocuspocus unloads a document: finish its writes and forget it. */
  async release(doc: Y.Doc): Promise<void> {
    const state = this.projects.get(doc);
    if (!state) return;
    await state.writes.close();
    state.detach();
    this.projects.delete(doc);
    if (state.peer) await this.cluster!.leave(state.peer);
  }

  private attach(state: ProjectState): void {
    const { doc } = state;
    const stopObserving = observeTransactionFacts(doc);
    const onUpdate = (update: Uint8Array, origin: unknown, _doc: Y.Doc, tr: Y.Transaction) => {
      if (origin === LOAD) return;
      // Anything outside the schema is taken out at once (relayed updates were cleaned where they came in). The
      // removal is a transaction of its own, stored after this one; this one is stored without what it removed.
      let cleanFrom: Map<number, number> | undefined;
      // The history reasons an edit carried in its transaction (transaction-facts.ts) are read, then taken out with
      // the junk: they are never stored, and a relayed update had them read and taken out where it came in.
      let carried: ReadonlyMap<string, string> | null = null;
      if (origin !== REPAIR && !isRelayedOrigin(origin)) {
        let found: readonly Y.Item[] = [];
        const removed = removeNonSchemaItems(doc, REPAIR, tr, (items) => (found = items));
        if (removed) {
          // The reasons an edit carried are outside the schema by design: read, then taken out with the rest.
          const reasons = carriedReasonsOf(doc, tr, found);
          carried = reasons.reasons;
          const junk = removed - reasons.count;
          if (junk) this.logger.warn({ projectId: state.projectId, userId: author(origin).userId, items: junk }, 'content outside the document schema removed');
          cleanFrom = tr.beforeState;
        }
      }
      // Only the server sets the project's settings (from its row; another process's change was judged there). A
      // client's change to them goes back, and nothing of its transaction is scheduled with settings it made up.
      let settingsRefused = false;
      if (origin !== REPAIR && !isCascadeOrigin(origin) && changedSettings(doc, tr)) {
        if (isServerEdit(origin) || isRelayedOrigin(origin)) state.settings = readScheduleSettings(doc) ?? state.settings;
        else {
          this.putBackSettings(state);
          settingsRefused = true;
        }
      }
      // A repair schedules too: a refused move put back may leave a successor late.
      const schedules = !isCascadeOrigin(origin) && !settingsRefused;
      // Which of this change's moves were its author's cascade (their history reason), read before anything else moves.
      const inferred = isCascadeOrigin(origin) ? origin.reasons : schedules && origin !== REPAIR ? cascadeReasonsOf(doc, tr) : null;
      // The cascade's reason of a task this edit moved by dependency stands over a reason the edit carried (the
      // server's own reasons, a server edit's, still win: they are its own words for its own moves).
      const own = taskReasonsOf(origin) ?? withoutKeys(carried, inferred);
      const reasons = own ? new Map([...(inferred ?? []), ...own]) : inferred;
      // Read the changed tasks now: later transactions must not be credited to this one's author.
      const snapshots = new Map<string, DocTask | null>();
      for (const id of changedTaskIds(tr)) snapshots.set(id, readTask(doc, id));
      // The edges are judged again only when they, or which tasks exist, may have changed: an edit of existing
      // tasks' fields (a drag) leaves them as stored, and reading every edge of a big project per drop is waste.
      let tasksComeOrGo = false;
      for (const [taskId, task] of snapshots) if ((tasksComeOrGo = task === null || !state.tasks.has(taskId))) break;
      const edges = changedLinks(tr) || tasksComeOrGo ? dependencyLinks(doc) : null;
      // The moves still due go in a transaction of their own, stored after this one.
      if (schedules) this.cascade(state, origin, tr);
      let id: string | null = null;
      if (isRelayedOrigin(origin)) id = origin.id;
      else if (state.peer) {
        id = randomUUID();
        // With the reasons it carried, read here: the owner judges it as a relayed update, and the removal follows it.
        state.peer.publish(id, author(origin), update, own ?? undefined);
      }
      state.writes.enqueue(newChange({ update, origin, snapshots, edges, id, seq: ++state.seq, incomplete: waitingForUpdates(doc), cleanFrom, reasons }));
    };
    // Before 'update' (Yjs emits it after 'afterTransaction'), so a change is queued knowing whether its document
    // still waits for an update: held back content over the cap is gone, and values it would have set are missing.
    const limitHeldBack = () => this.limitHeldBack(state);
    doc.on('afterTransaction', limitHeldBack);
    doc.on('update', onUpdate);
    state.detach = () => {
      stopObserving();
      doc.off('afterTransaction', limitHeldBack);
      doc.off('update', onUpdate);
    };
    // A stored log from before issue 34 may hold content back already.
    limitHeldBack();
  }

  /**
   * Drops what the document holds back once it is over MAX_PENDING_BYTES (held-back.ts): content waiting for an
   * update the server lacks is neither judged, stored nor served, but it is kept and merged again with every
   * update that adds to it. In scaled mode the gap may be a relayed update lost between processes: the peers are
   * asked at once for what this document lacks, which brings back whatever of the dropped content they integrated.
   */
  private limitHeldBack(state: ProjectState): void {
    const dropped = dropHeldBackOverCap(state.doc);
    if (!dropped) return;
    this.logger.warn({ projectId: state.projectId, bytes: dropped }, 'content held back for a missing update dropped (over MAX_PENDING_BYTES)');
    state.peer?.requestSync();
  }

  /** Writes the row's settings into the document where it says otherwise (a repair: stored, never history). */
  private putBackSettings(state: ProjectState): void {
    const { doc, settings } = state;
    const current = readScheduleSettings(doc);
    if (!settings || (current && sameValue(current.workingWeekdays, settings.workingWeekdays) && sameValue(current.holidays, settings.holidays) && current.autoSchedule === settings.autoSchedule && projectMap(doc).size === 3)) return;
    doc.transact(() => writeScheduleSettings(doc, settings), REPAIR);
  }

  /**
   * Auto-scheduling after a change (issue 17, transaction-facts.ts): the moves still due — after a REST edit, a
   * link made over REST, new settings, or two people's concurrent moves that each cascaded alone — made as a
   * transaction of their own, credited to the same person. The owner alone moves tasks, so every process and
   * browser ends on the same dates.
   */
  private cascade(state: ProjectState, origin: unknown, tr: Y.Transaction): void {
    const { doc } = state;
    if (state.peer && !state.peer.isOwner()) return;
    const moves = movesStillDue(doc, tr, (isServerEdit(origin) || isRelayedOrigin(origin)) && changedSettings(doc, tr));
    if (!moves.length) return;
    const moved = new Map(moves.map((m) => [m.taskId, cascadeMoveReason(m)]));
    doc.transact(() => applyCascade(doc, moves), cascadeOrigin(author(origin).userId, moved));
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

  /** Scaled mode, on taking the lock: store what the document holds beyond the rows (scale/catch-up.ts). */
  private async catchUp(state: ProjectState, peer: DocumentPeer): Promise<void> {
    const found = await readCatchUp(this.dataSource, state.projectId, state.doc, peer, LOAD);
    state.tasks = found.rows.tasks;
    state.dependencies = found.rows.dependencies;
    state.log = found.log;
    // Covered once the difference is stored: if that fails, the retry catches up again instead of taking the
    // changes as stored (and acknowledging them to the peers, who would then drop them).
    const covered = state.seq;
    await this.persist(state, [newChange({ ...found.difference, id: null, seq: covered, reasons: null })]);
    state.coveredSeq = covered;
    state.needsCatchUp = false;
    peer.acknowledge(found.pendingIds);
  }

  /** Judges `changes` in order, stores what is valid in one transaction, puts refused values back, then tells. */
  private async persist(state: ProjectState, changes: Change[]): Promise<void> {
    if (!changes.length) return;
    const { projectId, doc } = state;
    // Who may be assigned is read only when a change assigns someone: a flood of renames or moves reads nothing
    // before its transaction (on the embedded database every statement is a turn other projects wait behind).
    const members = changes.some((c) => assignsSomeone(state.tasks, c)) ? await assignableUsers(this.dataSource, projectId) : new Set<string>();
    // Likewise the project's custom fields, only for a turn that sets a custom value (issue 39).
    const customFields = changes.some((c) => setsCustomValues(state.tasks, c)) ? await customFieldDefinitions(this.dataSource, projectId) : NO_CUSTOM_FIELDS;
    const rows = new RowsAfter(state);
    const pause = pauser();
    const judged: Judged<Change>[] = [];
    for (const change of changes) {
      judged.push(rows.judge(change, members, customFields));
      await pause(change.snapshots.size);
    }
    const updates = changes.map((c) => (c.cleanFrom ? encodeIntegrated(doc, Y.encodeStateVector(c.cleanFrom)) : c.update));
    const update = updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates);

    let appendedId = 0;
    await this.dataSource.transaction(async (m) => {
      // Task lists built before this turn are out of date from its commit on (the API's task list cache). First,
      // so the project row is locked before its tasks, in the order a project's deletion takes them.
      if (judged.some(changesRows)) await raiseTaskListVersion(m, projectId);
      await writeTurn(m, projectId, judged.map((j) => ({ judged: j, history: j.change.origin !== REPAIR })), pause);
      appendedId = await appendUpdate(m, projectId, update);
    });
    rows.commit();
    state.log.updates += 1;
    state.log.bytes += update.byteLength;

    for (const j of judged) putBack(doc, j, REPAIR);
    this.announce(projectId, judged);
    // Stored already: a failed fold is tried again after the next turn, never by storing this turn again.
    if (shouldFold(state.log)) {
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
          dependenciesChanged: [...new Set([...j.addedDeps, ...j.removedDeps, ...j.changedDeps].map((k) => parseDependencyKey(k)!.taskId))],
          actorId: j.who.userId,
          reason: j.who.reason,
          rows: { created: j.created, updated: j.updated, deleted: j.deletedTasks },
          cascadeReasons: j.change.reasons,
        });
      } catch (err) {
        this.logger.error({ err, projectId }, 'a persisted-change listener failed');
      }
    }
  }

  /** Folds the stored log into the base state (foldLog). */
  private async compact(state: ProjectState, uptoId: number): Promise<void> {
    state.log = freshLog(await foldLog(this.dataSource, state.projectId, uptoId));
  }
}
