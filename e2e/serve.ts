// Starts Prosa for the e2e suite on a fresh data directory, with the fake SMTP server as its mail relay, the
// fake WhatsApp Cloud API as its Graph API, the fake Evolution API gateway (the admin types its address in the
// connection form, so the server needs no setting for it), the fake Telegram Bot API, Baileys' fake socket with
// its phone on a control port, a forward proxy (HTTP and SOCKS5, with a login) that proxy tests go through to
// the fake Graph API standing for WhatsApp Web, and a tiny inbox endpoint the tests read e-mails
// from. Run by Playwright's webServer.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import {
  createFakeBaileys,
  demoEvolution,
  demoMetaNumber,
  demoMetaTemplates,
  demoTelegramBot,
  startBaileysControl,
  startFakeEvolution,
  startFakeMetaCloud,
  startFakeProxy,
  startFakeSmtp,
  startFakeTelegram,
} from '../packages/fakes/src/index.js';

const port = Number(process.env.PORT ?? 3310);
const inboxPort = Number(process.env.INBOX_PORT ?? port + 100);
const smtp = await startFakeSmtp();
// The WhatsApp Cloud API the server talks to: the fake, on a port the specs know.
const meta = await startFakeMetaCloud(demoMetaNumber, { port: Number(process.env.FAKE_META_PORT ?? port + 200) });
meta.templates.push(...demoMetaTemplates());
// The Evolution API gateway an admin connects to: the fake, on a port the specs know.
const evolution = await startFakeEvolution({
  apiKey: demoEvolution.apiKey,
  port: Number(process.env.FAKE_EVOLUTION_PORT ?? port + 300),
});
// The Telegram Bot API: the fake, on a port the specs know (PUBLIC_URL is http, so the server long-polls it).
const telegram = await startFakeTelegram([demoTelegramBot], {
  port: Number(process.env.FAKE_TELEGRAM_PORT ?? port + 400),
});
// The proxy a tenant would buy for its numbers: HTTP on port+600, SOCKS5 on port+610, login prosa / proxy-demo.
const proxy = await startFakeProxy({
  login: { username: 'prosa', password: 'proxy-demo' },
  httpPort: port + 600,
  socksPort: port + 610,
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-e2e-'));
const config = loadConfig({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SMTP_URL: smtp.url,
  META_GRAPH_URL: meta.graphUrl,
  TELEGRAM_API_URL: telegram.apiUrl,
  // A proxy test reaches "WhatsApp Web" through the proxy: here, the fake Graph API.
  PROXY_CHECK_URL: `${meta.graphUrl}/`,
  PUBLIC_URL: `http://localhost:${port}`,
  SEED_DEMO: '1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // No artificial waits in tests: unofficial numbers send without their human rhythm. Delayed jobs (a message
  // held for its connection, a retry) wake the runner when they fall due, so it polls at its default pace.
  SEND_PACE_MIN_MS: '0',
  SEND_PACE_MAX_MS: '0',
  BIRTHDAY_PACE_MIN_MS: '0',
  BIRTHDAY_PACE_MAX_MS: '0',
  // The dashboard's figures follow a change within two seconds, not ten.
  FIGURES_WINDOW_MS: '1000',
});
// WhatsApp by QR code runs Baileys in-process: the fake socket stands in for it, the phone played over HTTP.
const baileys = createFakeBaileys();
const baileysControl = await startBaileysControl(baileys, Number(process.env.FAKE_BAILEYS_PORT ?? port + 500));
const prosa = await createApp(config, { baileysSocket: baileys.factory });
await prosa.listen();

const inbox = createServer((req, res) => {
  const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '';
  const mails = smtp.inbox.filter((m) => m.to.includes(to)).map((m) => ({ to: m.to, text: m.text }));
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
});
inbox.listen(inboxPort, '127.0.0.1');

const stop = async () => {
  inbox.close();
  await prosa.close();
  await smtp.close();
  await meta.close();
  await evolution.close();
  await telegram.close();
  await baileysControl.close();
  await proxy.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
