import { PortfolioService, ProjectShiftService } from './features/portfolio/portfolio.service.js';
import { portfolioRoutes } from './features/portfolio/portfolio.routes.js';
import { ApiTokensService } from './features/api-tokens/api-tokens.service.js';
import { apiTokensRoutes } from './features/api-tokens/api-tokens.routes.js';
import { bodyParser } from '@koa/bodyparser';
import { SessionStore } from '@planline/db';
import { MAX_BODY_BYTES } from '@planline/domain';
import { WriteBudgets, type ProjectDocuments, type RealtimeBus } from '@planline/realtime';
import Koa from 'koa';
import helmet from 'koa-helmet';
import type { DataSource } from 'typeorm';
import type { Config } from './config.js';
import { AppError } from './errors.js';
import { ModelRefiner } from './features/ai/ai-model.js';
import { aiRoutes } from './features/ai/ai.routes.js';
import { AiTaskService } from './features/ai/ai.service.js';
import { AuthService } from './features/auth/auth.service.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { LoginThrottle } from './features/auth/login-throttle.js';
import { baselinesRoutes } from './features/baselines/baselines.routes.js';
import { customFieldsRoutes } from './features/custom-fields/custom-fields.routes.js';
import { CustomFieldsService } from './features/custom-fields/custom-fields.service.js';
import { BaselinesService } from './features/baselines/baselines.service.js';
import { billingRoutes, stripeWebhookRoutes } from './features/billing/billing.routes.js';
import { calendarFeedRoutes } from './features/calendar-feed/calendar-feed.routes.js';
import { CalendarFeedService } from './features/calendar-feed/calendar-feed.service.js';
import { BillingService } from './features/billing/billing.service.js';
import { createStripeClient, type StripeCheckoutApi } from './features/billing/stripe-client.js';
import { planByPriceId } from './features/billing/stripe-events.js';
import { StripeWebhook } from './features/billing/stripe-webhook.js';
import { SubscriptionLedger } from './features/billing/subscription-ledger.js';
import { TestCheckout } from './features/billing/test-checkout.js';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.js';
import { DashboardService } from './features/dashboard/dashboard.service.js';
import { gridViewsRoutes } from './features/grid-views/grid-views.routes.js';
import { GridViewsService } from './features/grid-views/grid-views.service.js';
import { exportRoutes } from './features/export/export.routes.js';
import { sheetTemplateRoutes } from './features/interchange/sheet-template.routes.js';
import { ExportService } from './features/export/export.service.js';
import { healthRoutes } from './features/health/health.routes.js';
import { reportsRoutes } from './features/reports/reports.routes.js';
import { ReportsService } from './features/reports/reports.service.js';
import { importRoutes, IMPORT_ROUTE } from './features/interchange/import.routes.js';
import { ImportService } from './features/interchange/import.service.js';
import { ImportUndoService, importUndoRoutes } from './features/interchange/import-undo.js';
import { projectsRoutes } from './features/projects/projects.routes.js';
import { scheduleRoutes } from './features/schedule/schedule.routes.js';
import { ScheduleService } from './features/schedule/schedule.service.js';
import { ProjectsService } from './features/projects/projects.service.js';
import { createMailer } from './features/support/mailer.js';
import { supportRoutes } from './features/support/support.routes.js';
import { SupportService } from './features/support/support.service.js';
import { SupportThrottle } from './features/support/support-throttle.js';
import { tasksRoutes } from './features/tasks/tasks.routes.js';
import { TasksService } from './features/tasks/tasks.service.js';
import { timeTravelRoutes } from './features/time-travel/time-travel.routes.js';
import { TimeTravelService } from './features/time-travel/time-travel.service.js';
import { teamsRoutes } from './features/teams/teams.routes.js';
import { TeamsService } from './features/teams/teams.service.js';
import { sessionMiddleware } from './http/session.js';
import { openApiRoutes, routeLayers } from './http/openapi.js';
import { compression } from './http/compression.js';
import { firstScreenRenderer } from './http/first-screen-render.js';
import { appShell, shellReader, staticWeb } from './http/static-web.js';
import { documentAccess } from './features/access/access.policy.js';
import { workspaceBootstrap } from './features/workspace/workspace-bootstrap.js';
import { CapacityService } from './features/workload/capacity.service.js';
import { LevelingService } from './features/workload/leveling.service.js';
import { templatesRoutes } from './features/templates/templates.routes.js';
import { TemplatesService } from './features/templates/templates.service.js';
import { workloadRoutes } from './features/workload/workload.routes.js';
import { Notifier } from './features/notifications/notifier.js';
import { NotificationEmail, UNSUBSCRIBE_PATH } from './features/notifications/notification-email.js';
import { notificationSettingsRoutes } from './features/notifications/notification-settings.routes.js';
import { notificationsRoutes } from './features/notifications/notifications.routes.js';
import { NotificationsService } from './features/notifications/notifications.service.js';
import { PostThrottle } from './features/conversation/post-throttle.js';
import { commentsRoutes } from './features/comments/comments.routes.js';
import { CommentsService } from './features/comments/comments.service.js';
import { chatRoutes } from './features/chat/chat.routes.js';
import { ChatService } from './features/chat/chat.service.js';
import type { OverloadsBudget } from './features/workload/overloads-budget.js';
import { WorkloadService } from './features/workload/workload.service.js';
import { WebhookQueue } from './features/webhooks/webhook-events.js';
import { webhooksRoutes } from './features/webhooks/webhooks.routes.js';
import { WebhooksService } from './features/webhooks/webhooks.service.js';
import type { Logger } from './logger.js';
import { loadSessionUser } from './middleware/auth.js';
import { errorHandler } from './middleware/error-handler.js';
import { originCheck, requireJsonBody, strictTransportSecurity } from './middleware/request-guards.js';
import { requestLogger } from './middleware/request-logger.js';

