import path from 'node:path';
import { z } from 'zod';
import { serverRoot } from './server-root.js';

const ZBoolFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const ZUrlWithProtocols = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((u) => protocols.includes(new URL(u).protocol), `must start with ${protocols.join(' or ')}//`);

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: ZUrlWithProtocols(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: ZUrlWithProtocols(['redis:', 'rediss:']).optional(),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: ZUrlWithProtocols(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().default('Prosa <no-reply@prosa.local>'),
  SUPERADMIN_EMAIL: z.string().email().default('superadmin@prosa.local'),
  SUPERADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: ZBoolFlag.default(false),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z
    .string()
    .refine((v) => !/^\s*\d+\s*$/.test(v), 'name the proxies (addresses or CIDRs) or true; a hop count is not safe')
    .default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).max(86_400).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 86_400),
  WEB_DIST: z.string().optional(),
  WEBCHAT_SESSIONS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  WEBCHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(16 * 1024 * 1024),
  META_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v22.0'),
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  ZAPI_API_URL: z.string().url().default('https://api.z-api.io'),
  HUB_API_URL: z.string().url().default('https://api.notificame.com.br/v1'),
  PROXY_CHECK_URL: z.string().url().default('https://web.whatsapp.com/'),
  SEND_PACE_MIN_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  SEND_PACE_MAX_MS: z.coerce.number().int().min(0).max(120_000).default(3_000),
  BIRTHDAY_PACE_MIN_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  BIRTHDAY_PACE_MAX_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  JOBS_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(1_000),
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(1_000),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(100).optional(),
  EMBEDDED_MAINTENANCE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  WEBHOOK_ALLOW_PRIVATE: ZBoolFlag.default(false),
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(400).default(100),
  FIGURES_WINDOW_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
});

export type TConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  superadminEmail: string;
  superadminPassword: string | undefined;
  seedDemo: boolean;
  demoPassword: string | undefined;
  corsOrigins: string[];
  /**
   * Which hops in front of the server may say who the client is (`X-Forwarded-For`, `-Proto`): false trusts none
   * (the client is the TCP peer), a list trusts those addresses / CIDRs, true trusts any (only when nothing
   * reaches the server but through the proxy).
   */
  trustProxy: boolean | string[];
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  accessTokenTtl: number;
  refreshTokenTtl: number;
  webDist: string;
  version: string;
  /** Web chat visitors: new sessions per IP and messages per visitor, per minute. */
  webchatSessionsPerMinute: number;
  webchatMessagesPerMinute: number;
  /** Largest file an agent may attach, in bytes. */
  mediaMaxBytes: number;
  /** Meta's Graph API with its version (WhatsApp Cloud API); tests and the demo point it at the fake. */
  metaGraphUrl: string;
  /** Telegram's Bot API root (`<root>/bot<token>/<method>`); tests and the demo point it at the fake. */
  telegramApiUrl: string;
  /** Z-API's root (`<root>/instances/<id>/token/<token>/<method>`); tests and the demo point it at the fake. */
  zapiApiUrl: string;
  /** NotificaMe Hub's API root; tests and the demo point it at the fake. */
  hubApiUrl: string;
  /** What a proxy test reaches through the proxy (WhatsApp Web); tests and the demo point it at a fake. */
  proxyCheckUrl: string;
  /** Random pause between two sends of one paced connection (unofficial WhatsApp channels), in ms. */
  sendPace: { minMs: number; maxMs: number };
  /** Random pause between two birthday messages of one run, in ms (the family waits 3-5 s). */
  birthdayPace: { minMs: number; maxMs: number };
  /**
   * Durable jobs and event listeners: how often an idle job runner looks for due jobs (work enqueued on the same
   * instance wakes it at once), the first pause before a retry (doubling; tests use 0 to retry at once), and
   * how many jobs run at once on an instance (unset: 10 on PGlite, in batches of one transaction each, and 20 on
   * PostgreSQL, where a job mostly waits on the database). `now`: the clock cron schedules and the campaign
   * engine's pacing read (tests freeze or move it; unset: the system clock).
   */
  jobs: { pollMs: number; retryBaseMs: number; concurrency?: number; now?: () => Date };
  /**
   * Embedded database only: how often tables with enough changes are vacuumed and analyzed (PGlite runs no
   * autovacuum of its own); 0 turns it off.
   */
  embeddedMaintenanceMs: number;
  /**
   * May tenant-configured webhooks (a chat flow's webhook step) reach private, loopback and link-local
   * addresses? Off: an admin of one tenant cannot make the server call its own network (cloud metadata,
   * Redis, the database). On for single-company installs whose automations live inside their network.
   */
  webhookAllowPrivate: boolean;
  /** How far the JavaScript heap grows past its live data before a full collection, in % (0: V8's default). */
  heapGrowthPercent: number;
  /**
   * The dashboard's figures: a tenant's changes within this window are recomputed together after it ends, at a
   * moment of the tenant's own in the next one (a change shows within two windows). Tests shorten it.
   */
  figuresWindowMs: number;
};

export class ConfigError extends Error {}

/** `TRUST_PROXY`: empty or `false` -> none, `true` -> any, `10.0.0.0/8,127.0.0.1` -> those addresses. */
export const parseTrustProxy = (value: string): boolean | string[] => {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
};

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env, overrides: Partial<TConfig> = {}): TConfig => {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  return {
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    superadminEmail: e.SUPERADMIN_EMAIL.trim().toLowerCase(),
    superadminPassword: e.SUPERADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    demoPassword: e.DEMO_PASSWORD,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(serverRoot, '..', 'web', 'dist')),
    version: process.env.npm_package_version ?? '0.1.0',
    webchatSessionsPerMinute: e.WEBCHAT_SESSIONS_PER_MINUTE,
    webchatMessagesPerMinute: e.WEBCHAT_MESSAGES_PER_MINUTE,
    mediaMaxBytes: e.MEDIA_MAX_BYTES,
    metaGraphUrl: e.META_GRAPH_URL.replace(/\/$/, ''),
    telegramApiUrl: e.TELEGRAM_API_URL.replace(/\/$/, ''),
    zapiApiUrl: e.ZAPI_API_URL.replace(/\/$/, ''),
    hubApiUrl: e.HUB_API_URL.replace(/\/$/, ''),
    proxyCheckUrl: e.PROXY_CHECK_URL,
    sendPace: { minMs: e.SEND_PACE_MIN_MS, maxMs: Math.max(e.SEND_PACE_MIN_MS, e.SEND_PACE_MAX_MS) },
    birthdayPace: { minMs: e.BIRTHDAY_PACE_MIN_MS, maxMs: Math.max(e.BIRTHDAY_PACE_MIN_MS, e.BIRTHDAY_PACE_MAX_MS) },
    jobs: { pollMs: e.JOBS_POLL_MS, retryBaseMs: e.JOBS_RETRY_BASE_MS, concurrency: e.JOBS_CONCURRENCY },
    embeddedMaintenanceMs: e.EMBEDDED_MAINTENANCE_MS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    heapGrowthPercent: e.HEAP_GROWTH_PERCENT,
    figuresWindowMs: e.FIGURES_WINDOW_MS,
    ...overrides,
  };
};
