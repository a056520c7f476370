import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TReconnectTimer } from './channels/baileys/baileys-sessions.js';
import type { TBaileysSocketFactory } from './channels/baileys/baileys-socket.js';
import { createChannelRegistry } from './channels/host/channel-registry.js';
import { startProviders } from './channels/host/start-providers.js';
import type { TChannelAdapter } from './channels/types.js';
import { registerWebchatEmbed } from './channels/webchat/embed-script.js';
import { registerModuleRoutes } from './module-routes.js';
import { assistantAfterFlowListener } from './modules/assistants/runtime/after-flow.listener.js';
import { assistantListener } from './modules/assistants/runtime/assistant.listener.js';
import { assistantReplyJob } from './modules/assistants/runtime/assistant-reply.job.js';
import { pruneFailures } from './modules/auth/auth.service.js';
import { autoReplyListener } from './modules/auto-replies/auto-reply.listener.js';
import { birthdayJob } from './modules/birthdays/birthday.job.js';
import { absenceListener } from './modules/business-hours/absence.listener.js';
import { campaignImportJob } from './modules/campaigns/campaign-import.job.js';
import { campaignAcksListener } from './modules/campaigns/engine/campaign-acks.listener.js';
import { campaignRepliesListener } from './modules/campaigns/engine/campaign-replies.listener.js';
import { campaignTickJob } from './modules/campaigns/engine/campaign-tick.job.js';
import { campaignsRealtimeListener } from './modules/campaigns/realtime-listener.js';
import { chatFlowListener } from './modules/chat-flows/runtime/chat-flow.listener.js';
import { flowContinuationJob } from './modules/chat-flows/runtime/flow-continuation.job.js';
import { flowExitListener } from './modules/chat-flows/runtime/flow-exit.listener.js';
import { flowInactivityJob } from './modules/chat-flows/runtime/flow-inactivity.job.js';
import { setConnectionStatus } from './modules/connections/connection-status.js';
import { connectionsRealtimeListener } from './modules/connections/realtime-listener.js';
import { contactsRealtimeListener } from './modules/contacts/realtime-listener.js';
import { groupToolLogsPruneJob } from './modules/group-tools/group-tool-logs-prune.job.js';
import { groupWordFilterListener } from './modules/group-tools/group-word-filter.listener.js';
import { insightFiguresJob, insightFiguresSweepJob } from './modules/insight/facts/figures.job.js';
import { insightFactsListener } from './modules/insight/facts/insight-facts.listener.js';
import { insightPresenceListener } from './modules/insight/facts/presence.listener.js';
import { insightRebuildJob, rebuildTenantsWithoutFigures } from './modules/insight/facts/rebuild.job.js';
import { insightRealtimeListener } from './modules/insight/realtime-listener.js';
import { reportExportJob } from './modules/insight/reports/report-export.job.js';
import { reportExportsCleanupJob } from './modules/insight/reports/report-exports-cleanup.job.js';
import { startOutboundSender } from './modules/messages/outbound-sender.js';
import { scheduleFireJob } from './modules/messages/schedule-fire.job.js';
import { scheduleReplyListener } from './modules/messages/schedule-reply.listener.js';
import { ratingReplyListener } from './modules/ratings/rating-reply.listener.js';
import { ratingTimeoutJob } from './modules/ratings/rating-timeout.job.js';
import { settingsRealtimeListener } from './modules/settings/realtime-listener.js';
import { notesRealtimeListener } from './modules/ticket-notes/notes-realtime-listener.js';
import { autoCloseJob } from './modules/tickets/auto-close.job.js';
import { listCountsListener } from './modules/tickets/list-counts-listener.js';
import { realtimeListener } from './modules/tickets/realtime-listener.js';
import { forgetVisibilityContext } from './modules/tickets/visibility-context.js';
import { usersRealtimeListener } from './modules/users/realtime-listener.js';
import { setUserOnline } from './modules/users/user-preferences.js';
import { createGuard, createSessionResolver } from './platform/auth/authenticate.js';
import { resolveJwtSecret } from './platform/auth/jwt-secret.js';
import { createSecretDecrypter, ensureLoginKeyPair } from './platform/auth/login-keys.js';
import { createAccessTokens } from './platform/auth/tokens.js';
import { createBackgroundTasks } from './platform/background.js';
import { seedOnFirstStart } from './platform/bootstrap.js';
import type { TConfig } from './platform/config.js';
import { countAppliedMigrations, migrationsFolder, openDatabase, type TDatabase } from './platform/db/client.js';
import { startEmbeddedMaintenance } from './platform/db/embedded-maintenance.js';
import { createEventBus } from './platform/events/event-bus.js';
import { createEventPeers } from './platform/events/event-peers.js';
import { createHttp, registerWebApp } from './platform/http.js';
import { cleanInputOfRoutes } from './platform/input-guard.js';
import { createJobRunner } from './platform/jobs/job-runner.js';
import { createMailer } from './platform/mail.js';
import { createRealtime } from './platform/realtime.js';
import { createSecrets } from './platform/secrets.js';
import type { TServices } from './platform/services.js';
import { createShutdown, type TShutdownProgress } from './platform/shutdown.js';
import { createLocalStorage } from './platform/storage.js';

