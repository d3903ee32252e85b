/**
 * The reference of the realtime benchmark: Hocuspocus 3 as its README starts it, with no extensions and no
 * hooks (no auth, no persistence, documents in memory), on PORT.
 */
import { Server } from '@hocuspocus/server';

const server = new Server({ port: Number(process.env.PORT), address: '127.0.0.1', quiet: true });
await server.listen();
