import { CloseCode } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { FAILED_ATTEMPTS_BEFORE_ERROR } from './connection-constants';
import { documentIn, openSession, pictureFirst, sessionStep, type Session, type SessionEffect, type SessionEvent } from './session';

/**
 * A host without a document: it feeds the session what a fake socket, a fake server and a fake device copy say,
 * keeps every effect it is told to carry out, and answers the chart's reads ('reconcile-…') when told to.
 */
class FakeHost {
  session: Session;
  effects: SessionEffect[];

  constructor(copyKnown: boolean) {
    const opened = openSession(copyKnown, true);
    this.session = opened.session;
    this.effects = [...opened.effects];
  }

  get status() {
    return this.session.shown.status;
  }

  /** Reports `event`; returns the effects it caused. */
  on(event: SessionEvent): SessionEffect[] {
    const step = sessionStep(this.session, event);
    this.session = step.session;
    this.effects.push(...step.effects);
    return step.effects;
  }

  /** Takes the effects so far (the next call sees only newer ones). */
  take(): SessionEffect[] {
    return this.effects.splice(0);
  }
}

/** What the fake socket says. */
const socket = {
  open: { on: 'socket-open' } as const,
  down: { on: 'socket-down' } as const,
  closed: (code?: number): SessionEvent => ({ on: 'socket-closed', code }),
};

/** What the fake server says over it. */
const server = {
  lets: (readOnly = false): SessionEvent => ({ on: 'authenticated', readOnly }),
  refuses: { on: 'refused', unavailable: false } as const,
  cannotCheck: { on: 'refused', unavailable: true } as const,
  syncs: { on: 'synced' } as const,
  list: (found = true): SessionEvent => ({ on: 'server-list', found }),
};

/** What this device's copy says. */
const copy = {
  stored: (snapshot: boolean, readOnly = false): SessionEvent => ({ on: 'stored', snapshot, readOnly }),
  loaded: (synced = true): SessionEvent => ({ on: 'copy-loaded', synced }),
};

/** The server syncs and the chart reads the document. */
function sync(host: FakeHost, online = true) {
  host.on(server.syncs);
  return host.on({ on: 'sync-read', online });
}

describe('[session] a first visit on this device', () => {
  it('asks for the task list at once, paints it (preview), and is synced once the chart has read the document', () => {
    const host = new FakeHost(false);
    expect(host.status).toBe('connecting');
    expect(host.take()).toEqual(['ask-server-list']);
    expect(pictureFirst(host.session)).toBe(true);

    expect(host.on(server.list())).toEqual(['expect-big-sync', 'paint-server-list']);
    expect(host.status).toBe('preview');
    expect(documentIn(host.session.shown)).toBe(false);
    expect(pictureFirst(host.session)).toBe(true);

    host.on(socket.open);
    host.on(server.lets());
    expect(host.session.shown).toMatchObject({ status: 'preview', readOnly: false, online: false });
    expect(host.on(server.syncs)).toEqual(['stream-edits', 'reconcile-sync']);
    // Not yet synced: the chart still shows the list until it has read the document.
    expect(host.status).toBe('preview');
    expect(host.on({ on: 'sync-read', online: true })).toEqual(['remember-sync']);
    expect(host.session.shown).toMatchObject({ status: 'synced', online: true, failedAttempts: 0, tooManyChanges: false });
    expect(documentIn(host.session.shown)).toBe(true);
    expect(pictureFirst(host.session)).toBe(false);
  });

  it('goes straight to synced when the server answers before the list', () => {
    const host = new FakeHost(false);
    host.take();
    sync(host);
    expect(host.status).toBe('synced');
    // The list, read late, paints nothing over the document.
    expect(host.on(server.list())).toEqual(['expect-big-sync']);
    expect(host.status).toBe('synced');
  });

  it('without a list to paint waits for the document, and a small sync is then not sliced', () => {
    const host = new FakeHost(false);
    host.take();
    expect(host.on(server.list(false))).toEqual([]);
    expect(host.status).toBe('connecting');
    expect(pictureFirst(host.session)).toBe(false);
  });

  it(`says it cannot connect after ${FAILED_ATTEMPTS_BEFORE_ERROR} closes without a sync, and still paints a list that comes`, () => {
    const host = new FakeHost(false);
    for (let i = 1; i < FAILED_ATTEMPTS_BEFORE_ERROR; i++) host.on(socket.closed());
    expect(host.session.shown).toMatchObject({ status: 'connecting', failedAttempts: FAILED_ATTEMPTS_BEFORE_ERROR - 1 });
    host.on(socket.closed());
    expect(host.session.shown).toMatchObject({ status: 'unreachable', failedAttempts: FAILED_ATTEMPTS_BEFORE_ERROR });
    host.take();
    expect(host.on(server.list())).toContain('paint-server-list');
    expect(host.status).toBe('preview');
    // More closes count, but a painted chart is not taken away.
    host.on(socket.closed());
    expect(host.session.shown).toMatchObject({ status: 'preview', failedAttempts: FAILED_ATTEMPTS_BEFORE_ERROR + 1 });
    sync(host);
    expect(host.session.shown).toMatchObject({ status: 'synced', failedAttempts: 0 });
  });
});

