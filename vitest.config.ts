import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/server/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/jsdom-setup.ts'],
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          isolate: false,
        },
      },
    ],
  },
});
