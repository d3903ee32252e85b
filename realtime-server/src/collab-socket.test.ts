import { EventEmitter } from 'node:events';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { CollabSocket, type FilteredMessage, type MessageFilter } from './collab-socket.js';

/** ws as far as CollabSocket uses it. */
class FakeWs extends EventEmitter {
  readyState = 1;
  bufferedAmount = 42;
  binaryType = 'nodebuffer';
  send = vi.fn();
  close = vi.fn();
  ping = vi.fn();
  terminate = vi.fn();
}

function wrap(filters: MessageFilter[]) {
  const ws = new FakeWs();
  const socket = new CollabSocket(ws as unknown as WebSocket, filters);
  const heard: [Uint8Array, boolean][] = [];
  // As Hocuspocus listens (ClientConnection.ts).
  socket.forHocuspocus().on('message', (data: Uint8Array, isBinary: boolean) => heard.push([data, isBinary]));
  return { ws, socket, heard };
}

describe('[collab-socket] the socket Hocuspocus is handed', () => {
  it('[collab-socket] a message reaches Hocuspocus through every filter in order; a filter can rewrite or drop it', () => {
    const seen: string[] = [];
    const { ws, heard } = wrap([
      ({ data }) => (seen.push(`guard ${data.join()}`), data[0] === 9 ? null : { data }),
      ({ data }) => (seen.push(`share ${data.join()}`), data[0] === 2 ? { data: Uint8Array.of(7) } : { data }),
    ]);
    ws.emit('message', Buffer.from([1, 1]), true);
    ws.emit('message', Buffer.from([9]), true);
    ws.emit('message', [Buffer.from([2]), Buffer.from([3])], true);
    expect(seen).toEqual(['guard 1,1', 'share 1,1', 'guard 9', 'guard 2,3', 'share 2,3']);
    expect(heard.map(([data, isBinary]) => [[...data], isBinary])).toEqual([
      [[1, 1], true],
      [[7], true],
    ]);
  });

  it('[collab-socket] what Hocuspocus replays after auth (its own emit) is not judged again', () => {
    const guard = vi.fn((message: FilteredMessage) => message);
    const { ws, socket, heard } = wrap([guard]);
    ws.emit('message', Buffer.from([1]), true);
    socket.emit('message', heard[0]![0]);
    expect(guard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveLength(2);
  });

  it('[collab-socket] what a filter read of a message reaches the next one with it, and a rewrite passes on no reading', () => {
    const read = { document: 'd', type: 0, body: Uint8Array.of(1) };
    const passed: (FilteredMessage['read'] | undefined)[] = [];
    const { ws, heard } = wrap([
      ({ data }) => (data[0] === 2 ? { data: Uint8Array.of(3) } : { data, read }),
      (message) => (passed.push(message.read), message),
    ]);
    ws.emit('message', Buffer.from([1]), true);
    ws.emit('message', Buffer.from([2]), true);
    expect(passed).toEqual([read, undefined]);
    expect(passed[0]).toBe(read);
    expect(heard.map(([data]) => [...data])).toEqual([[1], [3]]);
  });

  it('[collab-socket] close and pong come from the real socket; send, close, ping and its state go to it', () => {
    const { ws, socket } = wrap([]);
    const closed = vi.fn();
    const pong = vi.fn();
    socket.once('close', closed);
    socket.on('pong', pong);
    ws.emit('pong', Buffer.from([]));
    ws.emit('close', 1000, Buffer.from('bye'));
    expect(closed).toHaveBeenCalledWith(1000, Buffer.from('bye'));
    expect(pong).toHaveBeenCalledTimes(1);

    const done = vi.fn();
    socket.send(Uint8Array.of(1), done);
    expect(ws.send).toHaveBeenCalledWith(Uint8Array.of(1), done);
    socket.close(4400, 'no');
    expect(ws.close).toHaveBeenCalledWith(4400, 'no');
    socket.ping();
    expect(ws.ping).toHaveBeenCalled();
    expect([socket.readyState, socket.bufferedAmount]).toEqual([1, 42]);
    socket.binaryType = 'arraybuffer';
    expect(ws.binaryType).toBe('arraybuffer');
    // The real socket is left as ws made it.
    expect(ws.emit).toBe(EventEmitter.prototype.emit);
  });
});

/** Source files under `dir`, tests aside. */
describe('[no-patches] no package changes another from inside (issue 35, scripts/check-no-private.mjs)', () => {
  const root = join(import.meta.dirname, '..', '..');
  const check = (at?: string) => spawnSync(process.execPath, [join(root, 'scripts', 'check-no-private.mjs'), ...(at ? [at] : [])], { encoding: 'utf8' });

  it('[no-patches] the repository has no patch but its pinned, tested exceptions', () => {
    const run = check();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('[no-patches] each kind of patch fails the check; comments, strings and tests do not', () => {
    const at = mkdtempSync(join(tmpdir(), 'no-private-'));
    try {
      mkdirSync(join(at, 'web', 'src'), { recursive: true });
      const planted = [
        "MessageReceiver.prototype.readSyncMessage = function () {};",
        "Object.defineProperty(Socket.prototype, 'send', { value: send });",
        "ws.emit = (event) => event;",
        "const db = persistence._db;",
        "persistence['_storeUpdate'](update);",
        "doc.store.pendingStructs = null;",
        "doc.off('update', provider.boundDocumentUpdateHandler);",
      ];
      const harmless = ["// ws.emit = x; provider._db", "/* X.prototype.y = 1 */", "const text = 'a._b and X.prototype.y = 1';", "options.store.load(doc);", "const same = Object.getPrototypeOf(v) === Object.prototype;"];
      writeFileSync(join(at, 'web', 'src', 'patches.ts'), [...planted, ...harmless].join('\n'));
      writeFileSync(join(at, 'web', 'src', 'patches.test.ts'), planted.join('\n'));
      const run = check(at);
      expect(run.status).toBe(1);
      const found = run.stderr.split('\n').filter((line) => line.startsWith('web/src/patches'));
      expect(found.map((line) => Number(line.split(':')[1]))).toEqual(planted.map((_, i) => i + 1));
    } finally {
      rmSync(at, { recursive: true, force: true });
    }
  });
});