export interface AppDeps {
  config: Config;
  dataSource: DataSource;
  sessions: SessionStore;
  logger: Logger;
  bus: RealtimeBus;
  documents: ProjectDocuments;
  /** Edit and new-task budgets shared with the document connections (a fresh one when not given). */
  budgets?: WriteBudgets;
  /** Live mode's Stripe client; made from STRIPE_SECRET_KEY unless given (tests give a fake). */
  stripe?: StripeCheckoutApi;
  /** The over-allocation read's computation budget (a fresh one with OVERLOADS_BUDGET when not given). */
  overloadsBudget?: OverloadsBudget;
  /** Notification e-mail (issue 38); the server makes it (and runs its digest timer), else a fresh one. */
  notificationEmail?: NotificationEmail;
  /** Issue 38: what the team is told (server.ts shares its own with the persisted-change listener). */
  notifier?: Notifier;
  /** Issue 40: the webhook event queue (server.ts shares its own; the bus it gives already feeds it). */
  webhookQueue?: WebhookQueue;
}

/** Notification e-mail as the configuration says: over SMTP_URL, from SUPPORT_EMAIL, links to PUBLIC_URL. */
export function createNotificationEmail(config: Config, dataSource: DataSource, logger: Logger): NotificationEmail {
  return new NotificationEmail({
    dataSource,
    mailer: createMailer(config.smtpUrl, logger),
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    secrets: config.sessionKeys,
    from: config.supportEmail,
    logger,
  });
}

