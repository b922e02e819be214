import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { runMigrations } from './db/migrate';
import { startRetentionJob, type RetentionJob } from './jobs/retention';
import { seedDemo, type DemoLogin } from './db/seed-demo';
import { prepareOwnerSetup } from './modules/auth/owner-setup.service';
import { startAutoAssignRunner, type AutoAssignRunner } from './jobs/auto-assign';
import { startEventRemindersRunner, type EventRemindersRunner } from './jobs/event-reminders';
import { startPaymentRemindersRunner, type PaymentRemindersRunner } from './jobs/payment-reminders';
import { logEachRequest, loggerOptions, type LogStream } from './lib/log';
import { createMailTransport, type MailTransport } from './mail/transport';
import { startMailWorker, type MailWorker } from './mail/worker';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { accountRoutes } from './modules/bookings/account.routes';
import { adminNotificationsRoutes } from './modules/admin/admin-notifications.routes';
import { ensureAdmin } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { sessionsRoutes } from './modules/auth/sessions.routes';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { gstRoutes } from './modules/gst/gst.routes';
import { healthRoutes } from './modules/health/health.routes';
import { menusRoutes } from './modules/menus/menus.routes';
import { moneyRoutes } from './modules/payments/money.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { staffBookingsRoutes } from './modules/bookings/staff-bookings.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { projectsRoutes } from './modules/projects/projects.routes';
import { quoteRoutes } from './modules/quote/quote.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { siteRoutes } from './modules/site/site.routes';
import { supplierPortalRoutes } from './modules/supplier-portal/supplier-portal.routes';
import { suppliersRoutes } from './modules/suppliers/suppliers.routes';
import { testimonialsRoutes } from './modules/testimonials/testimonials.routes';
import { vendorRoutes } from './modules/vendor/vendor.routes';
import { registerClient } from './plugins/client';
import { seoRoutes } from './modules/site/seo.routes';
import { publicPageAt, publicPageHead } from './modules/site/seo.service';
import { prerenderedFile } from '../shared/public-pages';
import { registerJsonOnly } from './plugins/content-type';
import { jsonBodyText, registerJsonBodyText } from './plugins/json-body-text';
import { clientErrors, frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerLoadShedding } from './plugins/load-shedding';
import { registerRateLimits } from './plugins/rate-limit';
import { registerRestContract } from './plugins/rest-contract';
import { registerSecurityHeaders } from './plugins/security';
import {
  bearerToken,
  createContextInner,
  requestInfo,
  sessionBinding,
  stepUpToken,
  type Context,
  type ServiceDeps,
} from './context';
import { registerTrpc } from './trpc/fastify-adapter';
import { startLiveFeed, type LiveFeed } from './modules/notifications/live-feed';
import { liveRoutes } from './modules/notifications/live.routes';
import { whatsappRoutes } from './modules/messages/whatsapp.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { startWhatsAppWorker, type WhatsAppWorker } from './modules/messages/whatsapp-worker';
import { createWhatsAppProvider } from './modules/messages/providers';
import { appRouter } from './trpc/router';

declare module 'fastify' {
  interface FastifyInstance {
    deps: ServiceDeps;
    database: DatabaseHandle;
    /** The e-mail outbox worker; null when built with `startWorkers: false`. */
    mailWorker: MailWorker | null;
    /** The project auto-assign runner (pg-boss jobs plus a sweep); null when built with `startWorkers: false`. */
    autoAssign: AutoAssignRunner | null;
    /** The payment reminder sweep; null when built with `startWorkers: false`. */
    paymentReminders: PaymentRemindersRunner | null;
    eventReminders: EventRemindersRunner | null;
    /** The WhatsApp outbox worker; null when built with `startWorkers: false`. */
    whatsappWorker: WhatsAppWorker | null;
    /** This instance's live notification feed (PostgreSQL LISTEN/NOTIFY). */
    liveFeed: LiveFeed;
    /** What start-up has to tell the operator once, on the terminal (main.ts prints it after listening). */
    startupNotices: StartupNotices;
  }
  interface FastifyRequest {
    /** Database, config and the lazily resolved user: the same context tRPC procedures get. */
    ctx: Context;
  }
}

