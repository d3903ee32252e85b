import { z } from 'zod';
import { joinResponseSchema } from '../schemas/enums.js';
import { joinRequestSchema, teamMemberSchema } from '../schemas/membership.js';
import { calendarDateSchema, projectSchema } from '../schemas/project.js';
import { TASK_MAX_ASSIGNEES, taskFieldSchemas, taskSchema } from '../schemas/task.js';
import { widgetSchema } from '../schemas/dashboard.js';
import { weeklyReportSchema } from '../schemas/report.js';
import { teamPlanSchema } from '../schemas/team.js';
import { chatMessageSchema, commentSchema, notificationSchema } from '../schemas/conversation.js';
import { isLevelledReason } from '../workload/labels.js';
import { customFieldSchema } from '../schemas/custom-field.js';
import { gridColumnIdSchema, savedGridViewSchema } from '../grid/view.js';

/**
 * The realtime protocol, one file per transport (STYLE §2).
 *
 * Socket.IO: the server alone puts a socket into rooms, after a membership check; clients never name a room.
 * Hocuspocus (Yjs) lives at COLLAB_PATH, one document per project named `project:{projectId}`.
 */
export const SOCKET_IO_PATH = '/socket.io';
export const COLLAB_PATH = '/collab';
/** Largest Socket.IO or WebSocket message accepted (ARCHITECTURE §4). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

export const rooms = {
  user: (userId: string) => `user:${userId}`,
  team: (teamId: string) => `team:${teamId}`,
  project: (projectId: string) => `project:${projectId}`,
  /** Every socket of one session (a digest of its id): signing out disconnects them. */
  session: (sessionKey: string) => `session:${sessionKey}`,
} as const;

export const projectDocumentName = (projectId: string) => `project:${projectId}`;

/**
 * The project document (ARCHITECTURE §3). Root Y.Map `tasks`: task id → Y.Map of the task's fields, named as in
 * the REST API (taskFieldSchemas: name, description, startDate, endDate, status, priority, progress, color,
 * assigneeId, assigneeIds, order), dates as 'yyyy-MM-dd' strings. Root Y.Map `dependencies`:
 * `${taskId}->${dependsOnTaskId}` → `{ type, lagDays }` (a bare `true` from before link types reads as FS, 0). The server validates every changed task after each transaction and
 * puts an invalid value back to its last valid one; only valid state reaches the database.
 */
export const TASKS_MAP = 'tasks';
export const DEPENDENCIES_MAP = 'dependencies';
/**
 * Root Y.Map `project`: the project's scheduling settings (autoSchedule, workingWeekdays, holidays), mirrored from
 * its row so that every client and the server's cascade read one calendar. Only the server writes it (from the row
 * at load, and on PATCH /api/projects/{id}); a client's write to it is put back.
 */
export const PROJECT_MAP = 'project';
export const PROJECT_SETTING_KEYS = ['autoSchedule', 'workingWeekdays', 'holidays'] as const;
/**
 * Root Y.Map `reasons`: history reasons in transit (issue 36). A browser's edit may carry, in its own transaction,
 * task id → the reason its history rows give that task ("Levelled: Ana over-allocated 3-5 Mar"). The server reads
 * them when it judges that transaction, takes them for tasks with an assignee whose dates it changed only, in
 * exactly a known shape (isCarriedReason), and takes every entry out at once, like content outside the schema: the map is empty at rest, and a teammate who sees an entry go by ignores it.
 */
export const EDIT_REASONS_MAP = 'reasons';
export const MAX_CARRIED_REASON_CHARS = 200;
/**
 * The reasons a browser's edit may carry: those of leveling applied in the chart, exactly as levelledReason writes
 * them, and at most MAX_CARRIED_REASON_CHARS. Anything else ("Levelled: <any text>") is no reason.
 */
export const isCarriedReason = (reason: string): boolean => reason.length <= MAX_CARRIED_REASON_CHARS && isLevelledReason(reason);

/**
 * Limits of the document, so that one member cannot make it unusable for everyone: the largest Yjs update one
 * /collab message may carry, the most tasks one update may add (judging and storing a few thousand at once held
 * the event loop for seconds), and the most tasks a project may hold.
 */
