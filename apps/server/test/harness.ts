import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import type { TProfile } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { createApp, type TApp } from '../src/app.js';
import type { TReconnectTimer } from '../src/channels/baileys/baileys-sessions.js';
import type { TBaileysSocketFactory } from '../src/channels/baileys/baileys-socket.js';
import type { TChannelAdapter } from '../src/channels/types.js';
import type { TConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db/client.js';
import { queues, tenants, users, usersQueues } from '../src/platform/db/schema.js';
import { createDatabaseFromTemplate, loadPgliteSnapshot } from './db-snapshot.js';
import { recordRoutes } from './routes.js';
import { createTestConfig, isSnapshotSeed, PASSWORD } from './test-config.js';

export { PASSWORD };

/**
 * argon2id of PASSWORD, computed once and written here: fixture users get it without hashing (64 MiB and
 * three passes per hash), and a login with PASSWORD verifies against it as against any other hash.
 */
const PASSWORD_HASH =
  '$argon2id$v=19$m=65536,p=4,t=3$sbehZUOLnASd4QtIxIeX4g$TAiv8VDRGoy90dZY43mxDLYAxIBIV+bYIhu6XuPC+kU';

/**
 * A real server in-process on a fresh database: in-memory PGlite by default, or a new PostgreSQL database
 * (created from DATABASE_URL and dropped at the end) when DATABASE_URL is set. Either starts as a copy of
 * the migrated and seeded snapshot (test/db-snapshot.ts), unless the overrides change what the first start
 * seeds.
 */
export const startTestApp = async (overrides: Partial<TConfig> = {}, options: TStartOptions = {}) => {
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => undefined as unknown;
  const shared = options.shareDatabaseWith;
  if (shared) {
    // A second instance on the first one's database; the first one drops it when it closes.
    databaseUrl = shared.databaseUrl;
  } else if (adminUrl) {
    const name = `prosa_test_${randomBytes(6).toString('hex')}`;
    if (isSnapshotSeed(overrides)) {
      databaseUrl = await createDatabaseFromTemplate(adminUrl, name);
    } else {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // The pool ends its clients without waiting for them to say goodbye; dropping the database
      // under them makes the server kill those sessions, which surfaces as an uncaught error.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const config = createTestConfig(overrides, databaseUrl);
  const database =
    shared && !databaseUrl
      ? // In-memory PGlite cannot be opened twice: share the handle, and leave closing it to its owner.
        { ...shared.prosa.services.database, close: async () => undefined }
      : await openDatabase({
          databaseUrl,
          memory: !databaseUrl,
          loadDataDir: !databaseUrl && isSnapshotSeed(overrides) ? await loadPgliteSnapshot() : undefined,
        });
  const prosa = await createApp(config, {
    logger: false,
    database,
    baileysSocket: options.baileysSocket,
    baileysReconnectTimer: options.baileysReconnectTimer,
    telegramPollerStopped: options.telegramPollerStopped,
    onHttpCreated: recordRoutes,
    extraChannels: options.channels,
  });
  const address = await prosa.listen();
  await prosa.settled();
  return new TestApp(prosa, address, dropDatabase, databaseUrl);
};

type TStartOptions = {
  /**
   * Run as another instance of the same installation: the same database (its own connection pool on
   * PostgreSQL, the same handle on in-memory PGlite). Pass `redisUrl` in the overrides to both instances
   * so that realtime events cross between them.
   */
  shareDatabaseWith?: TestApp;
  /** Baileys' socket factory: the fake WhatsApp Web socket of @prosa/fakes. */
  baileysSocket?: TBaileysSocketFactory;
  /** Where Baileys schedules its reconnects after a drop (real timers unless a test runs them itself). */
  baileysReconnectTimer?: TReconnectTimer;
  /** Told when a Telegram long-polling loop ends. */
  telegramPollerStopped?: (connectionId: number) => void;
  /** Channel adapters of the test (a provider's side), there before the job runner takes any job. */
  channels?: readonly TChannelAdapter[];
};

type TRequest = { token?: string; body?: unknown; headers?: Record<string, string>; cookie?: string; ip?: string };

// Each request comes from its own address unless a test pins one, so per-IP login throttling stays per test.
const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

export class TestApp {
  constructor(
    readonly prosa: TApp,
    readonly url: string,
    private readonly dropDatabase: () => Promise<unknown>,
    /** The PostgreSQL database this instance uses; undefined on PGlite. */
    readonly databaseUrl?: string,
  ) {}

  get db() {
    return this.prosa.services.db;
  }

  /** Sends a request through the real HTTP stack (in-process injection). */
  async request(method: string, path: string, options: TRequest = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    const response = await this.prosa.app.inject({
      method: method as 'GET',
      url: path,
      headers,
      remoteAddress: options.ip ?? randomIp(),
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = response.body;
    }
    // biome-ignore lint/suspicious/noExplicitAny: test convenience for reading JSON bodies
    return { status: response.statusCode, body: body as any, headers: response.headers, cookies: response.cookies };
  }

  encrypt(secret: string, key = this.prosa.services.publicKeyPem): string {
    return publicEncrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(secret),
    ).toString('base64');
  }

  async login(email: string, password = PASSWORD) {
    const res = await this.request('POST', '/auth/login/', { body: { email, password: this.encrypt(password) } });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    const refresh = res.cookies.find((c) => c.name === 'jrt');
    return { token: res.body.token as string, body: res.body, refreshCookie: refresh ? `jrt=${refresh.value}` : '' };
  }

  /**
   * The access token `/auth/login` would give this user, minted directly: the same claims, signed with the
   * same key, checked by the same resolver. It skips the argon2 check and the refresh-token row, which only
   * the tests of login and refresh need; those call `login()`.
   */
  mintToken(user: { id: number; tenantId: number; profile: TProfile; tokenVersion: number }) {
    return this.prosa.services.tokens.sign({
      userId: user.id,
      tenantId: user.tenantId,
      profile: user.profile,
      ver: user.tokenVersion,
    });
  }

  /** A whole tenant: the tenant, an admin, a supervisor, an agent with one queue. */
  async createTenantFixture(name: string, overrides: Partial<typeof tenants.$inferInsert> = {}) {
    const hash = PASSWORD_HASH;
    const slug = `${name.toLowerCase().replace(/\W+/g, '')}-${randomBytes(3).toString('hex')}`;
    const [tenant] = await this.db
      .insert(tenants)
      .values({ name, maxUsers: 20, ...overrides })
      .returning();
    const tenantId = (tenant as { id: number }).id;
    const make = async (profile: TProfile, label: string) => {
      const [row] = await this.db
        .insert(users)
        .values({ tenantId, name: `${label} ${name}`, email: `${label}@${slug}.test`, passwordHash: hash, profile })
        .returning();
      return row as typeof users.$inferSelect;
    };
    const admin = await make('admin', 'admin');
    const supervisor = await make('supervisor', 'supervisor');
    const agent = await make('user', 'agent');
    const [queue] = await this.db
      .insert(queues)
      .values({ tenantId, queue: `Suporte ${name}` })
      .returning();
    await this.db.insert(usersQueues).values({ tenantId, userId: agent.id, queueId: (queue as { id: number }).id });
    const tokens = {
      admin: await this.mintToken(admin),
      supervisor: await this.mintToken(supervisor),
      agent: await this.mintToken(agent),
    };
    return { tenantId, tenant, admin, supervisor, agent, queue: queue as typeof queues.$inferSelect, tokens };
  }

  async superadminToken() {
    const [superadmin] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.email, this.prosa.services.config.superadminEmail), eq(users.profile, 'superadmin')));
    if (!superadmin) throw new Error('no superadmin');
    return this.mintToken(superadmin);
  }

  async close() {
    // A close that hangs fails the file's hook at 60 s without saying why: say where it is first.
    const report = setTimeout(
      () => process.stderr.write(`test app close is slow: ${JSON.stringify(this.prosa.shutdownProgress())}\n`),
      20_000,
    );
    try {
      await this.prosa.close();
    } finally {
      clearTimeout(report);
    }
    await this.dropDatabase();
  }
}