describe('[session] a return visit', () => {
  it("paints the copy's snapshot (preview, as the copy remembers the scope), is local once the copy is in, then synced", () => {
    const host = new FakeHost(true);
    expect(host.take()).toEqual([]);
    expect(pictureFirst(host.session)).toBe(true);
    expect(host.on(copy.stored(true, false))).toEqual(['paint-kept']);
    expect(host.session.shown).toMatchObject({ status: 'preview', readOnly: false });
    expect(host.on(copy.loaded())).toEqual(['reconcile-copy']);
    expect(host.status).toBe('preview');
    expect(host.on({ on: 'copy-read' })).toEqual([]);
    expect(host.session.shown).toMatchObject({ status: 'local', readOnly: false });
    expect(documentIn(host.session.shown)).toBe(true);
    sync(host);
    expect(host.status).toBe('synced');
  });

  it("edits made on the copy before the first sync make the sync run again once; edits after it stream", () => {
    const host = new FakeHost(true);
    host.on(copy.stored(true));
    host.on(copy.loaded());
    host.on({ on: 'copy-read' });
    host.take();
    host.on({ on: 'edited' });
    const edited = host.session;
    host.on({ on: 'edited' });
    expect(host.session).toBe(edited);
    expect(host.on(server.syncs)).toEqual(['stream-edits', 'resync', 'reconcile-sync']);
    host.on({ on: 'edited' });
    // A later sync (a reconnect) streams on, and exchanges nothing more.
    expect(host.on(server.syncs)).toEqual(['reconcile-sync']);
  });

  it("the server's word on the scope stands over what the copy remembers", () => {
    const host = new FakeHost(true);
    host.on(server.lets(true));
    host.on(copy.stored(true, false));
    expect(host.session.shown).toMatchObject({ status: 'preview', readOnly: true });
    host.on(copy.loaded());
    host.on({ on: 'copy-read' });
    expect(host.session.shown).toMatchObject({ status: 'local', readOnly: true });
  });

  it('a copy the server allowed only reading paints read-only until the server says otherwise', () => {
    const host = new FakeHost(true);
    host.on(copy.stored(true, true));
    expect(host.session.shown.readOnly).toBe(true);
    host.on(server.lets(false));
    expect(host.session.shown.readOnly).toBe(false);
  });

  it('without a snapshot (none kept, or behind the stored updates) asks for the list, and the copy comes first', () => {
    const host = new FakeHost(true);
    expect(host.on(copy.stored(false))).toEqual(['ask-server-list']);
    expect(host.status).toBe('connecting');
    expect(host.on(copy.loaded())).toEqual(['reconcile-copy']);
    host.on({ on: 'copy-read' });
    expect(host.status).toBe('local');
    // The list comes after: it paints nothing over the copy.
    expect(host.on(server.list())).toEqual(['expect-big-sync']);
    expect(host.status).toBe('local');
  });

  it('a copy that never held a synced document paints the list', () => {
    const host = new FakeHost(true);
    host.on(copy.stored(false));
    host.on(server.list());
    expect(host.status).toBe('preview');
    expect(host.on(copy.loaded(false))).toEqual([]);
    expect(host.status).toBe('preview');
  });

  it('a copy that cannot be read (no stored answer) asks for the list once it is known to hold nothing', () => {
    const host = new FakeHost(true);
    expect(host.on(copy.loaded(false))).toEqual(['ask-server-list']);
    expect(host.on(server.list())).toEqual(['expect-big-sync', 'paint-server-list']);
  });

  it('a sync before the copy: the copy is merged, then the server is sent what it lacks', () => {
    const host = new FakeHost(true);
    sync(host);
    expect(host.on(copy.stored(true))).toEqual([]);
    expect(host.status).toBe('synced');
    host.on(copy.loaded());
    expect(host.on({ on: 'copy-read' })).toEqual(['resync']);
    expect(host.status).toBe('synced');
  });
});