export const MAX_DOCUMENT_UPDATE_BYTES = 512 * 1024;
export const MAX_TASKS_PER_UPDATE = 100;
export const MAX_TASKS_PER_PROJECT = 100_000;
/**
 * What a project document may hold back as pending (issue 34 item 3): content Yjs cannot integrate yet because it
 * builds on an update the server lacks (a gap in a client's clock, a deletion of unknown content). Such content is
 * never judged, stored or served (documents/held-back.ts), but it is kept in memory and merged with every further
 * update of the same kind. Legitimately it is a few small edits for a second or two: a client's edit sent while
 * its reconnect sync is under way, or (scaled mode) the relayed updates that follow one lost between processes
 * until the peers' catch-up fills the gap. Four of the largest updates a client may send is far more than that,
 * and bounds what one person can make each document hold. Past it the held-back content is dropped: a client
 * whose content it was sends it again in its next sync, and in scaled mode the process asks its peers at once.
 */
export const MAX_PENDING_BYTES = 4 * MAX_DOCUMENT_UPDATE_BYTES;
/**
 * New tasks one person may add, on average and at once (a token bucket over all their connections and REST
 * calls; issue 34 item 8): two full updates, then one every five seconds, so nobody can hold the event loop by
 * repeating updates just under the cap, from however many connections. A person adds a few tasks a minute; a
 * paste, a few dozen. A project takes at most PROJECT_TASKS_ADDED_PER_SECOND (burst PROJECT_TASKS_ADDED_BURST)
 * from all its people together.
 */
export const TASKS_ADDED_PER_SECOND = MAX_TASKS_PER_UPDATE / 5;
export const TASKS_ADDED_BURST = 2 * MAX_TASKS_PER_UPDATE;
export const PROJECT_TASKS_ADDED_PER_SECOND = 2 * TASKS_ADDED_PER_SECOND;
export const PROJECT_TASKS_ADDED_BURST = 2 * TASKS_ADDED_BURST;
/**
 * Edits one person may make, over all their connections and every write path (a document update or sync step 2,
 * a REST task or dependency write; issue 34 item 1): a token bucket of EDITS_PER_SECOND with a burst of
 * EDITS_BURST. A person dragging and typing makes a few a second, a tab coming back online sends its offline
 * edits as a handful of messages; a script renaming tasks as fast as it can made hundreds a second and stalled
 * the embedded database for everyone. Past it the document connection is closed (TooManyChanges) before the
 * update is applied, so nothing acknowledged is lost, and a REST write is a 429.
 */
export const EDITS_PER_SECOND = 30;
export const EDITS_BURST = 300;
/** What the web shows when the server closed a document connection for too many changes. */
export const TOO_MANY_CHANGES_MESSAGE = 'Too many changes — slow down';
/** What the web shows when the server refused a document connection for being busy (CloseCode.Busy). */
export const SERVER_BUSY_MESSAGE = 'The server is busy — retrying…';

/**
 * What one /collab connection may make the server hold for it (issue 34). A sync step 1 is answered with everything
 * the asker lacks (from nothing: the whole document, ~1 MB for a plan of a few hundred tasks with notes), so a
 * client that asks again and again and never reads had every answer buffered. A browser asks once per connection;
 * past a burst of SYNC_REQUESTS_BURST, one every 60 / SYNC_REQUESTS_PER_MINUTE seconds. A sync request arriving
 * while more than MAX_UNREAD_BYTES_BEFORE_SYNC wait to be sent to that connection closes it (it is not reading what
 * it asked for), and a connection with more than MAX_UNSENT_BYTES waiting that reads none of it for a few seconds is
 * cut, whatever it sends (one message may be bigger by itself: a 100,000-task plan's first sync is ~36 MB).
 */
export const SYNC_REQUESTS_BURST = 10;
export const SYNC_REQUESTS_PER_MINUTE = 6;
export const MAX_UNREAD_BYTES_BEFORE_SYNC = 4 * 1024 * 1024;
export const MAX_UNSENT_BYTES = 32 * 1024 * 1024;
/** How often the bytes waiting to be sent to each /collab connection are checked against MAX_UNSENT_BYTES. */
export const UNSENT_BYTES_CHECK_MS = 1000;

export const dependencyKey = (taskId: string, dependsOnTaskId: string) => `${taskId}->${dependsOnTaskId}`;

/** A dependency of the document: `taskId` depends on `dependsOnTaskId`. */
export interface DependencyEdge {
  taskId: string;
  dependsOnTaskId: string;
}
export const edgeKey = (edge: DependencyEdge) => dependencyKey(edge.taskId, edge.dependsOnTaskId);

