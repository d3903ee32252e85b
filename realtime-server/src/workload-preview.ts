import { randomUUID } from 'node:crypto';
import type { Hocuspocus } from '@hocuspocus/server';
import {
  ALLOCATION_DEFAULT,
  parseProjectDocumentName,
  rooms,
  taskLoadDelta,
  WORKLOAD_PREVIEW_INTERVAL_MS,
  type Assignment,
  type LoadTask,
  type PersonCapacity,
  type PresenceActivity,
} from '@planline/domain';
import { readScheduleSettings, readTask, tasksMap, workCalendarOf } from '@planline/document';
import * as Y from 'yjs';
import type { RealtimeLogger } from './logger.js';
import type { RealtimeIo } from './socket-server.js';

/**
 * [workload-preview] A bar being dragged, as the workload view of every team it loads sees it (issue 36).
 *
 * The view opens no project document, so presence does not reach it. The process that holds the dragging
 * connection reads the parsed activity (connection-guard.ts), computes the task's load change per person with the
 * team's capacity and the project's calendar (taskLoadDelta), and emits `workload:preview` to each team room, with
 * `workload:previewEnd` when the activity clears or the connection goes. In scaled mode the Redis adapter carries
 * the emit to the team's sockets on every process; only the process with the connection computes.
 *
 * Bounded work whatever a client sends: per connection, at most one computation at a time and one per
 * WORKLOAD_PREVIEW_INTERVAL_MS (the latest activity wins, earlier ones are dropped); the teams and capacities of a
 * task's people are read once per TEAMS_CACHE_MS (at most TEAMS_CACHE_SIZE kept); a span past
 * MAX_PREVIEW_SPAN_DAYS computes nothing.
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

export const TEAMS_CACHE_MS = 5000;
export const TEAMS_CACHE_SIZE = 1000;

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

export class WorkloadPreviews {
  private readonly teams = new Map<string, { at: number; teams: Promise<PreviewTeam[]> }>();

  constructor(
    private readonly io: RealtimeIo,
    private readonly hocuspocus: Pick<Hocuspocus, 'documents'>,
    private readonly readTeams: PreviewTeamsReader | undefined,
    private readonly logger: RealtimeLogger,
    private readonly intervalMs = WORKLOAD_PREVIEW_INTERVAL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The feed of one connection. */
  connection(): PreviewFeed {
    let drag: Drag | null = null;
    let pending: { drag: Drag; preview: Preview } | null = null;
    let timer: NodeJS.Timeout | undefined;
    let running = false;
    let lastRun = -Infinity;

    const end = () => {
      if (!drag) return;
      for (const teamId of drag.teams) this.io.to(rooms.team(teamId)).emit('workload:previewEnd', { teamId, previewId: drag.previewId });
      drag = null;
      pending = null;
    };
    const schedule = () => {
      if (timer || running || !pending) return;
      timer = setTimeout(run, Math.max(0, lastRun + this.intervalMs - this.now()));
      timer.unref?.();
    };
    const run = () => {
      timer = undefined;
      const job = pending;
      pending = null;
      if (!job) return;
      running = true;
      lastRun = this.now();
      this.send(job.drag, job.preview, () => drag === job.drag)
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
        pending = { drag, preview: moving.preview! };
        schedule();
      },
      close: () => {
        clearTimeout(timer);
        end();
      },
    };
  }

  /** Computes one drag's load change and sends it to each team, unless the drag ended meanwhile. */
  private async send(drag: Drag, preview: Preview, current: () => boolean): Promise<void> {
    const projectId = parseProjectDocumentName(drag.document);
    const doc = this.hocuspocus.documents.get(drag.document);
    if (!projectId || !doc || !this.readTeams) return;
    const task = loadTaskOf(doc, projectId, drag.taskId);
    if (!task) return;
    drag.summary ??= isSummary(doc, drag.taskId);
    if (drag.summary) return;
    const teams = await this.teamsOf(projectId, task.assignments.map((a) => a.userId));
    if (!current()) return;
    const calendar = workCalendarOf(readScheduleSettings(doc));
    for (const team of teams) {
      const members = new Set(team.people.map((p) => p.userId));
      const assignments = team.ownsProject ? task.assignments : task.assignments.filter((a) => members.has(a.userId));
      if (!assignments.length && !team.ownsProject) continue;
      const people = taskLoadDelta({ task: { ...task, assignments }, preview, people: team.people, calendar });
      this.io.to(rooms.team(team.teamId)).emit('workload:preview', { teamId: team.teamId, previewId: drag.previewId, people });
      drag.teams.add(team.teamId);
    }
  }

  private teamsOf(projectId: string, userIds: string[]): Promise<PreviewTeam[]> {
    const key = `${projectId}:${[...userIds].sort().join(',')}`;
    const now = this.now();
    const known = this.teams.get(key);
    if (known && now - known.at < TEAMS_CACHE_MS) return known.teams;
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
