import { CloseCode } from '@planline/domain';
import { FAILED_ATTEMPTS_BEFORE_ERROR } from './connection-constants';
import type { ConnectionState, ConnectionStatus } from './connection-types';

/**
 * [session] A project's connection as one state machine: every decision about what the chart shows and when
 * (which picture paints first, when it is editable, when it says it cannot connect) is taken here, from events the
 * document host (document-host.ts) reports, and comes back as the next session and the effects to carry out. No
 * DOM, no socket, no document: session.test.ts drives it with a fake socket and server.
 *
 *                    ┌──────────────── the copy's snapshot or the server's list painted ───────────────┐
 *                    │                                                                                  ▼
 *   connecting ──────┼── 3 closes without a sync ──► unreachable ── a picture painted ──────────► preview
 *       │            │                                    │                                         │
 *       │            └── the kept document merged ────────┴──────────► local ◄── the kept document ─┘
 *       │                                                               │            merged
 *       └────────────────────────── the first sync, read by the chart ──┴──────────────► synced
 *
 *   any state ── the server refuses the person ──► denied (the copy is deleted; a retry opens a new session)
 *
 * 'preview' paints bars from a picture (the copy's snapshot, the server's task list) while the document is not in:
 * edits wait in the outbox (document-serve.ts) and are written once it is, at 'local' or 'synced'. 'online' and
 * 'failedAttempts' follow the socket in every state.
 */

/** Whether this device keeps a snapshot to paint: not yet known, yes, or no. */
export type KeptSnapshot = 'unknown' | 'yes' | 'no';

/**
 * The server's task list: not asked for, asked for, read and waiting to be painted, or done with (painted, or none
 * to paint).
 */
export type ServerList = 'unasked' | 'asked' | 'waiting' | 'done';

export interface Session {
  /** What the chart is told (connection-types.ts). */
  shown: ConnectionState;
  /** Whether the server has said what this person may do: its word stands over what the copy remembers. */
  scopeHeard: boolean;
  /** Whether the copy remembers the server allowing only reading (until it says, read-only). */
  storedReadOnly: boolean;
  keptSnapshot: KeptSnapshot;
  serverList: ServerList;
  /** The provider streams the document's updates to the server: from the first sync on. */
  streaming: boolean;
  /**
   * This browser changed the document before the first sync (a kept copy is editable meanwhile): such an edit may
   * have been made after the server asked what it lacks, so the sync is done again once.
   */
  editedBeforeSync: boolean;
}

export type SessionEvent =
  /** The copy's scope and snapshot were read: `snapshot`, it keeps a synced one to paint. */
  | { on: 'stored'; snapshot: boolean; readOnly: boolean }
  /** The copy's stored document is merged into the document: `synced`, it held the server's once. */
  | { on: 'copy-loaded'; synced: boolean }
  /** The chart has read the merged copy (effect 'reconcile-copy' done). */
  | { on: 'copy-read' }
  /** The server's task list was read: `found`, there is one to paint. */
  | { on: 'server-list'; found: boolean }
  /** The socket's handshake: the server lets this person in, to edit or only to read. */
  | { on: 'authenticated'; readOnly: boolean }
  /** The handshake failed: `unavailable`, the server could not check access (not a refusal). */
  | { on: 'refused'; unavailable: boolean }
  /** The provider has synced with the server. */
  | { on: 'synced' }
  /** The chart has read the synced document (effect 'reconcile-sync' done); `online`, the provider still is. */
  | { on: 'sync-read'; online: boolean }
  | { on: 'socket-open' }
  | { on: 'socket-down' }
  /** The socket closed, with the server's close code when it gave one. */
  | { on: 'socket-closed'; code?: number }
  /** This browser changed the document (its own edit or undo). */
  | { on: 'edited' }
  | { on: 'undo-stack'; canUndo: boolean; canRedo: boolean };

export type SessionEffect =
  /** Read the server's task list (fetchServerSnapshot), then report 'server-list'. */
  | 'ask-server-list'
  /** The list says the first sync will be big: get ready to take it in slices (sliced-sync.ts). */
  | 'expect-big-sync'
  /** Paint the copy's snapshot. */
  | 'paint-kept'
  /** Paint the server's task list. */
  | 'paint-server-list'
  /** Let the chart read the merged copy, then report 'copy-read'. */
  | 'reconcile-copy'
  /** Let the chart read the synced document, then report 'sync-read'. */
  | 'reconcile-sync'
  /** Start streaming the document's updates to the server. */
  | 'stream-edits'
  /** Exchange state vectors again: the server gets what it lacks. */
  | 'resync'
  /** Mark the copy synced with the scope the chart shows (a later visit may paint it). */
  | 'remember-sync'
  /** Delete this device's copy (access is gone). */
  | 'forget-copy'
  | 'disconnect'
  /** Connect again after the server's advised wait. */
  | 'retry-later';

export interface Step {
  session: Session;
  effects: SessionEffect[];
}

/** The states a picture may be painted in: nothing better is on screen yet. */
const PAINTABLE: ReadonlySet<ConnectionStatus> = new Set(['connecting', 'unreachable']);

/**
 * A session as its connection opens: `copyKnown`, this device has opened the project's copy before (else it holds
 * nothing to paint and the server's list is asked for at once); `kept`, this browser keeps documents at all.
 */
export function openSession(copyKnown: boolean, kept: boolean): Step {
  const session: Session = {
    shown: { status: 'connecting', online: false, failedAttempts: 0, kept, readOnly: false, canUndo: false, canRedo: false },
    scopeHeard: false,
    storedReadOnly: true,
    keptSnapshot: copyKnown ? 'unknown' : 'no',
    serverList: 'unasked',
    streaming: false,
    editedBeforeSync: false,
  };
  return copyKnown ? { session, effects: [] } : askServerList(session, []);
}

