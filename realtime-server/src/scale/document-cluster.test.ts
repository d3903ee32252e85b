import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { waitingForUpdates } from '../documents/held-back.js';
import { DocumentPeer, type DocumentCluster } from './document-cluster.js';

/** A cluster that only records what a peer sends. */
function recordingCluster() {
  const sent: { t: string; update?: string; to?: string }[] = [];
  const cluster = { instanceId: 'here', send: (_projectId: string, message: { t: string }) => sent.push(message) } as unknown as DocumentCluster;
  return { cluster, sent };
}

describe('[held-back] a scaled process relays only what it integrated', () => {
  it('answers a peer asking for what it lacks without the content its document holds back', () => {
    const doc = new Y.Doc();
    doc.getMap('tasks').set('kept', 1);
    // Content after a gap in its author's clock: held back here, never judged.
    const author = new Y.Doc();
    author.getMap('tasks').set('never-sent', 1);
    const gap = Y.encodeStateVector(author);
    author.getMap('tasks').set('planted', 'x'.repeat(10_000));
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(author, gap));
    expect(waitingForUpdates(doc)).toBe(true);

    const { cluster, sent } = recordingCluster();
    const peer = new DocumentPeer('p', doc, cluster, { whenPersisted: () => Promise.resolve(), ownershipGained: () => {} });
    peer.receive({ t: 'sync', from: 'there', sv: Buffer.from(Y.encodeStateVector(new Y.Doc())).toString('base64') });
    const reply = sent.find((m) => m.t === 'sync-reply')!;
    const asker = new Y.Doc();
    Y.applyUpdate(asker, new Uint8Array(Buffer.from(reply.update!, 'base64')));
    expect(waitingForUpdates(asker)).toBe(false);
    expect(asker.getMap('tasks').toJSON()).toEqual({ kept: 1 });
    // Still held back here, for the missing update to complete.
    expect(waitingForUpdates(doc)).toBe(true);
  });
});
