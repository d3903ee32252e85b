import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { emptyTasksState, type TasksState } from '../model/tasks-store';
import type { ConnectionState, ProjectConnection } from './connection-types';
import type { FromHost, HostPort, ToHost } from './document-protocol';
import { serveDocument } from './document-serve';

/** The document host, faked: its state is the test's to set, and each call is noted instead of written. */
const host = vi.hoisted(() => ({ written: [] as string[], state: null as null | import('zustand/vanilla').StoreApi<ConnectionState> }));

vi.mock('./document-host', () => ({
  openConnection: () => {
    const state = createStore<ConnectionState>(() => ({ status: 'connecting', online: false, failedAttempts: 0, kept: true, readOnly: false, canUndo: false, canRedo: false }));
    host.state = state;
    const note =
      (name: string) =>
      (...args: unknown[]) =>
        void host.written.push(`${name} ${JSON.stringify(args[0] ?? null)}`);
    const connection = {
      projectId: 'p',
      userId: 'u',
      tasks: createStore<TasksState>(emptyTasksState),
      presence: createStore(() => ({ viewers: [], activities: new Map(), linkDrafts: [] })),
      crossedDrops: createStore(() => null),
      state,
      writeTask: note('writeTask'),
      writeTasks: note('writeTasks'),
      writeLink: note('writeLink'),
      removeLink: note('removeLink'),
      writeEdit: note('writeEdit'),
      shiftTasks: note('shiftTasks'),
      undo: note('undo'),
      redo: note('redo'),
      setUser: note('setUser'),
      setActivity: note('setActivity'),
      setCollapsed: note('setCollapsed'),
    } as unknown as ProjectConnection;
    return { connection, destroy: () => {} };
  },
}));

/** A page's end of the port: what it sent, and the worker's answers (acks and states only). */
function page() {
  const heard: string[] = [];
  const port: HostPort = {
    onmessage: null,
    postMessage(message: FromHost) {
      if (message.t === 'ack') heard.push(`ack ${message.seq}`);
      if (message.t === 'state') heard.push(`state ${message.state.status}`);
    },
  };
  serveDocument(port);
  const send = (message: ToHost) => port.onmessage!({ data: message } as MessageEvent<ToHost>);
  send({ t: 'open', projectId: 'p', userId: 'u', options: {}, earlyList: false });
  heard.length = 0;
  host.written.length = 0;
  let seq = 0;
  return {
    heard,
    call: (name: 'writeTask' | 'writeEdit' | 'undo' | 'setActivity', arg: unknown) =>
      send({ t: 'call', seq: ++seq, name, args: [arg] } as unknown as ToHost),
    becomes: (state: Partial<ConnectionState>) => host.state!.setState(state),
  };
}

describe('[outbox] edits made before the document is in', () => {
  it('wait in the worker, in order, and are written as the document comes; their ack follows the writes', () => {
    const p = page();
    p.becomes({ status: 'preview' });
    p.call('writeTask', 'drag');
    // Not an edit of the document: done at once, but acknowledged only with the edit made before it.
    p.call('setActivity', 'pointing');
    p.call('undo', null);
    expect(host.written).toEqual(['setActivity "pointing"']);
    expect(p.heard).toEqual(['state preview']);

    p.becomes({ status: 'synced' });
    expect(host.written).toEqual(['setActivity "pointing"', 'writeTask "drag"', 'undo null']);
    // The page has the ack of all three by the time it hears it may edit the document.
    expect(p.heard).toEqual(['state preview', 'ack 3', 'state synced']);
    // From then on an edit is written and acknowledged at once.
    p.call('writeTask', 'rename');
    expect(host.written.at(-1)).toBe('writeTask "rename"');
    expect(p.heard.at(-1)).toBe('ack 4');
  });

  it('[grid-cell-commit] a cell edit (fields and links together) waits like any edit and is written as one call', () => {
    const p = page();
    p.becomes({ status: 'preview' });
    p.call('writeEdit', 'cell');
    expect(host.written).toEqual([]);
    p.becomes({ status: 'synced' });
    expect(host.written).toEqual(['writeEdit "cell"']);
    expect(p.heard).toContain('ack 1');
  });

  it("a return visit's kept copy takes them as soon as it is merged ('local')", () => {
    const p = page();
    p.becomes({ status: 'preview' });
    p.call('writeTask', 'drag');
    p.becomes({ status: 'local' });
    expect(host.written).toEqual(['writeTask "drag"']);
    expect(p.heard.at(-2)).toBe('ack 1');
  });

  it('a refusal, or a scope that allows only reading, drops them (acknowledged, so the page stops showing them)', () => {
    const refused = page();
    refused.becomes({ status: 'preview' });
    refused.call('writeTask', 'drag');
    refused.becomes({ status: 'denied' });
    expect(host.written).toEqual([]);
    expect(refused.heard).toContain('ack 1');

    const reader = page();
    reader.becomes({ status: 'preview' });
    reader.call('writeTask', 'drag');
    reader.becomes({ readOnly: true });
    reader.becomes({ status: 'synced' });
    expect(host.written).toEqual([]);
    expect(reader.heard).toContain('ack 1');
  });
});
