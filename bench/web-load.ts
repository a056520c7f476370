// Web load benchmark, Lighthouse-style: the product (embedded database, demo tenant) serving its web build,
// opened in Debian's Chromium with an empty cache and no service worker, as a first visit. Records what the
// page itself asks for (the service worker's background precache is not counted; see docs/benchmarks.md):
// JavaScript bytes on the wire and uncompressed, requests, DOMContentLoaded, load and first contentful paint,
// for /login, then for the login itself (submit to the attendance screen) and for a cold load of /atendimento
// with a session. Console errors are counted: there must be none.
//
//   npm run build && BENCH_SERVER=dist node --import tsx bench/web-load.ts
//   BENCH_WEB_DIST=/tmp/old-web-build node --import tsx bench/web-load.ts     # another build, for a before
//   BENCH_ROUNDS=5 node --import tsx bench/web-load.ts
//
// Prints a table on stderr and JSON on stdout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { benchPasswords, machine, median, printTable, runMain, spawnServer } from './lib.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const webDist = process.env.BENCH_WEB_DIST;

type TTraffic = {
  requests: number;
  jsRequests: number;
  jsWireBytes: number;
  jsBytes: number;
  wireBytes: number;
  /** Every file fetched, with its size on the wire. */
  files: string[];
};
type TTimings = { domContentLoadedMs: number; loadMs: number; firstContentfulPaintMs: number };
type TVisit = TTraffic & Partial<TTimings> & { ms?: number; encodings: string[] };

/** Counts what one page fetches, from Chromium's own network events (bytes as they crossed the wire). */
const watchTraffic = async (context: BrowserContext, page: Page) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, { isJs: boolean; encoding: string; url: string }>();
  const empty = (): TTraffic => ({ requests: 0, jsRequests: 0, jsWireBytes: 0, jsBytes: 0, wireBytes: 0, files: [] });
  let traffic = empty();
  const encodings = new Set<string>();
  cdp.on('Network.responseReceived', (event) => {
    const headers = event.response.headers as Record<string, string>;
    const encoding = headers['content-encoding'] ?? headers['Content-Encoding'] ?? 'identity';
    const isJs = event.type === 'Script' || /javascript/.test(event.response.mimeType);
    requests.set(event.requestId, { isJs, encoding, url: new URL(event.response.url).pathname });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    traffic.requests += 1;
    traffic.wireBytes += event.encodedDataLength;
    traffic.files.push(`${request.url} ${event.encodedDataLength}`);
    if (request.isJs) {
      traffic.jsRequests += 1;
      traffic.jsWireBytes += event.encodedDataLength;
      encodings.add(request.encoding);
    }
  });
  cdp.on('Network.dataReceived', (event) => {
    if (requests.get(event.requestId)?.isJs) traffic.jsBytes += event.dataLength;
  });
  return {
    /** What was fetched since the last call. */
    take: (): TTraffic & { encodings: string[] } => {
      const taken = { ...traffic, encodings: [...encodings] };
      traffic = empty();
      encodings.clear();
      return taken;
    },
  };
};

/**
 * Navigation timings and first contentful paint of the page's current document, in ms from navigation start.
 * Run in the page (a string: the bench is type-checked without the DOM's types).
 */
const timingScript = `new Promise((resolve) => {
  const [navigation] = performance.getEntriesByType('navigation');
  new PerformanceObserver((list, observer) => {
    const paint = list.getEntries().find((entry) => entry.name === 'first-contentful-paint');
    if (!paint) return;
    observer.disconnect();
    resolve({
      domContentLoadedMs: navigation ? navigation.domContentLoadedEventEnd : NaN,
      loadMs: navigation ? navigation.loadEventEnd : NaN,
      firstContentfulPaintMs: paint.startTime,
    });
  }).observe({ type: 'paint', buffered: true });
})`;
const timingsOf = (page: Page): Promise<TTimings> => page.evaluate<TTimings>(timingScript);

const newContext = (browser: Browser, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) =>
  // No service worker: every visit is a first one, measured on the network.
  browser.newContext({ serviceWorkers: 'block', locale: 'pt-BR', ...(storageState ? { storageState } : {}) });

