import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './apps/server/test/slow-first-sequencer.js';

export default defineConfig({
  test: {
    // Integration files known to run long start first on a fresh clone (apps/server/test/slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/server/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Pure functions: two workers (not vitest's cores - 1) that keep loaded modules between files.
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          // Lighter than jsdom: a fifth less CPU for this project (docs/testing.md).
          environment: 'happy-dom',
          setupFiles: ['./src/dom-setup.ts'],
          // Two workers (vitest's default is cores - 1: one on CI's 2 cores) that keep happy-dom, React and Mantine
          // loaded from one file to the next: loading them was most of this project's time (docs/testing.md).
          maxWorkers: 2,
          isolate: false,
          // A render with Mantine can take seconds on a shared, loaded machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.int.test.ts'],
          environment: 'node',
          // One server + database per test file, the database copied from one migrated snapshot that the
          // global setup builds (docs/testing.md); files run in parallel workers.
          globalSetup: ['./apps/server/test/global-setup.ts'],
          // Passwords hashed cheaply (apps/server/src/platform/auth/passwords.ts): files create and sign in users.
          env: { PASSWORD_HASH_COST: 'low' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One worker per core on PGlite, where the database runs inside the worker. On PostgreSQL a file waits on
          // the database server part of the time: a third worker keeps both cores busy (109 -> 91 s alone, the
          // same CPU; docs/testing.md).
          maxWorkers: process.env.DATABASE_URL ? 3 : 2,
          isolate: false,
        },
      },
    ],
  },
});
