import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { databaseConfigFromEnv, openDatabase, SessionStore, type DatabaseConfig } from '@planline/db';
import { SESSION_COOKIE_NAME } from '@planline/domain';
import {
  attachRealtime,
  connectRedis,
  createHandshakeAuthenticator,
  DocumentCluster,
  ProjectDocumentStore,
  type PersistedChanges,
  type Realtime,
} from '@planline/realtime';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { createApp, createNotificationEmail, createRealtimeOnlyApp } from './app.js';
import type { NotificationEmail } from './features/notifications/notification-email.js';
import type { OverloadsBudget } from './features/workload/overloads-budget.js';
import type { Config } from './config.js';
import { originAllowed } from './middleware/request-guards.js';
import { createLogger, type Logger } from './logger.js';
import { documentAccess } from './features/access/access.policy.js';
import { presenceName, roomsForUser } from './features/access/access.queries.js';
import { previewTeams } from './features/workload/capacity.queries.js';
import { ReportsService } from './features/reports/reports.service.js';
import { scheduleWeeklyReports } from './features/reports/weekly-report-job.js';
import { publishTaskEvents } from './features/tasks/task-events.js';
import { Notifier } from './features/notifications/notifier.js';
import type { StripeCheckoutApi } from './features/billing/stripe-client.js';
import { pruneStripeEvents } from './features/billing/billing.queries.js';
import { busWithWebhooks, persistedWebhookListener, WebhookQueue } from './features/webhooks/webhook-events.js';
import { WebhookDispatcher, type WebhookDispatcherOptions } from './features/webhooks/webhook-dispatcher.js';
import { pruneDeliveries } from './features/webhooks/webhooks.queries.js';

const SESSION_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** How long an idle kept-alive connection stays open: longer than the proxies in front of the server keep theirs. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface RunningServer {
  url: string;
  port: number;
  httpServer: Server;
  dataSource: DataSource;
  realtime: Realtime;
  logger: Logger;
  /** Notification e-mail (issue 38): instant sends in every process, the digest timer where jobs run. */
  notificationEmail: NotificationEmail;
  close(): Promise<void>;
}

function requestOwnOrigin(req: IncomingMessage, trustProxy: boolean): string {
  const forwardedProto = trustProxy ? String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim() : '';
  const forwardedHost = trustProxy ? String(req.headers['x-forwarded-host'] ?? '').split(',')[0]?.trim() : '';
  const proto = forwardedProto || ('encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http');
  return `${proto}://${forwardedHost || req.headers.host}`;
}

/**
 * The composition root. Embedded (the default): one process serving the API, Socket.IO, Hocuspocus and the
 * web app on one port, over PGlite in DATA_DIR or PostgreSQL at DATABASE_URL. Scaled (REDIS_URL set): the
 * same code, with rooms, events and documents spanning processes through Redis, and ROLE choosing what this
 * process serves (docs/ARCHITECTURE.md, "Scaled mode").
 */
