import { loadConfig, type TConfig } from '../src/platform/config.js';

export const PASSWORD = 'senha-forte-123';
export const SUPERADMIN_EMAIL = 'root@prosa.test';

/**
 * The configuration every test server starts with: silent, on a random port, no outside services, no
 * pause between the sends of a paced channel (the pacing test sets its own pace), and figures recomputed
 * every half second.
 */
export const createTestConfig = (overrides: Partial<TConfig> = {}, databaseUrl?: string): TConfig =>
  loadConfig(
    {
      ...process.env,
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      SMTP_URL: undefined,
      LOG_LEVEL: 'silent',
    } as NodeJS.ProcessEnv,
    {
      port: 0,
      host: '127.0.0.1',
      databaseUrl,
      dataDir: `/tmp/prosa-test-${process.pid}`,
      jwtSecret: 'test-secret-test-secret-test-secret-1234',
      superadminEmail: SUPERADMIN_EMAIL,
      superadminPassword: PASSWORD,
      seedDemo: false,
      webDist: '/nonexistent',
      sendPace: { minMs: 0, maxMs: 0 },
      birthdayPace: { minMs: 0, maxMs: 0 },
      // A change reaches the dashboard's figures within a second, not ten: tests wait for it (and poll meanwhile).
      figuresWindowMs: 500,
      ...overrides,
    },
  );

/** Whether a server with these overrides seeds the same first start as the snapshot holds. */
export const isSnapshotSeed = (overrides: Partial<TConfig>) =>
  !['superadminEmail', 'superadminPassword', 'seedDemo', 'demoPassword'].some((key) => key in overrides);
