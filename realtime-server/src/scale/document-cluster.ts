import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { DataSource, QueryRunner } from 'typeorm';
import * as Y from 'yjs';
import { encodeIntegrated, waitingForUpdates } from '../documents/held-back.js';
import { type RelayedOrigin } from '../documents/origins.js';
import type { RealtimeLogger } from '../logger.js';

/**
 * Scaled mode for project documents (docs/ARCHITECTURE.md, "Scaled mode"). Any number of processes may hold
 * the same project document; exactly one of them — the owner, holder of a PostgreSQL advisory lock on the
 * project — judges and persists changes, so rows and document can never be written by two judges at once.
 *
 * Every process relays the updates made on it (browser edits, server edits) through a Redis channel per
 * project, with their author. The owner applies them, persists them through the same write path as its own,
 * and answers an acknowledgement; the others keep a relayed or local update pending until it is acknowledged,
 * resending it while no acknowledgement comes (a lost message, Redis restarting). When the owner goes away
 * (its document unloaded, its process killed: PostgreSQL drops the lock with the connection), a process that
 * still holds the document takes the lock and persists whatever is still pending. On joining and after Redis
 * reconnects, a process asks its peers for what its document lacks (the Yjs state-vector exchange).
 */

type Message =
  /** `from` made the update; `via` sent this copy when it is a resend (from a process still waiting for its ack). */
  | {
      t: 'update';
      from: string;
      via?: string;
      id: string;
      userId: string | null;
      reason: string | null;
      /** Reasons of single tasks (a leveling's "Levelled: …"), as [taskId, reason]: the owner stores them. */
      reasons?: [string, string][];
      update: string;
    }
  | { t: 'ack'; from: string; ids: string[] }
  | { t: 'sync'; from: string; sv: string }
  | { t: 'sync-reply'; from: string; to: string; update: string };

const CHANNEL_PREFIX = 'planline:doc:';
/** How often a process without the lock tries to take it, and how long a pending update waits before a resend. */
export const OWNERSHIP_RETRY_MS = 1000;
export const RESEND_AFTER_MS = 2000;
/**
 * After Redis comes back each process asks its peers for what it lacks, and asks again after these delays: a
 * peer that resubscribed later than us missed the first request, and an owner does not resend its own updates.
 */
const RESYNC_AFTER_RECONNECT_MS = [1000, 5000];
const ACKED_MEMORY = 10_000;

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const unb64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

export interface PeerHooks {
  /** Resolves once every change applied to the document so far is persisted (or has failed). */
  whenPersisted(): Promise<void>;
  /** This process has just become the owner: the document's judge must catch up before it persists again. */
  ownershipGained(): void;
}

/** One project document as this process sees the cluster. */
export class DocumentPeer {
  private owner = false;
  /** Updates (own or relayed) not yet acknowledged by an owner, by id, in the order they happened. */
  private readonly pending = new Map<string, Message & { t: 'update' }>();
  private readonly acked = new Set<string>();
  private readonly waiters = new Set<() => void>();
  private closed = false;
  private gapSeen = false;

  constructor(
    readonly projectId: string,
    private readonly doc: Y.Doc,
    private readonly cluster: DocumentCluster,
    private hooks: PeerHooks,
  ) {}

  isOwner(): boolean {
    return this.owner && !this.closed;
  }

  setHooks(hooks: PeerHooks): void {
    this.hooks = hooks;
  }

  /** Sends an update made on this process to the others; until an owner acknowledges it, it stays pending. */
  publish(id: string, author: { userId: string | null; reason: string | null }, update: Uint8Array, reasons?: ReadonlyMap<string, string>): void {
    const message: Message & { t: 'update' } = {
      t: 'update',
      from: this.cluster.instanceId,
      id,
      ...author,
      ...(reasons?.size ? { reasons: [...reasons] } : {}),
      update: b64(update),
    };
    if (!this.owner) this.pending.set(id, message);
    this.cluster.send(this.projectId, message);
  }

  /** Tells the others that these updates are persisted. */
  acknowledge(ids: string[]): void {
    if (!ids.length) return;
    this.markAcked(ids);
    this.cluster.send(this.projectId, { t: 'ack', from: this.cluster.instanceId, ids });
  }

  /** Ids still waiting for an owner, oldest first (the new owner persists them). */
  pendingIds(): string[] {
    return [...this.pending.keys()];
  }

  pendingAuthors(): { userId: string | null; reason: string | null }[] {
    return [...this.pending.values()].map((m) => ({ userId: m.userId, reason: m.reason }));
  }