export async function startServer(
  config: Config,
  options: {
    database?: DatabaseConfig;
    dataSource?: DataSource;
    stripe?: StripeCheckoutApi;
    /** The over-allocation read's computation budget (tests give one with their own limits and clock). */
    overloadsBudget?: OverloadsBudget;
    /** Scheduled jobs (weekly reports, session pruning, notification digests); tests that do not exercise them turn them off. */
    scheduledJobs?: boolean;
    /** How often /collab connections are pinged (tests of a stalled server shorten it; default 30 s). */
    collabPingIntervalMs?: number;
    /** How often Socket.IO sockets are pinged (tests of a stalled server shorten it; default 25 s). */
    socketPingIntervalMs?: number;
    /** Notifications from document edits (issue 38); the benchmark's baseline runs without them. */
    notifyEdits?: boolean;
    /**
     * Issue 40: the webhook dispatcher's clock, backoff, poll and timeout (tests shorten them). Given, the dispatcher
     * runs even with `scheduledJobs: false`.
     */
    webhooks?: Omit<WebhookDispatcherOptions, 'allowPrivate' | 'onDisabled'>;
  } = {},
): Promise<RunningServer> {
  const logger = createLogger(config.logLevel);
  // A data source handed in (tests) stays open after close(): its owner closes it.
  const ownsDataSource = !options.dataSource;
  const dataSource =
    options.dataSource ?? (await openDatabase(options.database ?? databaseConfigFromEnv(process.env, `${config.dataDir}/pglite`)));
  const sessions = new SessionStore(dataSource);
  const redisConnections: Redis[] = [];
  let cluster: DocumentCluster | null = null;
  if (config.redisUrl) {
    const redis = await connectRedis(config.redisUrl, logger, config.role);
    const documentsSubscriber = await connectRedis(config.redisUrl, logger, `${config.role}-documents`);
    redisConnections.push(redis, documentsSubscriber);
    cluster = new DocumentCluster(dataSource, redis, documentsSubscriber, logger);
  }
  // The HTTP server exists before the app (realtime attaches to it, and the app emits through realtime), but
  // its request handler must exist before Socket.IO attaches: engine.io wraps the handlers present then and
  // keeps /socket.io requests from them. A handler added later would answer those requests a second time.
  let handleRequest: RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const httpServer = createServer((req, res) => handleRequest(req, res));
  // An idle kept-alive connection is closed by the side that waits less. Node's 5 s default is shorter than a
  // proxy's (nginx keeps upstream connections 60 s, deploy/nginx.conf; cloud load balancers about as long), so a
  // request it sent on one just as this server closed it was reset: a 502 for a POST, which it does not retry.
  // The server waits longer than they do, and takes a request's headers for longer than that (Node's advice).
  httpServer.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  httpServer.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  // Persisted document changes become task events; the publisher needs the realtime bus made just below.
  let onPersisted: (changes: PersistedChanges) => void = () => {};
  const store = new ProjectDocumentStore(dataSource, logger, (changes) => onPersisted(changes), cluster);

  const serveSockets = config.role !== 'api';
  const realtime = attachRealtime({ httpServer: serveSockets ? httpServer : null, redis: redisConnections[0] }, {
    authenticate: createHandshakeAuthenticator({ cookieName: SESSION_COOKIE_NAME, keys: config.sessionKeys, sessions }),
    isAllowedOrigin: (req) => {
      const origin = req.headers.origin;
      return !origin || originAllowed(origin, requestOwnOrigin(req, config.trustProxy), config.allowedOrigins);
    },
    documentAccess: (userId, projectId) => documentAccess(dataSource, userId, projectId),
    roomsFor: (userId) => roomsForUser(dataSource, userId),
    presenceName: (userId) => presenceName(dataSource, userId),
    workloadTeams: (projectId, userIds) => previewTeams(dataSource, projectId, userIds, new Date()),
    store,
    logger,
    collabPingIntervalMs: options.collabPingIntervalMs,
    socketPingIntervalMs: options.socketPingIntervalMs,
  });
  const taskEvents = publishTaskEvents(dataSource, realtime.bus, logger);
  // Issue 38: notifications are made from the same changes, queued here and made off the write turn, in whichever
  // process stored the change; that process e-mails at once those its people take at once. The digest timer runs
  // only where the API is served (below).
  const notificationEmail = createNotificationEmail(config, dataSource, logger);
  const notifier = new Notifier(dataSource, realtime.bus, logger, { onCreated: (ids) => void notificationEmail.sendInstant(ids) });
  const notices = options.notifyEdits === false ? () => {} : notifier.persistedListener();
  // Issue 40: webhooks are queued in memory from the same changes and the API's events, and stored off the write
  // path; the dispatcher sends them where the scheduled jobs run.
  const runsJobs = config.role !== 'realtime' && options.scheduledJobs !== false;
  const webhookNow = options.webhooks?.now;
  const dispatcher =
    config.role !== 'realtime' && (runsJobs || options.webhooks)
      ? new WebhookDispatcher(dataSource, logger, {
          ...options.webhooks,
          allowPrivate: config.webhookAllowPrivate,
          onDisabled: async (endpoint) => {
            webhookQueue.invalidate(endpoint.teamId);
            await notifier.webhookDisabled(endpoint);
          },
        })
      : null;
  const webhookQueue = new WebhookQueue(dataSource, logger, { now: webhookNow, onQueued: () => dispatcher?.wake() });
  const webhookEvents = persistedWebhookListener(webhookQueue);
  onPersisted = (changes) => {
    taskEvents(changes);
    notices(changes);
    webhookEvents(changes);
  };
  const app =
    config.role === 'realtime'
      ? createRealtimeOnlyApp({ dataSource, logger })
      : createApp({
          config,
          dataSource,
          sessions,
          logger,
          bus: busWithWebhooks(realtime.bus, webhookQueue),
          documents: realtime.documents,
          budgets: realtime.budgets,
          stripe: options.stripe,
          overloadsBudget: options.overloadsBudget,
          notificationEmail,
          notifier,
          webhookQueue,
        });
  handleRequest = app.callback();

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  // Scheduled work belongs to processes that serve the API; each job is safe however many of them run.
  const stopWeeklyReports = runsJobs ? scheduleWeeklyReports(new ReportsService(dataSource, realtime.bus), logger) : () => {};
  if (runsJobs) notificationEmail.start();
  dispatcher?.start();
  const prune = setInterval(() => {
    if (!runsJobs) return;
    sessions.pruneExpired().catch((err: unknown) => logger.warn({ err }, 'session prune failed'));
    pruneStripeEvents(dataSource).catch((err: unknown) => logger.warn({ err }, 'billing event prune failed'));
    pruneDeliveries(dataSource, new Date()).catch((err: unknown) => logger.warn({ err }, 'webhook delivery prune failed'));
  }, SESSION_PRUNE_INTERVAL_MS);
  prune.unref();

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    httpServer,
    dataSource,
    realtime,
    logger,
    notificationEmail,
    close() {
      closing ??= (async () => {
        clearInterval(prune);
        stopWeeklyReports();
        await notificationEmail.stop();
        await dispatcher?.stop();
        await realtime.close(); // also closes the HTTP server when it serves sockets
        if (!serveSockets) {
          const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
          httpServer.closeAllConnections();
          await closed;
        }
        httpServer.closeAllConnections();
        await cluster?.close();
        // After the documents are closed: their last persisted changes are queued too.
        await webhookQueue.flush();
        for (const redis of redisConnections) redis.disconnect();
        if (ownsDataSource) await dataSource.destroy();
      })();
      return closing;
    },
  };
}
