import { test as base } from '@playwright/test';

/**
 * Playwright's `test` with one addition: a browser context a test opens itself (`browser.newContext()`: a
 * visitor, a second agent) is closed when the test ends. Left open, its page kept its socket, timers and
 * animations running for the rest of the suite, one more renderer burning CPU after every such test.
 */
export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      for (const context of browser.contexts()) if (!before.has(context)) await context.close().catch(() => undefined);
    },
    { auto: true },
  ],
});
