import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { HocuspocusProvider, type CompleteHocuspocusProviderWebsocketConfiguration } from '@hocuspocus/provider';
import { sendOnlyOwnAwareness } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';

/**
 * [provider-pin] The connection takes the Hocuspocus provider's own update handlers off the document
 * (document-host.ts, until the first sync) and off the awareness (sendOnlyOwnAwareness), and calls them itself. That
 * is a change inside a dependency, so under issue 35's pin rule web/package.json pins the provider to the release
 * compared here, and the build stops on any other (vite.config.ts, comparedReleases): taking the handler off leaves
 * the provider sending nothing of its own, and what goes through it is what the provider sends unchanged.
 */

/** A socket that never opens: the provider queues what it sends, and reports each message as outgoing. */
class ClosedSocket {
  readyState = 0;
  binaryType = 'arraybuffer';
  onopen = null;
  onclose = null;
  onmessage = null;
  onerror = null;
  send() {}
  close() {}
}

/** A provider (not connecting) of a document with a fixed client id, and the messages it sends. */
function opened(clientID = 7) {
  const doc = new Y.Doc();
  doc.clientID = clientID;
  // Socket options go to the socket the provider makes, as document-host.ts gives them.
  const socket: Partial<CompleteHocuspocusProviderWebsocketConfiguration> = { WebSocketPolyfill: ClosedSocket, autoConnect: false };
  const provider = new HocuspocusProvider({ url: 'ws://127.0.0.1:9/collab', name: 'project:pin', document: doc, ...socket });
  provider.awareness!.clientID = clientID;
  const sent: Uint8Array[] = [];
  provider.on('outgoingMessage', ({ message }: { message: { toUint8Array(): Uint8Array } }) => sent.push(message.toUint8Array()));
  return { doc, provider, sent };
}

const edit = (doc: Y.Doc, origin: unknown = null) => doc.transact(() => doc.getMap('tasks').set('a', { name: 'Design' }), origin);

describe('[provider-pin] the provider release the connection was compared with', () => {
  it('is the one web/package.json pins exactly, and the one installed', () => {
    const pinned = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies['@hocuspocus/provider'];
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const entry = createRequire(import.meta.url).resolve('@hocuspocus/provider');
    const installed = (JSON.parse(readFileSync(resolve(entry.slice(0, entry.lastIndexOf('/dist/')), 'package.json'), 'utf8')) as { version: string }).version;
    expect(installed).toBe(pinned);
  });

  it("sends an edit through its document handler; taken off the document, it sends nothing of the document's own", () => {
    const upstream = opened();
    edit(upstream.doc);
    expect(upstream.sent).toHaveLength(1);

    const held = opened();
    held.doc.off('update', held.provider.boundDocumentUpdateHandler);
    edit(held.doc);
    expect(held.sent).toEqual([]);
  });

  it('called by us, sends byte for byte what it sends as the document listener, and ignores its own origin as before', () => {
    const upstream = opened();
    edit(upstream.doc);
    const ours = opened();
    ours.doc.off('update', ours.provider.boundDocumentUpdateHandler);
    ours.doc.on('update', (update: Uint8Array, origin: unknown) => ours.provider.boundDocumentUpdateHandler(update, origin));
    edit(ours.doc);
    expect(ours.sent).toEqual(upstream.sent);
    expect(ours.provider.unsyncedChanges).toBe(upstream.provider.unsyncedChanges);

    for (const { doc, provider, sent } of [upstream, ours]) {
      const before = sent.length;
      edit(doc, provider);
      expect(sent).toHaveLength(before);
    }
  });

  it("with only its own awareness sent, its own change goes out byte for byte as the provider's handler sends it; an echo does not", () => {
    const upstream = opened();
    upstream.provider.setAwarenessField('user', { id: 'u1' });
    const ours = opened();
    sendOnlyOwnAwareness(ours.provider);
    ours.provider.setAwarenessField('user', { id: 'u1' });
    expect(upstream.sent.length).toBeGreaterThan(0);
    expect(ours.sent.at(-1)).toEqual(upstream.sent.at(-1));

    // An echo of a teammate's state (origin: the provider) goes out from the provider as it is, not from ours.
    for (const { provider, sent } of [upstream, ours]) {
      const awareness = provider.awareness!;
      awareness.states.set(99, { user: { id: 'u2' } });
      awareness.meta.set(99, { clock: 1, lastUpdated: Date.now() });
      const before = sent.length;
      awareness.emit('update', [{ added: [99], updated: [], removed: [] }, provider]);
      expect(sent.length - before).toBe(provider === upstream.provider ? 1 : 0);
    }
  });
});