/**
 * Ids in the document are written one way only: lower-case uuids, as the server generates them and the database
 * returns them. `ABC…` and `abc…` would otherwise be two keys for one task (or two documents for one project).
 */
const CANONICAL_UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TASK_ID = new RegExp(`^${CANONICAL_UUID}$`);
const DEPENDENCY_KEY = new RegExp(`^(${CANONICAL_UUID})->(${CANONICAL_UUID})$`);
const DOCUMENT_NAME = new RegExp(`^project:(${CANONICAL_UUID})$`);

export const isCanonicalTaskId = (key: string) => TASK_ID.test(key);

export function parseDependencyKey(key: string): { taskId: string; dependsOnTaskId: string } | null {
  const match = DEPENDENCY_KEY.exec(key);
  return match ? { taskId: match[1]!, dependsOnTaskId: match[2]! } : null;
}

/** A key of the dependencies map as the schema writes it: two different tasks, canonical ids. */
export function isCanonicalDependencyKey(key: string): boolean {
  const edge = parseDependencyKey(key);
  return edge !== null && edge.taskId !== edge.dependsOnTaskId;
}

/**
 * Awareness (presence) state each client publishes on the project document: who they are and, while they hold
 * a bar, which task and what the bar would become. In-flight drags travel here, never as document edits. The
 * server binds `user` to the signed-in person (connection-guard.ts), whatever a client wrote there, and relays
 * an activity only when it parses here: its preview is checked like the task fields it previews, a link being
 * drawn like a place on the chart.
 */
const barActivitySchema = z.object({
  taskId: z.uuid(),
  kind: z.enum(['dragging', 'resizing', 'editing', 'progress']),
  /** [grid-cell-presence] Issue 39: with 'editing', the grid cell being typed in (teammates see its colour and name). */
  cell: gridColumnIdSchema.optional(),
  preview: z
    .object({ startDate: calendarDateSchema, endDate: calendarDateSchema, progress: taskFieldSchemas.progress })
    .partial()
    .optional(),
});

/** Farthest a link being drawn may point from its bar: a century of days, every row of the largest project. */
export const MAX_LINK_DRAFT_DAYS = 36_600;
/**
 * A link being drawn from a bar's end handle (`taskId`: the bar it leaves), shown to teammates as a line in the
 * drawer's colour. The pointer is told in the chart's own units, relative to the handle's end of the bar, so every
 * chart draws it at the same day and row whatever its zoom and scroll: `days` from that end's day boundary
 * (fractional), `rows` from the middle of the bar's row. `targetTaskId` is the bar under the pointer, when there
 * is one: the line then ends at that bar, as the drop would link it.
 */
export const linkDraftSchema = z.object({
  side: z.enum(['start', 'end']),
  targetTaskId: z.uuid().nullable(),
  days: z.number().min(-MAX_LINK_DRAFT_DAYS).max(MAX_LINK_DRAFT_DAYS),
  rows: z.number().min(-MAX_TASKS_PER_PROJECT).max(MAX_TASKS_PER_PROJECT),
});
export type LinkDraftPointer = z.infer<typeof linkDraftSchema>;
const linkingActivitySchema = z.object({ taskId: z.uuid(), kind: z.literal('linking'), link: linkDraftSchema });

