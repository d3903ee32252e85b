import { afterEach, describe, expect, it, vi } from 'vitest';
import { relayedSockets, socketRelay, type SocketEvent, type SocketRequest } from './relayed-socket';

/** A stand-in for the browser's WebSocket (Node 20 has none): records what is sent and closed. */
class FakeSocket {
  static readonly OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  sent: unknown[] = [];
  closedWith: unknown[] | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: unknown) {
    this.sent.push(data);
  }
  close(...args: unknown[]) {
    this.closedWith = args;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSocket.made = [];
});

/** The worker's socket class wired to the page's relay, as the two ends of the real message channel are. */
function wired() {
  vi.stubGlobal('WebSocket', FakeSocket);
  const events: SocketEvent[] = [];
  const requests: SocketRequest[] = [];
  const relay = socketRelay((event) => {
    events.push(event);
    sockets.deliver(structuredClone(event));
  });
  const sockets = relayedSockets((request) => {
    requests.push(request);
    relay.handle(structuredClone(request));
  });
  return { sockets, relay, events, requests };
}

describe("[document-host] the page carries the worker's socket", () => {
  it('opens, carries frames both ways and closes with the code the server gave', () => {
    const { sockets, events } = wired();
    const socket = new sockets.WebSocket('ws://example.test/collab');
    const page = FakeSocket.made[0]!;
    expect(page.url).toBe('ws://example.test/collab');
    expect(page.binaryType).toBe('arraybuffer');
    const seen: string[] = [];
    socket.addEventListener('open', () => seen.push('open'));
    socket.addEventListener('message', (e) => seen.push(`message ${new Uint8Array((e as MessageEvent<ArrayBuffer>).data).join(',')}`));
    socket.addEventListener('close', (e) => seen.push(`close ${(e as CloseEvent).code} ${(e as CloseEvent).reason}`));
    // Nothing goes before the page's socket is open.
    socket.send(new Uint8Array([9]));
    expect(page.sent).toEqual([]);

    page.readyState = 1;
    page.onopen!();
    expect(socket.readyState).toBe(1);
    socket.send(new Uint8Array([1, 2]));
    expect(page.sent.map((d) => [...(d as Uint8Array)])).toEqual([[1, 2]]);
    page.onmessage!({ data: new Uint8Array([3, 4]).buffer });
    page.onmessage!({ data: 'text is no frame of the protocol' });
    page.onclose!({ code: 4401, reason: 'refused', wasClean: true });
    expect(seen).toEqual(['open', 'message 3,4', 'close 4401 refused']);
    expect(socket.readyState).toBe(3);
    expect(events.filter((e) => e.type === 'message')).toHaveLength(1);
  });

  it("the worker's close closes the page's socket once; the relay closes what is left when the worker goes", () => {
    const { sockets, relay, requests } = wired();
    const first = new sockets.WebSocket('ws://example.test/a');
    new sockets.WebSocket('ws://example.test/b');
    first.close(1000, 'bye');
    first.close();
    expect(requests.filter((r) => r.t === 'ws-close')).toHaveLength(1);
    expect(FakeSocket.made[0]!.closedWith).toEqual([1000, 'bye']);
    relay.closeAll();
    expect(FakeSocket.made[1]!.closedWith).toEqual([]);
  });

  it('a socket the page cannot open at all is closed for the worker, so its provider tries again', () => {
    vi.stubGlobal(
      'WebSocket',
      class {
        constructor() {
          throw new SyntaxError('bad address');
        }
      },
    );
    const events: SocketEvent[] = [];
    const relay = socketRelay((event) => events.push(event));
    relay.handle({ t: 'ws-open', id: 7, url: 'ws://bad' });
    expect(events).toEqual([{ t: 'ws-event', id: 7, type: 'close', code: 1006, reason: '', wasClean: false }]);
  });
});