const visitOnce = async (browser: Browser, base: string, consoleErrors: string[]) => {
  const context = await newContext(browser);
  const page = await context.newPage();
  const onError = (text: string) => consoleErrors.push(text);
  page.on('console', (message) => {
    if (message.type() === 'error') onError(message.text());
  });
  page.on('pageerror', (error) => onError(error.message));
  const traffic = await watchTraffic(context, page);

  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByTestId('login-submit').waitFor();
  const login: TVisit = { ...traffic.take(), ...(await timingsOf(page)) };

  const submitted = performance.now();
  await page.getByTestId('login-email').fill('admin@demo.local');
  await page.getByTestId('login-password').fill(benchPasswords.demo);
  const answered = page.waitForResponse((response) => response.url().includes('/auth/login'));
  await page.getByTestId('login-submit').click();
  const loginStatus = (await answered).status();
  if (loginStatus !== 200) throw new Error(`login answered ${loginStatus}`);
  await page.getByTestId('chat-empty').waitFor();
  await page.waitForLoadState('networkidle');
  const signIn: TVisit = { ...traffic.take(), ms: performance.now() - submitted };

  // The same screen opened cold (a new tab, empty cache) by someone already logged in.
  const session = await context.storageState();
  const cold = await newContext(browser, session);
  const coldPage = await cold.newPage();
  coldPage.on('pageerror', (error) => onError(error.message));
  const coldTraffic = await watchTraffic(cold, coldPage);
  await coldPage.goto(`${base}/atendimento`, { waitUntil: 'networkidle' });
  await coldPage.getByTestId('chat-empty').waitFor();
  const attendance: TVisit = { ...coldTraffic.take(), ...(await timingsOf(coldPage)) };
  await cold.close();
  await context.close();
  return { login, signIn, attendance };
};

const summarize = (visits: TVisit[]) => {
  const med = (pick: (v: TVisit) => number | undefined) => median(visits.map((v) => pick(v) ?? Number.NaN));
  return {
    jsWireKb: Math.round(med((v) => v.jsWireBytes) / 102.4) / 10,
    jsKb: Math.round(med((v) => v.jsBytes) / 102.4) / 10,
    jsRequests: med((v) => v.jsRequests),
    requests: med((v) => v.requests),
    wireKb: Math.round(med((v) => v.wireBytes) / 102.4) / 10,
    domContentLoadedMs: Math.round(med((v) => v.domContentLoadedMs)),
    loadMs: Math.round(med((v) => v.loadMs)),
    firstContentfulPaintMs: Math.round(med((v) => v.firstContentfulPaintMs)),
    ms: Math.round(med((v) => v.ms)),
    encodings: [...new Set(visits.flatMap((v) => v.encodings))],
  };
};

const main = async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-bench-web-'));
  const server = await spawnServer({ dataDir, env: { LOG_LEVEL: 'warn', ...(webDist ? { WEB_DIST: webDist } : {}) } });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const consoleErrors: string[] = [];
  const runs: Awaited<ReturnType<typeof visitOnce>>[] = [];
  try {
    // One visit to warm the server (first requests compile routes, open the database).
    await visitOnce(browser, server.base, []);
    for (let i = 0; i < rounds; i++) {
      runs.push(await visitOnce(browser, server.base, consoleErrors));
      process.stderr.write(`round ${i + 1}/${rounds}\n`);
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const results = {
    login: summarize(runs.map((r) => r.login)),
    signIn: summarize(runs.map((r) => r.signIn)),
    attendance: summarize(runs.map((r) => r.attendance)),
  };
  const table = [
    ['visit', 'JS on the wire KB', 'JS KB', 'JS requests', 'requests', 'DCL ms', 'load ms', 'FCP ms', 'ms', 'encoding'],
    ...Object.entries(results).map(([name, s]) => [
      name,
      String(s.jsWireKb),
      String(s.jsKb),
      String(s.jsRequests),
      String(s.requests),
      String(s.domContentLoadedMs),
      String(s.loadMs),
      String(s.firstContentfulPaintMs),
      String(s.ms),
      s.encodings.join(' '),
    ]),
  ];
  printTable(table);
  process.stderr.write(`console errors: ${consoleErrors.length}\n${consoleErrors.slice(0, 5).join('\n')}\n`);
  const report = {
    benchmark: 'web-load',
    date: new Date().toISOString(),
    machine: machine(),
    server: process.env.BENCH_SERVER === 'dist' ? 'apps/server/dist/main.js' : 'apps/server/src/main.ts (tsx)',
    webDist: webDist ?? 'apps/web/dist',
    rounds,
    results,
    consoleErrors,
    runs,
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
};

runMain(main);
