import { billingModeName, loadConfig } from './config.js';
import { startServer } from './server.js';

const config = loadConfig();
// NOTIFY_EDITS=off: no notifications from edits, for the conversation benchmark's baseline (bench/src/conversation).
const server = await startServer(config, { notifyEdits: process.env.NOTIFY_EDITS !== 'off' });
const billing = billingModeName(config.billing);
server.logger.info(
  { url: `http://localhost:${server.port}`, database: config.databaseUrl ? 'postgresql' : `pglite (${config.dataDir})`, billing },
  'Planline is running',
);
console.log(`Planline is running at http://localhost:${server.port} (billing: ${billing})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.logger.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        server.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
