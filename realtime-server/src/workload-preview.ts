import { randomUUID } from 'node:crypto';
import type { Hocuspocus } from '@hocuspocus/server';
import {
  ALLOCATION_DEFAULT,
  parseProjectDocumentName,
  rooms,
  taskLoadDelta,
  WORKLOAD_PREVIEW_INTERVAL_MS,
  WORKLOAD_PREVIEW_RENEW_MS,
  type Assignment,
  type LoadTask,
  type PersonCapacity,
  type PresenceActivity,
} from '@planline/domain';
import { readScheduleSettings, readTask, tasksMap, workCalendarOf } from '@planline/document';
import * as Y from 'yjs';
import type { RealtimeLogger } from './logger.js';
import type { RealtimeIo } from './socket-server.js';
import { Buckets } from './write-budgets.js';

/**
 * [workload-preview] A bar being dragged, as the workload view of every team it loads sees it (issue 36).
 *
 * The view opens no project document, so presence does not reach it. The process that holds the dragging
 * connection reads the parsed activity (connection-guard.ts), computes the task's load change per person with the
 * team's capacity and the project's calendar (taskLoadDelta), and emits `workload:preview` to each team room, with
 * `workload:previewEnd` when the activity clears, its document is refused or closed on the connection (the guard
 * feeds only documents open on it), or the connection goes. While the drag lasts its preview is sent again every
 * WORKLOAD_PREVIEW_RENEW_MS, so a bar held still stays on the views (the browser renews its presence only every
 * ~15 s). In scaled mode the Redis adapter carries the emit to the team's sockets on every process; only the process
 * with the connection computes.
 *
 * Bounded work whatever a client sends: per connection, at most one computation at a time and one per
 * WORKLOAD_PREVIEW_INTERVAL_MS (the latest activity wins, earlier ones are dropped); per person over all their
 * connections (tabs), COMPUTATIONS_PER_SECOND and TEAM_READS_PER_SECOND: a computation past the budget waits (its
 * connection's latest still wins). The teams and capacities of a task's people are read once per TEAMS_CACHE_MS (at
 * most TEAMS_CACHE_SIZE kept), so a drag switching tasks with the same people reads nothing more, and one switching
 * among other people reads within the person's budget. A team downgraded to Free, or a person who left it, stops
 * receiving previews within TEAMS_CACHE_MS (the realtime processes do not hear those changes; the cache is short
 * instead). A span past MAX_PREVIEW_SPAN_DAYS computes nothing.
 */

/** A team whose workload a task counts in, with the capacity there of the task's people who are its members. */
export interface PreviewTeam {
  teamId: string;
  /** The project's own team counts every assignee (and the Unassigned row); another team only its members. */
  ownsProject: boolean;
  people: PersonCapacity[];
}

/** Reads the teams (Pro's only: the view is theirs) a task of `projectId` assigned to `userIds` loads. */
export type PreviewTeamsReader = (projectId: string, userIds: string[]) => Promise<PreviewTeam[]>;

export const TEAMS_CACHE_MS = 2000;
export const TEAMS_CACHE_SIZE = 1000;
/** One person's computations over all their connections: two drags at full rate, and their renewals. */
export const COMPUTATIONS_PER_SECOND = (2 * 1000) / WORKLOAD_PREVIEW_INTERVAL_MS;
export const COMPUTATIONS_BURST = 16;
/** One person's reads of teams (cache misses) over all their connections. */
export const TEAM_READS_PER_SECOND = 2;
export const TEAM_READS_BURST = 10;

/** What one /collab connection tells the previews: its activity on a document, and its end. */
export interface PreviewFeed {
  activity(document: string, activity: PresenceActivity | null): void;
  close(): void;
}

interface Drag {
  previewId: string;
  document: string;
  taskId: string;
  /** Teams a preview of this drag was sent to, told when it ends. */
  teams: Set<string>;
  /** A summary task's bar carries no load (its subtasks do): nothing is sent for it. */
  summary: boolean | null;
}

type Preview = NonNullable<Extract<PresenceActivity, { preview?: unknown }>['preview']>;

/** How often a drag's preview is computed and sent; the defaults, except in tests. */
export interface PreviewTiming {
  intervalMs?: number;
  renewMs?: number;
  now?: () => number;
}

type Job = { drag: Drag; preview: Preview };

export class WorkloadPreviews {
  private readonly teams = new Map<string, { at: number; teams: Promise<PreviewTeam[]> }>();
  private readonly computations = new Buckets(COMPUTATIONS_PER_SECOND, COMPUTATIONS_BURST);
  private readonly teamReads = new Buckets(TEAM_READS_PER_SECOND, TEAM_READS_BURST);
  private readonly intervalMs: number;
  private readonly renewMs: number;
  private readonly now: () => number;

  constructor(
    private readonly io: RealtimeIo,
    private readonly hocuspocus: Pick<Hocuspocus, 'documents'>,
    private readonly readTeams: PreviewTeamsReader | undefined,
    private readonly logger: RealtimeLogger,
    timing: PreviewTiming = {},
  ) {
    this.intervalMs = timing.intervalMs ?? WORKLOAD_PREVIEW_INTERVAL_MS;
    this.renewMs = timing.renewMs ?? WORKLOAD_PREVIEW_RENEW_MS;
    this.now = timing.now ?? (() => performance.now());
  }

