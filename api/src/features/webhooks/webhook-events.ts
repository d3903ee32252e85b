import { randomUUID } from 'node:crypto';
import { effectivePlan, rooms, type ServerEventName, type ServerToClientEvents, type WebhookEvent } from '@planline/domain';
import type { PersistedChanges, RealtimeBus } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import type { Logger } from '../../logger.js';
import { enabledWebhooksOf, insertDeliveries, type NewDelivery, type SubscribedRow } from './webhooks.queries.js';

/** How long events gather before one query finds their endpoints and one INSERT stores their deliveries. */
export const WEBHOOK_GATHER_MS = 200;
/** How long a team's endpoints are trusted from memory (this process forgets them at once when they change here). */
const ENDPOINTS_CACHE_MS = 5_000;
/** Events held while the database is away; past this the oldest are dropped (and logged). */
const MAX_QUEUED_EVENTS = 50_000;

interface QueuedEvent {
  event: WebhookEvent;
  /** The team, or the project it is resolved from. */
  teamId: string | null;
  projectId: string | null;
  data: unknown;
  at: Date;
}

export interface WebhookQueueOptions {
  now?: () => Date;
  /** Told after deliveries were stored (the dispatcher of this process starts on them at once). */
  onQueued?: () => void;
}

/**
 * Issue 40: the team's events, queued in memory by whoever saw them (the document store's persisted changes, the
 * API's realtime events) and stored as deliveries every WEBHOOK_GATHER_MS, off every request's path: `add` returns at
 * once, and an edit never waits on a webhook. The dispatcher (webhook-dispatcher.ts) sends them.
 */
export class WebhookQueue {
  private queued: QueuedEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly endpoints = new Map<string, { at: number; rows: SubscribedRow[] }>();
  private readonly projectTeams = new Map<string, string>();
  private readonly now: () => Date;

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
    private readonly options: WebhookQueueOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  add(event: WebhookEvent, where: { teamId: string } | { projectId: string }, data: unknown): void {
    if (this.queued.length >= MAX_QUEUED_EVENTS) {
      this.queued.shift();
      this.logger.warn({ event }, 'webhook queue full: the oldest event was dropped');
    }
    this.queued.push({ event, teamId: 'teamId' in where ? where.teamId : null, projectId: 'projectId' in where ? where.projectId : null, data, at: this.now() });
    this.timer ??= setTimeout(() => void this.flush(), WEBHOOK_GATHER_MS);
    this.timer.unref?.();
  }

  /** Forgets a team's endpoints (they changed). */
  invalidate(teamId: string): void {
    this.endpoints.delete(teamId);
  }

  /** Stores what is queued now; resolves when it is stored (close() and tests wait on it). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const previous = this.flushing ?? Promise.resolve();
    const next = previous.then(() => this.store());
    this.flushing = next;
    void next.finally(() => {
      if (this.flushing === next) this.flushing = null;
    });
    return next;
  }

  private async store(): Promise<void> {
    const batch = this.queued;
    this.queued = [];
    if (!batch.length) return;
    try {
      await this.resolveTeams(batch);
      const teams = [...new Set(batch.map((e) => e.teamId).filter((t): t is string => !!t))];
      const byTeam = await this.endpointsOf(teams);
      const now = this.now();
      const deliveries: NewDelivery[] = [];
      for (const e of batch) {
        for (const hook of (e.teamId && byTeam.get(e.teamId)) || []) {
          if (!hook.events.includes(e.event)) continue;
          const id = randomUUID();
          deliveries.push({ id, webhookId: hook.id, event: e.event, createdAt: now, payload: { id, event: e.event, createdAt: e.at.toISOString(), teamId: e.teamId, data: e.data } });
        }
      }
      await insertDeliveries(this.dataSource, deliveries);
      if (deliveries.length) this.options.onQueued?.();
    } catch (err) {
      this.logger.error({ err, events: batch.length }, 'webhook deliveries could not be stored');
    }
  }

  private async resolveTeams(batch: QueuedEvent[]): Promise<void> {
    const unknown = [...new Set(batch.filter((e) => !e.teamId && e.projectId && !this.projectTeams.has(e.projectId)).map((e) => e.projectId!))];
    if (unknown.length) {
      const rows: { id: string; team_id: string }[] = await this.dataSource.query(`SELECT id, team_id FROM projects WHERE id = ANY($1::uuid[])`, [unknown]);
      if (this.projectTeams.size > 10_000) this.projectTeams.clear();
      for (const row of rows) this.projectTeams.set(row.id, row.team_id);
    }
    for (const e of batch) if (!e.teamId && e.projectId) e.teamId = this.projectTeams.get(e.projectId) ?? null;
  }

  /** Each team's enabled endpoints, on a plan that sends them: one query for the teams not in memory. */
  private async endpointsOf(teamIds: string[]): Promise<Map<string, SubscribedRow[]>> {
    const nowMs = Date.now();
    const missing = teamIds.filter((t) => (this.endpoints.get(t)?.at ?? -Infinity) < nowMs - ENDPOINTS_CACHE_MS);
    if (missing.length) {
      const rows = await enabledWebhooksOf(this.dataSource, missing);
      if (this.endpoints.size > 10_000) this.endpoints.clear();
      for (const teamId of missing) this.endpoints.set(teamId, { at: nowMs, rows: [] });
      const now = this.now();
      for (const row of rows) {
        // A team back on Free keeps its endpoints but sends nothing.
        const plan = effectivePlan({ subscriptionPlan: row.subscription_plan, subscriptionStatus: row.subscription_status, trialEndsAt: row.trial_ends_at }, now);
        if (plan !== 'free') this.endpoints.get(row.team_id)!.rows.push(row);
      }
    }
    return new Map(teamIds.map((t) => [t, this.endpoints.get(t)?.rows ?? []]));
  }
}