  /**
   * Waits until update `id` is acknowledged ('acked') or this process becomes the owner ('owner'),
   * resending it meanwhile. Resolves 'closed' when the document is let go.
   */
  async settle(id: string): Promise<'acked' | 'owner' | 'closed'> {
    for (;;) {
      if (this.closed) return 'closed';
      if (this.acked.has(id) || (!this.pending.has(id) && !this.owner)) return 'acked';
      if (this.owner) return 'owner';
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, RESEND_AFTER_MS);
        this.waiters.add(wake);
      });
      const message = this.pending.get(id);
      if (message && !this.owner && !this.acked.has(id)) this.cluster.send(this.projectId, { ...message, via: this.cluster.instanceId });
    }
  }

  /**
   * @internal each second. Yjs holds back an update until the ones it builds on are there; a document still
   * waiting since the last check missed a message (published while Redis was away): it asks its peers.
   */
  checkForGap(): void {
    const waiting = waitingForUpdates(this.doc);
    if (waiting && this.gapSeen && !this.closed) this.requestSync();
    this.gapSeen = waiting;
  }

  /** Asks every other holder of this document for the updates it lacks. */
  requestSync(): void {
    this.cluster.send(this.projectId, { t: 'sync', from: this.cluster.instanceId, sv: b64(Y.encodeStateVector(this.doc)) });
  }

  /** @internal from the cluster */
  setOwner(owner: boolean): void {
    if (owner === this.owner) return;
    this.owner = owner;
    if (owner) this.hooks.ownershipGained();
    this.wakeAll();
  }

  /** @internal from the cluster */
  receive(message: Message): void {
    // Our own messages come back from Redis; a resend by another process of an update made here does not.
    const sender = message.t === 'update' ? (message.via ?? message.from) : message.from;
    if (sender === this.cluster.instanceId || this.closed) return;
    switch (message.t) {
      case 'update': {
        if (this.acked.has(message.id)) {
          // A resend of what is already stored: its acknowledgement was lost (published while Redis was away,
          // or before the sender had resubscribed). Say it again, or the sender waits for it forever.
          if (this.owner) this.cluster.send(this.projectId, { t: 'ack', from: this.cluster.instanceId, ids: [message.id] });
          return;
        }
        if (!this.owner) this.pending.set(message.id, message);
        Y.applyUpdate(this.doc, unb64(message.update), {
          kind: 'relayed',
          id: message.id,
          userId: message.userId,
          reason: message.reason,
          reasons: relayedReasons(message.reasons),
        } satisfies RelayedOrigin);
        // Already had it, or just queued it: once the queue is through, it is persisted.
        if (this.owner) {
          this.hooks.whenPersisted().then(
            () => this.acknowledge([message.id]),
            () => {}, // not persisted: no acknowledgement, the sender resends
          );
        }
        return;
      }
      case 'ack':
        this.markAcked(message.ids);
        return;
      case 'sync': {
        // Pending updates go first, with their authors, so the asker need not learn them authorless below.
        for (const pending of this.pending.values()) this.cluster.send(this.projectId, { ...pending, via: this.cluster.instanceId });
        // Only what this process integrated (and so judged where it came in): never content it holds back.
        const missing = encodeIntegrated(this.doc, unb64(message.sv));
        this.cluster.send(this.projectId, { t: 'sync-reply', from: this.cluster.instanceId, to: message.from, update: b64(missing) });
        return;
      }
      case 'sync-reply':
        if (message.to !== this.cluster.instanceId) return;
        Y.applyUpdate(this.doc, unb64(message.update), { kind: 'relayed', id: null, userId: null, reason: null, reasons: null } satisfies RelayedOrigin);
        return;
    }
  }

  /** @internal */
  close(): void {
    this.closed = true;
    this.wakeAll();
  }

  private markAcked(ids: string[]): void {
    for (const id of ids) {
      this.pending.delete(id);
      this.acked.add(id);
    }
    if (this.acked.size > ACKED_MEMORY) {
      const drop = this.acked.size - ACKED_MEMORY;
      let i = 0;
      for (const id of this.acked) {
        if (i++ >= drop) break;
        this.acked.delete(id);
      }
    }
    this.wakeAll();
  }

  private wakeAll(): void {
    for (const wake of [...this.waiters]) wake();
  }
}

/**
 * This process's membership of the document cluster: a Redis connection to publish and one to subscribe,
 * and one dedicated PostgreSQL connection holding the advisory locks of the projects it owns.
 */
