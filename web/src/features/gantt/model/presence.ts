import { presenceStateSchema, type GridColumnId, type LinkDraftPointer, type PresenceActivity, type PresenceState } from '@planline/domain';

export type PresenceUser = PresenceState['user'];
type BarActivity = Exclude<PresenceActivity, { kind: 'linking' }>;
/** What someone does to a bar (a link being drawn is not: it holds no bar). */
export type ActivityKind = BarActivity['kind'];
export type ActivityPreview = NonNullable<BarActivity['preview']>;

/** Someone else holding a task bar, or editing a task. */
export interface RemoteActivity {
  clientId: number;
  user: PresenceUser;
  kind: ActivityKind;
  preview: ActivityPreview | null;
  /** [grid-cell-presence] The grid cell they are typing in (kind 'editing'), or null. */
  cell: GridColumnId | null;
}

/** Someone else drawing a link from a bar's handle. */
export interface RemoteLinkDraft {
  clientId: number;
  user: PresenceUser;
  fromTaskId: string;
  pointer: LinkDraftPointer;
}

export interface PresenceSnapshot {
  /** Everyone else with the project open, one entry per person, by name. */
  viewers: readonly PresenceUser[];
  /** Task id → who is holding it (the most recent client when two hold the same bar). */
  activities: ReadonlyMap<string, RemoteActivity>;
  /** Links being drawn by other clients, by client id. */
  linkDrafts: readonly RemoteLinkDraft[];
}

/**
 * Distinct, readable on white, and dark enough for white initials and names at WCAG AA (4.5:1): the 600 and 700
 * shades (orange-600 carried white at 3.55:1, issue 33).
 */
export const PRESENCE_PALETTE = ['#2563eb', '#be185d', '#15803d', '#9333ea', '#c2410c', '#0e7490', '#dc2626', '#4f46e5', '#a16207', '#0f766e'];

/** [presence-color] A person's colour, the same in every browser: a hash of the user id. */
export function userColor(userId: string): string {
  let hash = 0;
  for (let i = 0; i < userId.length; i += 1) hash = (hash * 31 + userId.charCodeAt(i)) >>> 0;
  return PRESENCE_PALETTE[hash % PRESENCE_PALETTE.length]!;
}

export function presenceInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[words.length - 1]![0]}` : (words[0]?.slice(0, 2) ?? '?');
  return letters.toUpperCase();
}

const sameUser = (a: PresenceUser, b: PresenceUser) => a.id === b.id && a.name === b.name && a.color === b.color;
const samePreview = (a: ActivityPreview | null, b: ActivityPreview | null) =>
  a === b || (!!a && !!b && a.startDate === b.startDate && a.endDate === b.endDate && a.progress === b.progress);
const sameActivity = (a: RemoteActivity | undefined, b: RemoteActivity) =>
  !!a && a.clientId === b.clientId && a.kind === b.kind && a.cell === b.cell && sameUser(a.user, b.user) && samePreview(a.preview, b.preview);
const samePointer = (a: LinkDraftPointer, b: LinkDraftPointer) =>
  a.side === b.side && a.targetTaskId === b.targetTaskId && a.days === b.days && a.rows === b.rows;
const sameDraft = (a: RemoteLinkDraft | undefined, b: RemoteLinkDraft) =>
  !!a && a.clientId === b.clientId && a.fromTaskId === b.fromTaskId && sameUser(a.user, b.user) && samePointer(a.pointer, b.pointer);

/**
 * [presence] Reads the awareness states of a project document: viewers are the other people (not this client,
 * not this user's other tabs), activities (bars held) and link drafts are every other client's; each state is
 * checked against the protocol's schema since it comes from other browsers. Entries equal to `previous` ones are
 * reused so that only the rows whose holder changed re-render.
 */
export function readPresence(
  states: ReadonlyMap<number, unknown>,
  own: { clientId: number; userId: string | null },
  previous: PresenceSnapshot = { viewers: [], activities: new Map(), linkDrafts: [] },
): PresenceSnapshot {
  const viewers = new Map<string, PresenceUser>();
  const activities = new Map<string, RemoteActivity>();
  const linkDrafts: RemoteLinkDraft[] = [];
  const clientIds = [...states.keys()].sort((a, b) => a - b);
  for (const clientId of clientIds) {
    if (clientId === own.clientId) continue;
    const parsed = presenceStateSchema.safeParse(states.get(clientId));
    if (!parsed.success) continue;
    const { user, activity } = parsed.data;
    // This user's other tabs are not "someone else viewing", but a bar they hold still follows their pointer.
    if (user.id !== own.userId && !viewers.has(user.id)) viewers.set(user.id, user);
    if (activity?.kind === 'linking') {
      const draft: RemoteLinkDraft = { clientId, user, fromTaskId: activity.taskId, pointer: activity.link };
      const before = previous.linkDrafts.find((d) => d.clientId === clientId);
      linkDrafts.push(sameDraft(before, draft) ? before! : draft);
    } else if (activity) {
      const entry: RemoteActivity = { clientId, user, kind: activity.kind, preview: activity.preview ?? null, cell: activity.cell ?? null };
      const before = previous.activities.get(activity.taskId);
      activities.set(activity.taskId, sameActivity(before, entry) ? before! : entry);
    }
  }
  const viewerList = [...viewers.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const sameViewers =
    viewerList.length === previous.viewers.length && viewerList.every((v, i) => sameUser(v, previous.viewers[i]!));
  const sameActivities =
    activities.size === previous.activities.size && [...activities].every(([id, a]) => previous.activities.get(id) === a);
  const sameDrafts = linkDrafts.length === previous.linkDrafts.length && linkDrafts.every((d, i) => d === previous.linkDrafts[i]);
  return {
    viewers: sameViewers ? previous.viewers : viewerList,
    activities: sameActivities ? previous.activities : activities,
    linkDrafts: sameDrafts ? previous.linkDrafts : linkDrafts,
  };
}
