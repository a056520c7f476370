import { expect } from '@playwright/test';
import { test } from './test.js';

// The other specs block service workers (each new context would precache every asset); this one lets the app
// install its offline worker, as a browser opening Prosa for the first time does.
test.use({ serviceWorkers: 'allow' });

test('the app installs its offline worker, which serves the app shell', async ({ page }) => {
  await page.goto('/login');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toContain('/sw.js');
  await expect(page.getByTestId('login-email')).toBeVisible();
});