/** What a person is doing: holding a bar (with what it would become), or drawing a link from one. */
export const presenceActivitySchema = z.discriminatedUnion('kind', [barActivitySchema, linkingActivitySchema]);
export type PresenceActivity = z.infer<typeof presenceActivitySchema>;
export const presenceUserSchema = z.object({ id: z.uuid(), name: z.string().max(200), color: z.string().regex(/^#[0-9a-fA-F]{6}$/) });
export const presenceStateSchema = z.object({
  user: presenceUserSchema,
  activity: presenceActivitySchema.nullable().optional(),
});
/** The most a presence state may take, as JSON: a name of 200 characters and a preview fit well inside. */
export const MAX_PRESENCE_STATE_BYTES = 2048;
/** Presence states one connection may keep per document (a browser keeps one; a few for tests and tabs). */
export const MAX_PRESENCE_CLIENTS_PER_CONNECTION = 4;
export type PresenceState = z.infer<typeof presenceStateSchema>;

/** The project of a document name, or null for any name that is not exactly `project:{lower-case uuid}`. */
export function parseProjectDocumentName(name: string): string | null {
  const match = DOCUMENT_NAME.exec(name);
  return match ? match[1]! : null;
}

/** Sent to a socket once the server has joined it to its rooms. */
export const sessionReadySchema = z.object({ userId: z.uuid() });

/** How often the server sends a dragged bar's load to the team (issue 36): per connection, at most once in this. */
export const WORKLOAD_PREVIEW_INTERVAL_MS = 120;
/**
 * While a drag lasts the server sends its preview again this often, even when the bar is held still (the browser
 * renews its presence far less often): a view drops a preview not renewed for a while (its end was lost).
 */
export const WORKLOAD_PREVIEW_RENEW_MS = 2000;
/** People one preview names at most: a task's assignees and the Unassigned row. */
export const WORKLOAD_PREVIEW_MAX_PEOPLE = TASK_MAX_ASSIGNEES + 1;
const loadRunSchema = z.object({ from: calendarDateSchema, to: calendarDateSchema, hours: z.number().finite() });
const workloadDeltaSchema = z.object({ userId: z.uuid().nullable(), runs: z.array(loadRunSchema).max(1000) });

/**
 * A persisted change touching more tasks than this is announced as one `tasks:reloaded` rather than one event per
 * task read back from the database (issue 37: an import of 10,000 tasks sent 10,000 `task:created`).
 */
export const TASK_EVENTS_BULK_LIMIT = 200;

/** Payload schemas of server-to-client events, keyed by event name. Later features add theirs here. */
export const serverEventSchemas = {
  'session:ready': sessionReadySchema,
  /** To the `user:{id}` rooms of the team's owner and admins (members may not see requests): someone asked to join. */
  'joinRequest:created': z.object({ teamId: z.uuid(), request: joinRequestSchema }),
  /** To the owner's and admins' `user:{id}` rooms and the requester's: a request was approved or denied. */
  'joinRequest:responded': z.object({ teamId: z.uuid(), requestId: z.uuid(), userId: z.uuid(), response: joinResponseSchema }),
  /** To `team:{id}`: a person joined (approval or invite link). */
  'member:joined': z.object({ teamId: z.uuid(), member: teamMemberSchema }),
  /** To `team:{id}` and the removed person's `user:{id}`. */
  'member:removed': z.object({ teamId: z.uuid(), userId: z.uuid() }),
  /** To `team:{id}` (and the project's guests): a project appeared or changed. */
  'project:created': z.object({ project: projectSchema.omit({ access: true }) }),
  'project:updated': z.object({ project: projectSchema.omit({ access: true }) }),
  /** To `project:{id}` once a change is in the database (dashboards and other views follow these). */
  'task:created': z.object({ projectId: z.uuid(), task: taskSchema }),
  'task:updated': z.object({ projectId: z.uuid(), task: taskSchema, fields: z.array(z.string()) }),
  'task:deleted': z.object({ projectId: z.uuid(), taskId: z.uuid() }),
  /**
   * To `project:{id}` instead of the events above when one persisted change touches more than TASK_EVENTS_BULK_LIMIT
   * tasks (an import, a restore): read the project's tasks again. `tasks` is how many the change touched.
   */
  'tasks:reloaded': z.object({ projectId: z.uuid(), tasks: z.number().int().nonnegative() }),
  /** To `user:{id}`: a layout saved in one tab or device, for the user's other open dashboards. */
  'dashboard:updated': z.object({ projectId: z.uuid().nullable(), layout: z.array(widgetSchema) }),
  /** To `project:{id}`: a weekly report was created or updated. */
  'report:created': z.object({ projectId: z.uuid(), report: weeklyReportSchema }),
  /**
   * To `team:{id}` and the owner's `user:{id}`: the team's plan changed (a payment, a failed renewal, a
   * cancellation). Members apply the plan and limits at once; the owner also rereads their user (currentPlan).
   */
  'team:updated': z.object({ teamId: z.uuid(), team: teamPlanSchema }),
  /** To `team:{id}`: a member's capacity changed (ids only: days off stay with those who may read them). */
  'capacity:updated': z.object({ teamId: z.uuid(), userId: z.uuid() }),
  /**
   * To `team:{id}` (issue 36), about every 120 ms while someone drags or resizes a bar of a task that loads the
   * team's people: the change to each person's load per day the bar shows (taskLoadDelta), hours only; no task,
   * project or holder, since a viewer may not be allowed to open the project. `previewId` names one drag; the
   * next event of the same id replaces it. Shown over the stored figures until `workload:previewEnd` or a read.
   */
  'workload:preview': z.object({ teamId: z.uuid(), previewId: z.uuid(), people: z.array(workloadDeltaSchema).max(WORKLOAD_PREVIEW_MAX_PEOPLE) }),
  /** To `team:{id}`: the drag of `previewId` ended (dropped, cancelled or gone). */
  'workload:previewEnd': z.object({ teamId: z.uuid(), previewId: z.uuid() }),
  /** To `project:{id}` (issue 38): a comment was posted, edited or deleted (a deleted one: "comment deleted"). */
  'comment:created': z.object({ projectId: z.uuid(), taskId: z.uuid(), comment: commentSchema }),
  'comment:updated': z.object({ projectId: z.uuid(), taskId: z.uuid(), comment: commentSchema }),
  'comment:deleted': z.object({ projectId: z.uuid(), taskId: z.uuid(), comment: commentSchema }),
  /** To `user:{id}`: a new notification, and the person's unread count with it. */
  'notification:created': z.object({ notification: notificationSchema, unread: z.number().int().nonnegative() }),
  /** To `user:{id}`: read or archived state changed (in another tab, or mark all read); refetch the inbox. */
  'notifications:changed': z.object({ unread: z.number().int().nonnegative() }),
  /** To `team:{id}`: a chat message was posted. */
  'chat:message': z.object({ teamId: z.uuid(), message: chatMessageSchema }),
  /** To `team:{id}`: who of the team's members has the app open now (their user ids). */
  'chat:presence': z.object({ teamId: z.uuid(), online: z.array(z.uuid()) }),
  /** To `project:{id}` (issue 39): a custom field was added, renamed, reordered or given other options. */
  'customField:saved': z.object({ projectId: z.uuid(), field: customFieldSchema }),
  /** To `project:{id}`: a custom field was removed (its values go in a server edit of the document). */
  'customField:deleted': z.object({ projectId: z.uuid(), fieldId: z.uuid() }),
  /**
   * A saved grid view was created or changed: to `project:{id}` when it is shared (or just stopped being: browsers
   * other than its owner's drop it), else to its owner's `user:{id}` only.
   */
  'gridView:saved': z.object({ projectId: z.uuid(), view: savedGridViewSchema }),
  'gridView:deleted': z.object({ projectId: z.uuid(), viewId: z.uuid() }),
  /** To `user:{id}`: the server changed which teams and projects this person belongs to; refetch them. */
  'access:changed': z.object({ teamId: z.uuid().nullable() }),
} as const;

export type ServerEventName = keyof typeof serverEventSchemas;

export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: z.infer<(typeof serverEventSchemas)[E]>) => void;
};

/** Clients send nothing over Socket.IO yet: writes go through REST or the project document. */
export type ClientToServerEvents = Record<string, never>;

/**
 * WebSocket close codes of /collab and reasons of refused Socket.IO handshakes. 4000-4999 is the range
 * RFC 6455 leaves to applications; the numbers mirror the HTTP statuses they stand for.
 */
export const CloseCode = {
  Unauthorized: 4401,
  Forbidden: 4403,
  NotFound: 4404,
  MessageTooBig: 1009,
  /** /collab: a message that does not parse, or too many for a document that is not open. */
  BadMessage: 4400,
  /** /collab: awareness sent faster than the per-connection limit allows, or tasks added past a budget (connection-guard.ts). */
  RateLimited: 4429,
  /** /collab: an update over MAX_DOCUMENT_UPDATE_BYTES, or one adding more than MAX_TASKS_PER_UPDATE tasks. */
  UpdateTooLarge: 4413,
  /** /collab: sync requests faster than SYNC_REQUESTS_PER_MINUTE, or while earlier answers are still unread. */
  NotReading: 4408,
  /** /collab: a person's edits over EDITS_PER_SECOND (burst EDITS_BURST); the web shows TOO_MANY_CHANGES_MESSAGE. */
  TooManyChanges: 4430,
  /**
   * /collab: the server is overloaded (its event loop runs late) and lets no new connection in for now; the provider
   * tries again with its backoff and the web shows SERVER_BUSY_MESSAGE. Connections already in stay, served slower.
   */
  Busy: 4503,
} as const;

export const HandshakeError = {
  Unauthorized: 'unauthorized',
  ForbiddenOrigin: 'forbidden_origin',
  /** The session could not be checked (the database is away): try again in a few seconds. */
  Unavailable: 'service_unavailable',
} as const;

/**
 * How long a client waits before trying again while the server's database is away: the API's and /collab's
 * Retry-After, and the browser's wait after a 'service_unavailable' handshake or document refusal.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