/** The session after `event`, and what to do about it (in order). */
export function sessionStep(before: Session, event: SessionEvent): Step {
  const effects: SessionEffect[] = [];
  let s: Session = before;
  const show = (changes: Partial<ConnectionState>) => (s = { ...s, shown: { ...s.shown, ...changes } });
  // A state the copy's memory of the scope paints in: the server's word, once heard, stands over it.
  const showStored = (status: ConnectionStatus) => show(s.scopeHeard ? { status } : { status, readOnly: s.storedReadOnly });
  const status = s.shown.status;
  if (status === 'denied') return { session: s, effects };

  switch (event.on) {
    case 'stored':
      s = { ...s, storedReadOnly: event.readOnly, keptSnapshot: event.snapshot ? 'yes' : 'no' };
      if (!event.snapshot) s = askServerList(s, effects).session;
      if (event.snapshot && PAINTABLE.has(status)) {
        effects.push('paint-kept');
        showStored('preview');
      } else {
        s = paintServerList(s, effects);
      }
      break;
    case 'server-list':
      s = { ...s, serverList: event.found ? 'waiting' : 'done' };
      if (event.found && s.keptSnapshot !== 'yes') effects.push('expect-big-sync');
      s = paintServerList(s, effects);
      break;
    case 'copy-loaded':
      if (s.keptSnapshot === 'unknown') s = { ...s, keptSnapshot: 'no' };
      if (s.keptSnapshot === 'no') s = askServerList(s, effects).session;
      if (event.synced) effects.push('reconcile-copy');
      else s = paintServerList(s, effects);
      break;
    case 'copy-read':
      // The server came first: the copy may hold edits made offline on an earlier visit, which the streamed updates
      // leave out. A new exchange of state vectors sends the server what it lacks.
      if (status === 'synced') effects.push('resync');
      else if (status !== 'local') showStored('local');
      break;
    case 'authenticated':
      s = { ...s, scopeHeard: true };
      show({ readOnly: event.readOnly });
      break;
    case 'refused':
      effects.push('disconnect');
      if (event.unavailable) effects.push('retry-later');
      else {
        // Trying again would be refused again: a retry opens a new session. Access is gone, so is the copy.
        show({ status: 'denied' });
        effects.push('forget-copy');
      }
      break;
    case 'synced':
      if (!s.streaming) effects.push('stream-edits');
      if (s.editedBeforeSync) effects.push('resync');
      s = { ...s, streaming: true, editedBeforeSync: false };
      effects.push('reconcile-sync');
      break;
    case 'sync-read':
      show({ status: 'synced', online: event.online, failedAttempts: 0, tooManyChanges: false, serverBusy: false });
      effects.push('remember-sync');
      break;
    case 'socket-open':
      if (status === 'synced') show({ online: true });
      break;
    case 'socket-down':
      show({ online: false });
      break;
    case 'socket-closed': {
      // Past the person's edit budget (issue 34): told, and the provider comes back by itself once it has refilled.
      if (event.code === CloseCode.TooManyChanges) show({ tooManyChanges: true });
      // Overloaded (issue 34 item 9): the provider tries again with its jittered backoff; the person is told meanwhile.
      // The server answered, so this is no failed attempt to reach it (nor a sign the session ended).
      if (event.code === CloseCode.Busy) {
        show({ serverBusy: true });
        break;
      }
      const failedAttempts = s.shown.failedAttempts + 1;
      show(status === 'connecting' && failedAttempts >= FAILED_ATTEMPTS_BEFORE_ERROR ? { status: 'unreachable', failedAttempts } : { failedAttempts });
      break;
    }
    case 'edited':
      if (!s.streaming && !s.editedBeforeSync) s = { ...s, editedBeforeSync: true };
      break;
    case 'undo-stack':
      if (event.canUndo !== s.shown.canUndo || event.canRedo !== s.shown.canRedo) show({ canUndo: event.canUndo, canRedo: event.canRedo });
      break;
  }
  return { session: s, effects };
}

function askServerList(s: Session, effects: SessionEffect[]): Step {
  if (s.serverList !== 'unasked') return { session: s, effects };
  effects.push('ask-server-list');
  return { session: { ...s, serverList: 'asked' }, effects };
}

/** A first visit on this device paints the server's list, once read, while nothing else is on screen. */
function paintServerList(s: Session, effects: SessionEffect[]): Session {
  if (s.serverList !== 'waiting' || s.keptSnapshot !== 'no' || !PAINTABLE.has(s.shown.status)) return s;
  effects.push('paint-server-list');
  return { ...s, serverList: 'done', shown: { ...s.shown, status: 'preview' } };
}

/**
 * Whether a first sync is to be applied in slices whatever its size: a picture is on screen, or on its way (the
 * copy may keep one, or the server's list is still to come), and paints before the merge rather than after it.
 */
export function pictureFirst(s: Session): boolean {
  const { status } = s.shown;
  return status === 'preview' || (status === 'connecting' && (s.keptSnapshot === 'unknown' || s.serverList === 'asked' || s.serverList === 'unasked' || s.serverList === 'waiting'));
}

/**
 * Whether the document holds the project, so an edit can be written into it: the kept copy is merged ('local') or
 * the server's document is in ('synced'). Before then edits wait in the outbox; a refused session takes none.
 */
export function documentIn(state: Pick<ConnectionState, 'status'>): boolean {
  return state.status === 'local' || state.status === 'synced';
}