export class DocumentCluster {
  readonly instanceId = randomUUID();
  private readonly peers = new Map<string, DocumentPeer>();
  private lockRunner: Promise<QueryRunner> | null = null;
  private readonly ticker: NodeJS.Timeout;
  private ticking = false;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly logger: RealtimeLogger,
  ) {
    subscriber.on('messageBuffer', (channel: Buffer, payload: Buffer) => this.dispatch(channel.toString(), payload.toString()));
    // After a reconnect (Redis restarted: anything published meanwhile is gone), catch up with the peers.
    let readyBefore = subscriber.status === 'ready';
    subscriber.on('ready', () => {
      if (readyBefore) {
        this.requestSyncAll();
        for (const delay of RESYNC_AFTER_RECONNECT_MS) setTimeout(() => this.requestSyncAll(), delay).unref();
      }
      readyBefore = true;
    });
    this.ticker = setInterval(() => void this.tick(), OWNERSHIP_RETRY_MS);
    this.ticker.unref();
  }

  /**
   * Starts taking part for a loaded document. Tries the lock first, so the caller knows whether the rows it
   * reads next are the judge's truth.
   */
  async join(projectId: string, doc: Y.Doc, hooks: PeerHooks): Promise<DocumentPeer> {
    const peer = new DocumentPeer(projectId, doc, this, hooks);
    this.peers.set(projectId, peer);
    if (await this.tryLock(projectId)) peer.setOwner(true);
    return peer;
  }

  /** Starts listening and asks for what this document lacks (after the caller applied the stored state). */
  async listen(peer: DocumentPeer): Promise<void> {
    await this.subscriber.subscribe(CHANNEL_PREFIX + peer.projectId).catch((err: unknown) => {
      this.logger.warn({ err, projectId: peer.projectId }, 'subscribing to a document channel failed; retried on reconnect');
    });
    peer.requestSync();
  }

  async leave(peer: DocumentPeer): Promise<void> {
    if (this.peers.get(peer.projectId) !== peer) return;
    this.peers.delete(peer.projectId);
    const wasOwner = peer.isOwner();
    peer.close();
    await this.subscriber.unsubscribe(CHANNEL_PREFIX + peer.projectId).catch(() => {});
    if (wasOwner) await this.unlock(peer.projectId);
  }

  send(projectId: string, message: Message): void {
    this.publisher.publish(CHANNEL_PREFIX + projectId, JSON.stringify(message)).catch((err: unknown) => {
      this.logger.warn({ err, projectId }, 'relaying a document message failed');
    });
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.ticker);
    for (const peer of [...this.peers.values()]) await this.leave(peer);
    const runner = await this.lockRunner?.catch(() => null);
    this.lockRunner = null;
    await runner?.release().catch(() => {});
  }

  private requestSyncAll(): void {
    if (this.stopped) return;
    for (const peer of this.peers.values()) peer.requestSync();
  }

  private dispatch(channel: string, payload: string): void {
    if (!channel.startsWith(CHANNEL_PREFIX)) return;
    const peer = this.peers.get(channel.slice(CHANNEL_PREFIX.length));
    if (!peer) return;
    try {
      peer.receive(JSON.parse(payload) as Message);
    } catch (err) {
      this.logger.warn({ err, channel }, 'a relayed document message could not be applied');
    }
  }

  /** Projects without an owner here try to take the lock; a lost lock connection means no ownership at all. */
  private async tick(): Promise<void> {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    try {
      for (const peer of this.peers.values()) {
        peer.checkForGap();
        if (peer.isOwner()) continue;
        if (await this.tryLock(peer.projectId)) {
          if (this.peers.get(peer.projectId) === peer) peer.setOwner(true);
          else await this.unlock(peer.projectId);
        }
      }
    } finally {
      this.ticking = false;
    }
  }

  private async tryLock(projectId: string): Promise<boolean> {
    try {
      const runner = await this.runner();
      const rows: { locked: boolean }[] = await runner.query(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked`, [
        `project-document:${projectId}`,
      ]);
      return rows[0]?.locked === true;
    } catch (err) {
      this.lockConnectionLost(err);
      return false;
    }
  }

  private async unlock(projectId: string): Promise<void> {
    try {
      await (await this.lockRunner)?.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [`project-document:${projectId}`]);
    } catch (err) {
      this.lockConnectionLost(err);
    }
  }

  private runner(): Promise<QueryRunner> {
    this.lockRunner ??= (async () => {
      const runner = this.dataSource.createQueryRunner();
      await runner.connect();
      return runner;
    })();
    return this.lockRunner;
  }

  /** PostgreSQL dropped our locks with the connection: nobody here owns anything until it is retaken. */
  private lockConnectionLost(err: unknown): void {
    if (this.stopped) return;
    this.logger.warn({ err }, 'the document lock connection failed; ownership is retaken when it is back');
    const runner = this.lockRunner;
    this.lockRunner = null;
    runner?.then((r) => r.release()).catch(() => {});
    for (const peer of this.peers.values()) peer.setOwner(false);
  }
}

/** Per-task reasons as another process sent them: only pairs of strings are taken (it is Redis's word, not ours). */
function relayedReasons(pairs: unknown): ReadonlyMap<string, string> | null {
  if (!Array.isArray(pairs)) return null;
  const reasons = new Map<string, string>();
  for (const pair of pairs) if (Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string') reasons.set(pair[0], pair[1]);
  return reasons.size ? reasons : null;
}
