import { encodeSyncMessage, tasksMap, writeTask } from '@planline/document';
import { MAX_DOCUMENT_UPDATE_BYTES } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { withSyncLimits } from './limited-socket';

/** A socket that only notes what it is asked to send. */
class NotingSocket {
  static sent: Uint8Array[] = [];
  readonly readyState = 1;
  constructor(readonly url: string) {}
  send(data: Uint8Array): void {
    NotingSocket.sent.push(data);
  }
}

describe('[sync-limits] the socket class the provider opens', () => {
  it('sends a small message as it is, and an update over the server limit as several that each fit', () => {
    const Limited = withSyncLimits(NotingSocket as unknown as typeof WebSocket);
    const socket = new Limited('ws://planline.test/collab');
    const small = encodeSyncMessage('project:p', 0, 2, new Uint8Array([0, 0]));
    socket.send(small);
    expect(NotingSocket.sent).toEqual([small]);

    const doc = new Y.Doc();
    // Within the new tasks' burst, over the bytes of one message: it is cut by size, and all of it goes at once.
    const long = 'x'.repeat(10_000);
    doc.transact(() => {
      for (let i = 0; tasksMap(doc).size < 60; i++) writeTask(doc, `task-${i}`, { name: `${long}${i}`, startDate: '2025-03-03', endDate: '2025-03-04' });
    });
    const update = Y.encodeStateAsUpdate(doc);
    expect(update.byteLength).toBeGreaterThan(MAX_DOCUMENT_UPDATE_BYTES);
    NotingSocket.sent = [];
    socket.send(encodeSyncMessage('project:p', 0, 2, update));
    expect(NotingSocket.sent.length).toBeGreaterThan(1);
    for (const message of NotingSocket.sent) expect(message.byteLength).toBeLessThanOrEqual(MAX_DOCUMENT_UPDATE_BYTES);
  });
});