  /** The feed of one connection of `userId`. */
  connection(userId: string): PreviewFeed {
    let drag: Drag | null = null;
    let pending: Job | null = null;
    let timer: NodeJS.Timeout | undefined;
    let renewal: NodeJS.Timeout | undefined;
    let running = false;
    let lastRun = -Infinity;

    const end = () => {
      clearTimeout(renewal);
      if (!drag) return;
      for (const teamId of drag.teams) this.io.to(rooms.team(teamId)).emit('workload:previewEnd', { teamId, previewId: drag.previewId });
      drag = null;
      pending = latest = null;
    };
    const schedule = () => {
      if (timer || running || !pending) return;
      timer = setTimeout(run, Math.max(0, lastRun + this.intervalMs - this.now()));
      timer.unref?.();
    };
    /** The drag's latest activity: what a renewal sends again. */
    let latest: Job | null = null;
    // The drag's latest preview again, unless a newer one is on its way (whose sending renews in turn).
    const renewLater = () => {
      clearTimeout(renewal);
      renewal = setTimeout(() => {
        if (!drag || latest?.drag !== drag || pending || running) return;
        pending = latest;
        schedule();
      }, this.renewMs);
      renewal.unref?.();
    };
    const run = () => {
      timer = undefined;
      const job = pending;
      pending = null;
      if (!job) return;
      lastRun = this.now();
      // Past the person's budget the job waits an interval (a newer activity of this connection replaces it).
      const wait = () => {
        if (drag === job.drag) pending ??= job;
      };
      if (!this.computations.take(userId, 1)) {
        wait();
        return schedule();
      }
      running = true;
      this.send(job.drag, job.preview, () => drag === job.drag, userId)
        .then((sent) => {
          if (!sent) wait();
          else if (drag === job.drag) renewLater();
        })
        .catch((err: unknown) => this.logger.warn({ err }, 'workload preview failed'))
        .finally(() => {
          running = false;
          schedule();
        });
    };

    return {
      activity: (document, activity) => {
        const moving = activity && (activity.kind === 'dragging' || activity.kind === 'resizing') && activity.preview ? activity : null;
        if (!moving || !(moving.preview!.startDate || moving.preview!.endDate)) {
          if (drag?.document === document) end();
          return;
        }
        if (drag && (drag.document !== document || drag.taskId !== moving.taskId)) end();
        drag ??= { previewId: randomUUID(), document, taskId: moving.taskId, teams: new Set(), summary: null };
        pending = latest = { drag, preview: moving.preview! };
        schedule();
      },
      close: () => {
        clearTimeout(timer);
        end();
      },
    };
  }

  /**
   * Computes one drag's load change and sends it to each team, unless the drag ended meanwhile. False when it must
   * wait: its teams are not known and the person's budget of reads is spent.
   */
  private async send(drag: Drag, preview: Preview, current: () => boolean, userId: string): Promise<boolean> {
    const projectId = parseProjectDocumentName(drag.document);
    const doc = this.hocuspocus.documents.get(drag.document);
    if (!projectId || !doc || !this.readTeams) return true;
    const task = loadTaskOf(doc, projectId, drag.taskId);
    if (!task) return true;
    drag.summary ??= isSummary(doc, drag.taskId);
    if (drag.summary) return true;
    const known = this.teamsOf(projectId, task.assignments.map((a) => a.userId), userId);
    if (!known) return false;
    const teams = await known;
    if (!current()) return true;
    const calendar = workCalendarOf(readScheduleSettings(doc));
    for (const team of teams) {
      const members = new Set(team.people.map((p) => p.userId));
      const assignments = team.ownsProject ? task.assignments : task.assignments.filter((a) => members.has(a.userId));
      if (!assignments.length && !team.ownsProject) continue;
      const people = taskLoadDelta({ task: { ...task, assignments }, preview, people: team.people, calendar });
      this.io.to(rooms.team(team.teamId)).emit('workload:preview', { teamId: team.teamId, previewId: drag.previewId, people });
      drag.teams.add(team.teamId);
    }
    return true;
  }

  /** The teams of a task's people, read at most once per TEAMS_CACHE_MS; null past `reader`'s budget of reads. */
  private teamsOf(projectId: string, userIds: string[], reader: string): Promise<PreviewTeam[]> | null {
    const key = `${projectId}:${[...userIds].sort().join(',')}`;
    const now = this.now();
    const known = this.teams.get(key);
    if (known && now - known.at < TEAMS_CACHE_MS) return known.teams;
    if (!this.teamReads.take(reader, 1)) return null;
    if (this.teams.size >= TEAMS_CACHE_SIZE) this.teams.clear();
    const teams = this.readTeams!(projectId, userIds);
    this.teams.set(key, { at: now, teams });
    // A failed read is not kept: the next preview asks again.
    teams.catch(() => this.teams.get(key)?.teams === teams && this.teams.delete(key));
    return teams;
  }
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isId = (v: unknown): v is string => isString(v) && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v);
const isDate = (v: unknown): v is string => isString(v) && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The task as stored in the document, as the load arithmetic reads it; null for one that is missing or malformed. */
export function loadTaskOf(doc: Y.Doc, projectId: string, taskId: string): LoadTask | null {
  const fields = readTask(doc, taskId);
  if (!fields || !isDate(fields.startDate) || !isDate(fields.endDate)) return null;
  const ids = Array.isArray(fields.assigneeIds) ? fields.assigneeIds.filter(isId) : [];
  const shares = fields.allocations && typeof fields.allocations === 'object' ? (fields.allocations as Record<string, unknown>) : {};
  const assignments: Assignment[] = [...new Set(ids)].map((userId) => {
    const share = shares[userId];
    return { userId, allocation: typeof share === 'number' && share > 0 && share <= 200 ? share : ALLOCATION_DEFAULT };
  });
  return { id: taskId, projectId, startDate: fields.startDate, endDate: fields.endDate, kind: fields.kind === 'milestone' ? 'milestone' : 'task', assignments };
}

function isSummary(doc: Y.Doc, taskId: string): boolean {
  for (const entry of tasksMap(doc).values()) if (entry instanceof Y.Map && entry.get('parentId') === taskId) return true;
  return false;
}