export type BuildOptions = {
  /** An open database to use (tests); otherwise one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  /** Apply migrations before serving (default true). */
  migrate?: boolean;
  /**
   * Run the background workers (the e-mail outbox) in this process (default true). Tests that build many apps
   * pass false and drive a worker of their own.
   */
  startWorkers?: boolean;
  /** Where the mail worker sends; by default SMTP_URL's server, or .eml files under DATA_DIR/mail. */
  mailTransport?: MailTransport;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: LogStream;
};

const kReply = Symbol('reply');
const kContext = Symbol('context');
type ContextSlots = { [kReply]: FastifyReply | null; [kContext]: Context | null };

/** At most this many procedures in one tRPC batch request. */
const MAX_TRPC_BATCH = 10;

/**
 * Builds the whole server: database, REST routes under /api, tRPC under /api/trpc, and the built client. Only
 * `main.ts` listens; tests call this and use `app.inject`.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      preparedStatements: config.preparedStatements,
    }));
  const ownsDatabase = !options.database;

  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream, config.logFormat),
    ...(config.logFormat === 'pretty' && { logController: new LogController({ disableRequestLogging: true }) }),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A client sending its body or headers a byte at a time is cut off (408) once these run out; Node checks every
    // second instead of its default 30 s, so a slow request holds its connection at most a second longer.
    requestTimeout: config.timeouts.requestMs,
    http: {
      requestTimeout: config.timeouts.requestMs,
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: 1000,
    },
    routerOptions: { maxParamLength: 5000 },
    frameworkErrors,
    clientErrorHandler: clientErrors,
    // Draining requests get the app's own 503 with Retry-After and `detail` (plugins/load-shedding.ts).
    return503OnClosing: false,
  });
  if (config.logFormat === 'pretty') logEachRequest(app);

  try {
    if (options.migrate ?? true) await runMigrations(database);
    const deps: ServiceDeps = { db: database.db, config };
    app.decorate('deps', deps);
    app.decorate<DatabaseHandle>('database', database);
    app.decorate<MailWorker | null>('mailWorker', null);
    app.decorate<AutoAssignRunner | null>('autoAssign', null);
    app.decorate<PaymentRemindersRunner | null>('paymentReminders', null);
    app.decorate<EventRemindersRunner | null>('eventReminders', null);
    app.decorate<WhatsAppWorker | null>('whatsappWorker', null);
    const liveFeed = await startLiveFeed(database, app.log.child({ feed: 'live' }));
    app.decorate<LiveFeed>('liveFeed', liveFeed);
    // Open live streams end first, so closing the server does not wait for them.
    app.addHook('preClose', async () => {
      await liveFeed.close();
    });
    let retention: RetentionJob | undefined;
    let transport: MailTransport | undefined;
    // One hook, in this order: the worker finishes its message before the transport and the database go.
    app.addHook('onClose', async () => {
      await app.mailWorker?.stop();
      await app.whatsappWorker?.stop();
      await app.autoAssign?.stop();
      await app.paymentReminders?.stop();
      await app.eventReminders?.stop();
      await retention?.stop();
      transport?.close();
      if (ownsDatabase) await database.close();
    });

    await startupTasks(app, deps);

    registerErrorHandling(app);
    // Security headers first: every answer carries them, including the 415s, 429s and 503s of the hooks below.
    await registerSecurityHeaders(app, { production: config.env === 'production', corsOrigins: config.corsOrigins });
    await registerLoadShedding(app, config.loadShedding);
    registerJsonOnly(app);
    registerJsonBodyText(app);
    const rateLimiter = await registerRateLimits(app, config);

    // The context is made when a route first asks for it, not for every request (static files and health checks
    // never do); the reply is kept for the rate limiter's headers.
    app.decorateRequest(kReply, null);
    app.decorateRequest(kContext, null);
    app.decorateRequest('ctx', {
      getter(this: FastifyRequest): Context {
        const slots = this as FastifyRequest & ContextSlots;
        slots[kContext] ??= createContextInner({
          ...deps,
          token: bearerToken(this),
          stepUpToken: stepUpToken(this),
          request: requestInfo(this),
          rateLimit: rateLimiter.forRequest(this, slots[kReply]!),
          live: liveFeed,
          binding: sessionBinding(this, slots[kReply]!, config),
          bodyText: () => jsonBodyText(this),
        });
        return slots[kContext];
      },
    });
    app.addHook('onRequest', (request, reply, done) => {
      (request as FastifyRequest & ContextSlots)[kReply] = reply;
      done();
    });

    // Before the routes: the document is built from the routes registered after it.
    await registerRestContract(app, { checkResponses: config.env === 'test', brandName: config.brand.name });

    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        await api.register(authRoutes);
        await api.register(sessionsRoutes);
        await api.register(siteRoutes);
        await api.register(quoteRoutes);
        await api.register(bookingsRoutes);
        await api.register(testimonialsRoutes);
        await api.register(analyticsRoutes);
        await api.register(paymentsRoutes);
        await api.register(vendorRoutes);
        await api.register(suppliersRoutes);
        await api.register(customersRoutes);
        await api.register(reportsRoutes);
        await api.register(gstRoutes);
        await api.register(projectsRoutes);
        await api.register(supplierPortalRoutes);
        await api.register(accountRoutes);
        await api.register(adminNotificationsRoutes);
        await api.register(moneyRoutes);
        await api.register(calendarRoutes);
        await api.register(staffBookingsRoutes);
        await api.register(menusRoutes);
        await api.register(liveRoutes);
        await api.register(whatsappRoutes);
        await api.register(messagesRoutes);
      },
      { prefix: '/api' },
    );

    await registerTrpc(app, '/api/trpc', {
      router: appRouter,
      createContext: (request) => request.ctx,
      maxBatchSize: MAX_TRPC_BATCH,
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, path }, 'tRPC error');
      },
    });

    await app.register(seoRoutes);
    await registerClient(app, config.clientDistDir, async (url) => {
      const page = publicPageAt(url);
      return page ? { head: await publicPageHead(deps, page), file: prerenderedFile(page) } : null;
    });

    if (options.startWorkers ?? true) {
      transport = options.mailTransport ?? createMailTransport(config.mail);
      app.mailWorker = startMailWorker(deps, transport, { log: app.log.child({ worker: 'mail' }) });
      app.autoAssign = startAutoAssignRunner(database, deps, {
        log: app.log.child({ worker: 'auto-assign' }),
        sweepIntervalMs: config.autoAssignSweepSeconds * 1000,
      });
      app.whatsappWorker = startWhatsAppWorker(deps, createWhatsAppProvider(config.whatsapp), {
        log: app.log.child({ worker: 'whatsapp' }),
      });
      app.paymentReminders = startPaymentRemindersRunner(deps, {
        log: app.log.child({ worker: 'payment-reminders' }),
        sweepIntervalMs: config.paymentReminderSweepSeconds * 1000,
      });
      app.eventReminders = startEventRemindersRunner(deps, {
        log: app.log.child({ worker: 'event-reminders' }),
        daysBefore: config.eventReminders.daysBefore,
        sweepIntervalMs: config.eventReminders.sweepSeconds * 1000,
      });
      retention = startRetentionJob(deps, app.log.child({ worker: 'retention' }));
      app.log.info(
        transport.kind === 'smtp'
          ? 'e-mail: sending through SMTP_URL'
          : `e-mail: no SMTP_URL, writing .eml files to ${config.mail.dir}`,
      );
    }
    return app;
  } catch (error) {
    await app.close().catch(() => {});
    if (ownsDatabase) await database.close().catch(() => {});
    throw error;
  }
}

/**
 * Secrets start-up hands to the operator once, never to the log: the demo sign-ins when their passwords are random,
 * and the owner setup code when the database has no admin (docs/decisions.md, "First run and demo data").
 */
export type StartupNotices = { demoLogins: DemoLogin[] | null; ownerSetupCode: string | null };

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD make sure the admin exists; SEED_DEMO loads the demo data into an empty database; with
 * no admin after both, a one-time owner setup code is made.
 */
async function startupTasks(app: FastifyInstance, deps: ServiceDeps): Promise<void> {
  const { config } = deps;
  const notices: StartupNotices = { demoLogins: null, ownerSetupCode: null };
  app.decorate('startupNotices', notices);
  if (config.admin) {
    const outcome = await ensureAdmin(deps, config.admin);
    app.log.info({ email: config.admin.email }, `admin account ${outcome}`);
  }
  if (config.seedDemo) {
    const { logins, ...result } = await seedDemo(deps, { randomPasswords: config.seedDemoRandomPasswords });
    app.log.info(result, result.seeded ? 'demo data loaded' : 'demo data already present');
    notices.demoLogins = logins ?? null;
  }
  notices.ownerSetupCode = await prepareOwnerSetup(deps);
  if (notices.ownerSetupCode) app.log.info('no admin account yet: the owner setup link is printed on the terminal');
}