describe('[session] the socket', () => {
  it('online follows the socket once synced; closes count until the next sync', () => {
    const host = new FakeHost(false);
    host.on(socket.open);
    expect(host.session.shown.online).toBe(false);
    sync(host);
    expect(host.session.shown.online).toBe(true);
    host.on(socket.down);
    host.on(socket.closed());
    expect(host.session.shown).toMatchObject({ status: 'synced', online: false, failedAttempts: 1 });
    host.on(socket.open);
    expect(host.session.shown.online).toBe(true);
    sync(host);
    expect(host.session.shown.failedAttempts).toBe(0);
  });

  it('a close for too many changes is told until the next sync', () => {
    const host = new FakeHost(false);
    sync(host);
    host.on(socket.closed(CloseCode.TooManyChanges));
    expect(host.session.shown.tooManyChanges).toBe(true);
    sync(host);
    expect(host.session.shown.tooManyChanges).toBe(false);
  });

  it('[overload] a refusal for being busy is told until the next sync, and is no failed attempt', () => {
    const host = new FakeHost(false);
    host.on(socket.closed(CloseCode.Busy));
    host.on(socket.closed(CloseCode.Busy));
    host.on(socket.closed(CloseCode.Busy));
    expect(host.session.shown).toMatchObject({ serverBusy: true, failedAttempts: 0 });
    expect(host.session.shown.status).not.toBe('unreachable');
    sync(host);
    expect(host.session.shown.serverBusy).toBe(false);
  });

  it('a sync whose chart read ends offline says so', () => {
    const host = new FakeHost(false);
    sync(host, false);
    expect(host.session.shown).toMatchObject({ status: 'synced', online: false });
  });
});

describe('[session] refusals', () => {
  it('a refusal is final: the copy is forgotten and nothing after it changes the state', () => {
    const host = new FakeHost(true);
    host.on(copy.stored(true));
    expect(host.on(server.refuses)).toEqual(['disconnect', 'forget-copy']);
    expect(host.status).toBe('denied');
    const denied = host.session;
    for (const event of [socket.closed(), copy.loaded(), { on: 'copy-read' } as const, server.syncs, { on: 'sync-read', online: true } as const, server.list()]) {
      expect(host.on(event)).toEqual([]);
    }
    expect(host.session).toBe(denied);
    expect(documentIn(host.session.shown)).toBe(false);
  });

  it('a server that cannot check access is tried again later, not a refusal', () => {
    const host = new FakeHost(false);
    host.take();
    expect(host.on(server.cannotCheck)).toEqual(['disconnect', 'retry-later']);
    expect(host.status).toBe('connecting');
  });
});

describe('[session] undo', () => {
  it('shows what can be undone and redone, and is unchanged when nothing changed', () => {
    const host = new FakeHost(false);
    host.on({ on: 'undo-stack', canUndo: true, canRedo: false });
    expect(host.session.shown).toMatchObject({ canUndo: true, canRedo: false });
    const before = host.session;
    host.on({ on: 'undo-stack', canUndo: true, canRedo: false });
    expect(host.session.shown).toBe(before.shown);
  });
});