export type TApp = {
  app: FastifyInstance;
  services: TServices;
  listen: () => Promise<string>;
  close: () => Promise<void>;
  /** Where a close is (null when none runs, or it finished): what a caller that gives up reports. */
  shutdownProgress: () => TShutdownProgress;
  /** Resolves once the start's background checks are done (tests seed after them, so none sees half a seed). */
  settled: () => Promise<void>;
};

const expectedMigrations = (): number =>
  (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;

/** Composition root: config -> database -> auth -> http -> realtime -> modules. */
export const createApp = async (
  config: TConfig,
  options: {
    logger?: boolean;
    database?: TDatabase;
    memoryDatabase?: boolean;
    /** Baileys' socket factory: a fake in tests and the demo (production uses the library's makeWASocket). */
    baileysSocket?: TBaileysSocketFactory;
    /** Where Baileys schedules reconnects after a drop (tests run them when they choose). */
    baileysReconnectTimer?: TReconnectTimer;
    /** Told when a Telegram long-polling loop ends. */
    telegramPollerStopped?: (connectionId: number) => void;
    /** Called with the HTTP server before any route is registered (tests record the routes through it). */
    onHttpCreated?: (app: FastifyInstance) => void;
    /** Channel adapters besides the providers' (a test's provider side), registered before any job runs. */
    extraChannels?: readonly TChannelAdapter[];
  } = {},
): Promise<TApp> => {
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, memory: options.memoryDatabase }));
  await database.migrate();
  const app = await createHttp(config, options.logger ?? true);
  options.onHttpCreated?.(app);
  await seedOnFirstStart(database.db, config, app.log);

  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = createAccessTokens(jwtSecret, config.accessTokenTtl);
  const resolveSession = createSessionResolver(database.db, tokens);
  const keyPair = await ensureLoginKeyPair(database.db);
  const background = createBackgroundTasks(app.log);
  const realtime = await createRealtime({
    httpServer: app.server,
    resolveSession,
    redisUrl: config.redisUrl,
    corsOrigins: config.corsOrigins,
    log: app.log,
    onPresence: (ctx, isOnline) => setUserOnline(services, ctx, ctx.userId, isOnline).then(() => undefined),
    // Every instance drops its cached audience rules of the tenant, so a reconnecting socket finds the new rights.
    onRevoked: ({ tenantId }) => forgetVisibilityContext(database.db, tenantId),
  });
  const channels = createChannelRegistry();
  // This process among the instances sharing the database: owner of the stateful sessions it runs.
  const instanceId = randomUUID();
  // One durable job runner and one domain-event bus per process; modules add jobs and listeners while they
  // register, and both start once every module is in (below).
  const jobs = createJobRunner({
    database,
    log: app.log,
    ...config.jobs,
    concurrency: config.jobs.concurrency ?? (database.kind === 'postgres' ? 20 : 10),
    // Batches take at most half the database's connections: the rest stay free for requests (a customer's
    // message, an agent's click), which otherwise queued behind the bot's batches (docs/benchmarks.md).
    parallel: Math.max(1, Math.floor(database.transactionsAtOnce / 2)),
  });
  const events = createEventBus({
    jobs,
    peers: createEventPeers(database, instanceId, app.log),
    log: app.log,
    retryBaseMs: config.jobs.retryBaseMs,
  });
  const services: TServices = {
    config,
    database,
    db: database.db,
    log: app.log,
    tokens,
    resolveSession,
    guard: createGuard(resolveSession),
    decryptSecret: createSecretDecrypter(keyPair),
    publicKeyPem: keyPair.publicKey,
    mailer: createMailer(config.smtpUrl, config.mailFrom, app.log),
    background,
    realtime,
    jobs,
    events,
    channels,
    storage: createLocalStorage(path.join(config.dataDir, 'media')),
    outbound: startOutboundSender({
      db: database.db,
      log: app.log,
      channels,
      events,
      jobs,
      pace: config.sendPace,
      instanceId,
      onConnectionDown: (tenantId, connectionId, reason) =>
        setConnectionStatus(services, tenantId, connectionId, { status: 'DISCONNECTED', lastError: reason }),
    }),
  };

  // Realtime hears tickets and messages as domain events: the one place that tells agents' sockets of them.
  events.listen(realtimeListener(services));
  // ...and contacts, connections' status and settings, each as the socket events the web already knows.
  events.listen(contactsRealtimeListener(services));
  events.listen(connectionsRealtimeListener(services));
  events.listen(settingsRealtimeListener(services));
  events.listen(usersRealtimeListener(services));
  // Each instance keeps the ticket tabs' totals until a ticket comes, goes or changes who may see it.
  events.listen(listCountsListener(services));
  events.listen(absenceListener(services));
  events.listen(autoReplyListener(services));
  // The chat-flow engine hears customer messages; its delays, webhooks and inactivity timers are durable jobs.
  events.listen(chatFlowListener(services));
  events.listen(flowExitListener(services));
  jobs.register(flowContinuationJob(services));
  jobs.register(flowInactivityJob(services));
  events.listen(notesRealtimeListener(services));
  jobs.register(autoCloseJob(services));
  events.listen(ratingReplyListener(services));
  jobs.register(ratingTimeoutJob(services));
  // Scheduled messages fire at their time (one job each); the customer's reply cancels those that ask it.
  jobs.register(scheduleFireJob(services));
  events.listen(scheduleReplyListener(services));
  const birthdayDeps = { ...services, pace: config.birthdayPace };
  jobs.register(birthdayJob(birthdayDeps));
  // AI assistants answer customers as durable jobs after the burst window; their keys are sealed at rest.
  const secrets = createSecrets(jwtSecret);
  const assistantDeps = { ...services, secrets };
  events.listen(assistantListener(assistantDeps));
  events.listen(assistantAfterFlowListener(assistantDeps));
  jobs.register(assistantReplyJob(assistantDeps));
  // Campaigns and mass sends: one engine step per job, acks and replies heard from the messages' events. The
  // engine paces on the jobs' clock, as do the starts, pauses and resumes that plan its steps (tests move it).
  const campaignDeps = { ...services, ...(config.jobs.now ? { now: config.jobs.now } : {}) };
  jobs.register(campaignTickJob(campaignDeps));
  jobs.register(campaignImportJob(campaignDeps));
  events.listen(campaignAcksListener(services));
  events.listen(campaignRepliesListener(services));
  events.listen(campaignsRealtimeListener(services));
  events.listen(insightRealtimeListener(services));
  // Group tools: a banned word in a group message deletes it (joins and leaves come through the channel host).
  events.listen(groupWordFilterListener(services));
  jobs.register(groupToolLogsPruneJob(services));
  // Report exports (CSV, XLSX, PDF): one job per export writes the file, progress on the export's row.
  jobs.register(reportExportJob(services));
  jobs.register(reportExportsCleanupJob(services));
  // Dashboard and report figures: each ticket's figures recomputed after any change, agents' online periods.
  events.listen(insightFactsListener(services));
  jobs.register(insightFiguresJob(services));
  jobs.register(insightFiguresSweepJob(services));
  events.listen(insightPresenceListener(services));
  jobs.register(insightRebuildJob(services));

  const migrationsExpected = expectedMigrations();
  app.get('/health', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await database.ping();
      const applied = await countAppliedMigrations(database.db);
      if (applied < migrationsExpected)
        return reply.status(503).send({ status: 'migrating', applied, expected: migrationsExpected });
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });
  await registerModuleRoutes(app, { services, secrets, birthdayDeps, assistantDeps, campaignDeps });
  // What channels deliver (webhooks, the web chat visitor) is cleaned of text the database cannot store,
  // never refused: a customer's message is not lost for one bad character.
  await app.register(async (inbound) => {
    cleanInputOfRoutes(inbound);
    // Every provider of the registry (channels/registry.ts): its adapters, webhooks and sessions.
    await startProviders(inbound, {
      services,
      secrets,
      jwtSecret,
      instanceId,
      baileysSocket: options.baileysSocket,
      baileysReconnectTimer: options.baileysReconnectTimer,
      telegramPollerStopped: options.telegramPollerStopped,
    });
  });
  for (const adapter of options.extraChannels ?? []) services.channels.register(adapter);
  registerWebchatEmbed(app);
  await registerWebApp(app, config.webDist);

  // Throttling rows only matter for an hour; prune them now and then.
  const maintenance = setInterval(() => {
    background.run('prune-throttle-rows', () => pruneFailures(database.db, new Date(Date.now() - 3_600_000)));
  }, 10 * 60_000);
  maintenance.unref();
  const stopUpkeep = startEmbeddedMaintenance(database, app.log, config.embeddedMaintenanceMs, background.run);
  await events.start();
  await jobs.start();
  background.run('insight-missing-figures', () => rebuildTenantsWithoutFigures(services));

  // Graceful: realtime clients first (their presence updates written), then HTTP (in-flight requests finish),
  // background work, the Redis link (kept until here so late events still reach other instances), database.
  const shutdown = createShutdown(app.log, [
    { name: 'maintenance', run: () => clearInterval(maintenance) },
    { name: 'upkeep', run: stopUpkeep },
    { name: 'realtime', run: () => realtime.close() },
    { name: 'http', run: () => app.close() },
    { name: 'outbound', run: () => services.outbound.stop() },
    { name: 'jobs', run: () => jobs.stop(), waitingOn: () => ({ jobs: jobs.busy(), db: database.connections?.() }) },
    { name: 'events', run: () => events.stop() },
    { name: 'background', run: () => background.drain(), waitingOn: () => background.pending() },
    { name: 'mailer', run: () => services.mailer.close() },
    { name: 'redis', run: () => realtime.dispose() },
    { name: 'database', run: () => database.close(), waitingOn: () => database.connections?.() },
  ]);
  return {
    app,
    services,
    listen: () => app.listen({ port: config.port, host: config.host }),
    close: shutdown.close,
    shutdownProgress: shutdown.progress,
    settled: () => background.drain(),
  };
};
