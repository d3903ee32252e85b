import { connect, createServer, type Server, type Socket } from 'node:net';
import type { Prng } from './soak.js';

/**
 * A TCP relay between one client and the server that delays every chunk by a random time (order within the
 * connection is kept, as TCP keeps it) and can drop the connection and refuse new ones for a while. Giving
 * each client its own delays makes operations reach the server in a different order than they were made.
 */
export class FlakyLink {
  private readonly pairs = new Set<[Socket, Socket]>();
  private online = true;
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async open(targetPort: number, random: Prng, maxDelayMs: number): Promise<FlakyLink> {
    let link!: FlakyLink;
    const server = createServer((client) => link.accept(client, targetPort, random, maxDelayMs));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    link = new FlakyLink(server, (server.address() as { port: number }).port);
    return link;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get isOnline(): boolean {
    return this.online;
  }

  /** Cuts every open connection and refuses new ones until `restore()`. */
  drop(): void {
    this.online = false;
    for (const [a, b] of this.pairs) {
      a.destroy();
      b.destroy();
    }
    this.pairs.clear();
  }

  restore(): void {
    this.online = true;
  }

  async close(): Promise<void> {
    this.drop();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, targetPort: number, random: Prng, maxDelayMs: number): void {
    if (!this.online) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      // Each chunk leaves at now + a random delay, but never before the chunk ahead of it: one queue and one
      // timer per direction (separate timers with equal due times need not fire in the order they were set).
      const queue: { due: number; chunk: Buffer }[] = [];
      let timer: NodeJS.Timeout | null = null;
      const pump = () => {
        timer = null;
        while (queue.length && queue[0]!.due <= Date.now()) {
          const { chunk } = queue.shift()!;
          if (!to.destroyed) to.write(chunk);
        }
        if (queue.length) timer = setTimeout(pump, queue[0]!.due - Date.now());
      };
      from.on('data', (chunk: Buffer) => {
        const due = Math.max(queue.at(-1)?.due ?? 0, Date.now() + random.int(maxDelayMs + 1));
        queue.push({ due, chunk });
        timer ??= setTimeout(pump, due - Date.now());
      });
      from.on('close', end);
      from.on('error', end);
    }
  }
}
