import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-e2e-123';
export const SUPERADMIN_PASSWORD = 'root-e2e-123';
export const MAIN_PORT = 3310;
/** The server's JWT secret: refresh.spec.ts signs an access token that has already expired with it. */
export const E2E_JWT_SECRET = 'e2e-only-secret-0123456789abcdefghijklmnop';

const server = (port: number, extraEnv: Record<string, string> = {}) => ({
  command: 'node --import tsx e2e/serve.ts',
  cwd: '..',
  url: `http://127.0.0.1:${port}/ready`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'pipe' as const,
  env: {
    PORT: String(port),
    DEMO_PASSWORD,
    SUPERADMIN_PASSWORD,
    SUPERADMIN_EMAIL: 'superadmin@prosa.local',
    // Passwords hashed cheaply (apps/server/src/platform/auth/passwords.ts): specs create and sign in users.
    PASSWORD_HASH_COST: 'low',
    ...extraEnv,
  },
});

/**
 * Debian's headless-only build of Chromium (package chromium-headless-shell) when installed: the same engine
 * without the browser's interface, so each page costs less CPU than in the full `chromium` (docs/testing.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const jsonOutput = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: jsonOutput ? [['list'], ['json', { outputFile: jsonOutput }]] : [['list']],
  use: {
    baseURL: `http://localhost:${MAIN_PORT}`,
    locale: 'pt-BR',
    // As a user who prefers reduced motion: no spinner or transition keeps the page repainting (CPU in CI).
    reducedMotion: 'reduce',
    // Each new context would install the offline worker and precache every asset; pwa.spec.ts covers it once.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        // No GPU process emulating a GPU in software (SwiftShader): pages are drawn by the CPU directly.
        '--disable-software-rasterizer',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The main server may reach private addresses: the AI assistant spec points ChatGPT at a fake on loopback.
  webServer: [server(MAIN_PORT, { WEBHOOK_ALLOW_PRIVATE: '1', JWT_SECRET: E2E_JWT_SECRET })],
});
