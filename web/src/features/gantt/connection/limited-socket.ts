import { limitSyncMessages } from '@planline/document';

// A mixin's base: TypeScript asks for a constructor of `any[]` (the browser's WebSocket, relayed-socket.ts's look-alike).
type SocketClass = new (...args: any[]) => WebSocket;

/**
 * [sync-limits] The socket class the provider opens (its public WebSocketPolyfill option), with every message it
 * sends kept within what the server takes from one connection (document's sync-limits.ts): an update bigger than
 * one message may be (edits made offline, a cascade over thousands of tasks) goes as several, new tasks paced to
 * the server's rate. One limiter per socket, as the server keeps one budget per connection.
 */
export function withSyncLimits<T extends SocketClass>(Base: T): T {
  return class LimitedSocket extends Base {
    private readonly limited = limitSyncMessages((message) => super.send(message));

    override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
      if (data instanceof Uint8Array) this.limited(data);
      else super.send(data);
    }
  };
}