type Fields = Record<string, unknown>;

/**
 * The task events of one persisted change: created, updated (with each changed field's old and new value) and deleted
 * per task, and one task.moved_by_dependency per cascade listing the tasks it moved. A task a cascade moved is in the
 * cascade's event, not in a task.updated of its own. Listeners must not change the rows (PersistedChanges).
 */
export function persistedWebhookListener(queue: WebhookQueue): (changes: PersistedChanges) => void {
  return (changes) => {
    const { projectId, actorId, rows, cascadeReasons } = changes;
    const where = { projectId };
    for (const [id, task] of rows.created) queue.add('task.created', where, { actorId, task: { id, projectId, ...(task as Fields) } });
    const moves: unknown[] = [];
    for (const [id, after, fields, before] of rows.updated) {
      const a = after as Fields;
      const b = before as Fields;
      if (cascadeReasons?.has(id)) {
        moves.push({ taskId: id, name: a.name, from: { startDate: b.startDate, endDate: b.endDate }, to: { startDate: a.startDate, endDate: a.endDate } });
        continue;
      }
      const changed = Object.fromEntries(fields.map((f) => [f, { from: b[f] ?? null, to: a[f] ?? null }]));
      queue.add('task.updated', where, { actorId, task: { id, projectId, ...a }, changes: changed });
    }
    for (const [id, task] of rows.deleted) queue.add('task.deleted', where, { actorId, task: { id, projectId, ...(task as Fields) } });
    if (moves.length) queue.add('task.moved_by_dependency', where, { actorId, projectId, moves });
  };
}

type Payload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * The realtime bus the API emits on, with the events webhooks carry also queued for them: projects made and
 * changed, people joining and leaving the team (leaving a project as its guest is not leaving the team), comments.
 * One place, so no service learns about webhooks.
 */
export function busWithWebhooks(bus: RealtimeBus, queue: WebhookQueue): RealtimeBus {
  const tap = (room: string | string[], event: ServerEventName, payload: unknown): void => {
    switch (event) {
      case 'project:created':
      case 'project:updated': {
        const { project } = payload as Payload<'project:created'>;
        queue.add(event === 'project:created' ? 'project.created' : 'project.updated', { teamId: project.teamId }, { project });
        return;
      }
      case 'member:joined': {
        const { teamId, member } = payload as Payload<'member:joined'>;
        queue.add('member.joined', { teamId }, { member });
        return;
      }
      case 'member:removed': {
        const { teamId, userId } = payload as Payload<'member:removed'>;
        if ([room].flat().includes(rooms.team(teamId))) queue.add('member.removed', { teamId }, { userId });
        return;
      }
      case 'comment:created': {
        const { projectId, taskId, comment } = payload as Payload<'comment:created'>;
        queue.add('comment.created', { projectId }, { projectId, taskId, comment });
        return;
      }
      default:
    }
  };
  return {
    emit(room, event, payload) {
      bus.emit(room, event, payload);
      tap(room, event, payload);
    },
    joinRooms: (userId, roomNames) => bus.joinRooms(userId, roomNames),
    leaveRooms: (userId, roomNames) => bus.leaveRooms(userId, roomNames),
    closeProjectDocuments: (userId, projectIds) => bus.closeProjectDocuments(userId, projectIds),
    onlineInTeam: (teamId) => bus.onlineInTeam(teamId),
    closeSession: (sessionKey) => bus.closeSession(sessionKey),
  };
}