/** The HTTP app: each feature's router behind the shared pipeline (log → errors → headers → CSRF → body → session). */
export function createApp({
  config,
  dataSource,
  sessions,
  logger,
  bus,
  documents,
  budgets = new WriteBudgets(),
  stripe,
  overloadsBudget,
  notificationEmail = createNotificationEmail(config, dataSource, logger),
  notifier = new Notifier(dataSource, bus, logger, { onCreated: (ids) => void notificationEmail.sendInstant(ids) }),
  webhookQueue = new WebhookQueue(dataSource, logger),
}: AppDeps): Koa {
  // Behind the proxy (TRUST_PROXY) the client's address is the last X-Forwarded-For entry, the one our nginx appends
  // ($proxy_add_x_forwarded_for); the entries before it are whatever the client sent, so reading the first would let
  // anyone choose the address that sign-in's throttle and the calendar feed's limits count against.
  const app = new Koa({ proxy: config.trustProxy, maxIpsCount: 1 });
  app.keys = config.sessionKeys;
  // Errors are answered by errorHandler; Koa's default printer would only duplicate them in the log.
  app.silent = true;

  const auth = new AuthService(dataSource);
  const throttle = new LoginThrottle(dataSource);
  const teams = new TeamsService(dataSource, bus, undefined, notifier);
  const projects = new ProjectsService(dataSource, bus, documents);
  const baselines = new BaselinesService(dataSource);
  const tasks = new TasksService(dataSource, documents);
  const timeTravel = new TimeTravelService(dataSource, documents);
  const dashboards = new DashboardService(dataSource, bus);
  const reports = new ReportsService(dataSource, bus);
  const exporter = new ExportService(dataSource, new WorkloadService(dataSource));
  const ai = new AiTaskService(dataSource, tasks, config.ai ? new ModelRefiner(config.ai, logger) : null);
  const support = new SupportService(dataSource, new SupportThrottle(dataSource), createMailer(config.smtpUrl, logger), config.supportEmail);
  const payments = config.billing;
  const webhook = new StripeWebhook(payments.webhookSecret, planByPriceId(payments.prices), new SubscriptionLedger(dataSource, bus, logger));
  const billing = new BillingService(
    dataSource,
    payments,
    config.allowedOrigins,
    payments.mode === 'live' ? (stripe ?? createStripeClient(payments.secretKey)) : null,
    logger,
  );
  const testCheckout = payments.mode === 'test' ? new TestCheckout(dataSource, webhook, payments) : null;
  // Issue 38: what the team is told, and how often one person may post comments and chat messages.
  const postThrottle = new PostThrottle(dataSource);

  const webShell = shellReader(config.webDistDir);
  app.use(requestLogger(logger));
  app.use(errorHandler());
  app.use(compression());
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // And the workspace page's own painter, by its hash (static-web.ts).
          scriptSrc: ["'self'", () => webShell()?.painterHash ?? "'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: config.secureCookies ? [] : null,
        },
      },
      // Set per request below: behind a trusted https proxy too, never on plain http.
      hsts: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  );
  app.use(strictTransportSecurity(config.secureCookies));
  // The web app's files need no session: served here, a page's ~45 script requests cost no session and user
  // lookups each. It answers only GET and HEAD outside /api, /socket.io and /collab, where no server route is.
  app.use(staticWeb(config.webDistDir));
  // The one-click unsubscribe is authorised by its signed token alone, and comes from mail providers (RFC 8058).
  app.use(originCheck(config.allowedOrigins, [UNSUBSCRIBE_PATH]));
  app.use(requireJsonBody([IMPORT_ROUTE], [UNSUBSCRIBE_PATH]));
  // Before the body parser: the webhook's signature is over the raw body.
  app.use(stripeWebhookRoutes(webhook).routes());
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: MAX_BODY_BYTES,
      encoding: 'utf-8',
      // Let errorHandler word parse failures.
      onError: (err) => {
        throw err;
      },
    }),
  );
  app.use(sessionMiddleware(app, sessions, config.secureCookies));
  // Issue 40: or by an API token (Authorization: Bearer), which then decides alone.
  const apiTokens = new ApiTokensService(dataSource);
  app.use(loadSessionUser(auth, apiTokens));
  // Every other page is index.html; the workspace's carries the signed-in person's first reads, and on a first
  // visit its first screen drawn here.
  const renderer = firstScreenRenderer(
    config.webDistDir,
    (err) => logger.warn({ err }, 'the first-screen renderer did not load; pages go without it'),
    (ms) => logger.info({ ms: Math.round(ms) }, 'the first-screen renderer is loaded (at start-up)'),
  );
  app.use(appShell(webShell, workspaceBootstrap(teams, projects, { tasks, renderer, access: (userId, projectId) => documentAccess(dataSource, userId, projectId) })));

  const imports = new ImportService(dataSource, documents, projects, baselines);
  const routers = [
    healthRoutes(dataSource),
    authRoutes(auth, throttle, bus),
    apiTokensRoutes(apiTokens),
    teamsRoutes(teams, config.publicUrl),
    webhooksRoutes(new WebhooksService(dataSource, { allowPrivate: config.webhookAllowPrivate, onChanged: (teamId) => webhookQueue.invalidate(teamId) })),
    chatRoutes(new ChatService(dataSource, bus, notifier, postThrottle, logger)),
    projectsRoutes(projects, config.publicUrl),
    scheduleRoutes(new ScheduleService(dataSource)),
    baselinesRoutes(baselines),
    customFieldsRoutes(new CustomFieldsService(dataSource, documents, bus), budgets),
    gridViewsRoutes(new GridViewsService(dataSource, bus)),
    tasksRoutes(tasks, timeTravel, budgets),
    notificationsRoutes(new NotificationsService(dataSource, bus)),
    timeTravelRoutes(timeTravel, budgets),
    commentsRoutes(new CommentsService(dataSource, bus, notifier, postThrottle)),
    dashboardRoutes(dashboards),
    reportsRoutes(reports),
    exportRoutes(exporter),
    sheetTemplateRoutes(),
    calendarFeedRoutes(new CalendarFeedService(dataSource), config.publicUrl),
    aiRoutes(ai, budgets),
    supportRoutes(support),
    notificationSettingsRoutes(notificationEmail),
    billingRoutes(billing, testCheckout),
    importRoutes(imports, budgets),
    importUndoRoutes(new ImportUndoService(dataSource, imports, timeTravel, projects, baselines), budgets),
    workloadRoutes(new WorkloadService(dataSource, undefined, overloadsBudget), new CapacityService(dataSource, bus), new LevelingService(dataSource, documents), budgets),
    templatesRoutes(new TemplatesService(dataSource, projects, documents), budgets),
    portfolioRoutes(new PortfolioService(dataSource), new ProjectShiftService(dataSource, documents)),
    openApiRoutes(app),
  ];
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: true }));
  }

  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      throw new AppError('not_found', `No API route for ${ctx.method} ${ctx.path}`);
    }
    await next();
  });
  return app;
}

/** One route of the app: an HTTP method and the router's path pattern (`/api/teams/:id`). */
export interface RouteEntry {
  method: string;
  path: string;
}

/**
 * Every route the app's feature routers answer (the same walk the OpenAPI document makes), so a test can hold
 * a rule for each one and notice a new route without one.
 */
export function listRoutes(app: Koa): RouteEntry[] {
  return routeLayers(app).map(({ method, path }) => ({ method, path }));
}

/**
 * A realtime process's own HTTP answers (scaled mode): only the health check, for the proxy and the
 * orchestrator; Socket.IO and /collab take their requests before this app sees them.
 */
export function createRealtimeOnlyApp({ dataSource, logger }: Pick<AppDeps, 'dataSource' | 'logger'>): Koa {
  const app = new Koa();
  app.silent = true;
  app.use(requestLogger(logger));
  app.use(errorHandler());
  const health = healthRoutes(dataSource);
  app.use(health.routes());
  app.use(() => {
    throw new AppError('not_found', 'This is a realtime process: it serves /socket.io and /collab only.');
  });
  return app;
}
