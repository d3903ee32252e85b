/** The parts of a HocuspocusProvider that sendOnlyOwnAwareness touches (structural: no provider dependency here). */
export interface AwarenessSender {
  awareness: {
    clientID: number;
    on(event: 'update', handler: (changes: AwarenessChanges, origin: unknown) => void): void;
    off(event: 'update', handler: (changes: AwarenessChanges, origin: unknown) => void): void;
  } | null;
  boundAwarenessUpdateHandler: (changes: AwarenessChanges, origin: unknown) => void;
}

export interface AwarenessChanges {
  added: number[];
  updated: number[];
  removed: number[];
}

/**
 * The Hocuspocus provider sends an awareness message for every awareness update it sees, including the other
 * clients' states it has just received from the server (origin: the provider itself). Those echoes change
 * nothing (the server already holds those states), but each client then sends as many awareness messages as
 * everyone else together: 100 people joining, or five dragging at once, took every client past the server's
 * per-connection awareness limit (4429), and every echo costs the server a decode. Only this client's own
 * changes (and its local timeouts, and the renewal of its own state) go out.
 *
 * Taking the provider's own handler is a change inside it, made under the pin rule (docs/ARCHITECTURE.md, "Other
 * packages"): web/package.json pins the provider, and web's connection/provider-pin.test.ts compares what goes out.
 */
export function sendOnlyOwnAwareness(provider: AwarenessSender): void {
  const { awareness } = provider;
  if (!awareness) return;
  const send = provider.boundAwarenessUpdateHandler;
  awareness.off('update', send);
  awareness.on('update', (changes, origin) => {
    // A received update that names this client is the server saying it left (an old socket of ours closed after
    // we reconnected): y-protocols then renews our own state, and that renewal must go out.
    const own = (ids: number[]) => ids.includes(awareness.clientID);
    if (origin !== provider || own(changes.added) || own(changes.updated) || own(changes.removed)) send(changes, origin);
  });
}
