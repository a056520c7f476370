import type { FastifyBaseLogger } from 'fastify';
import type { TChannelRegistry } from '../channels/host/modules-door.js';
import type { TOutboundSender } from '../modules/messages/outbound-sender.js';
import type { TGuard, TSessionResolver } from './auth/authenticate.js';
import type { TDecryptSecret } from './auth/login-keys.js';
import type { TAccessTokens } from './auth/tokens.js';
import type { TBackgroundTasks } from './background.js';
import type { TConfig } from './config.js';
import type { TDatabase, TDb } from './db/client.js';
import type { TEventBus } from './events/event-bus.js';
import type { TJobRunner } from './jobs/job-runner.js';
import type { TMailer } from './mail.js';
import type { TRealtime } from './realtime.js';
import type { TStorage } from './storage.js';

/** Everything a module needs, built once in the composition root (app.ts). */
export type TServices = {
  config: TConfig;
  database: TDatabase;
  db: TDb;
  log: FastifyBaseLogger;
  tokens: TAccessTokens;
  resolveSession: TSessionResolver;
  guard: TGuard;
  decryptSecret: TDecryptSecret;
  publicKeyPem: string;
  mailer: TMailer;
  background: TBackgroundTasks;
  realtime: TRealtime;
  /** The durable job runner (pg-boss): work that runs later, on a schedule, or once across instances. */
  jobs: TJobRunner;
  /** Domain events: published inside a tenant transaction, heard by listeners after it commits. */
  events: TEventBus;
  /** Channel adapters by kind (web chat, WhatsApp, ...). */
  channels: TChannelRegistry;
  /** The outbound message queue's sender. */
  outbound: TOutboundSender;
  /** Message media (local disk under DATA_DIR/media). */
  storage: TStorage;
};
