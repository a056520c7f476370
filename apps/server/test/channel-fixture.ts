import { startFakeSmtp, type TFakeSmtp } from '@prosa/fakes';
import { eq } from 'drizzle-orm';
import type { TConfig } from '../src/platform/config.js';
import { tenants } from '../src/platform/db/schema.js';
import { freePort } from './channels.js';
import { startTestApp, type TestApp } from './harness.js';
import { closeSockets } from './sockets.js';

type TChannelTestOptions = {
  /** The name of the tenant under test; its neighbour (`other`, for the walls) is `neighbour`. */
  tenant: string;
  neighbour?: string;
  /** How many connections each of the two tenants may have. */
  maxConnections: number;
  /**
   * Listen on a port chosen beforehand and make it PUBLIC_URL: for providers that post to the webhook URL we
   * register with them, or fetch our files by URL.
   */
  publicOnOwnPort?: boolean;
  /** Where the provider's fake listens, a PUBLIC_URL of the test's own, and so on. */
  config?: Partial<TConfig>;
};

/**
 * The server of a channel's integration test: a fake SMTP server for the admins' e-mails, the real server,
 * the tenant under test and a neighbouring tenant. Start the provider's fake first: its URL goes in `config`.
 */
export const startChannelTestApp = async (options: TChannelTestOptions) => {
  const smtp = await startFakeSmtp();
  const port = options.publicOnOwnPort ? await freePort() : undefined;
  const t = await startTestApp({
    ...(port ? { port, publicUrl: `http://127.0.0.1:${port}` } : {}),
    ...options.config,
    smtpUrl: smtp.url,
  });
  const fx = await t.createTenantFixture(options.tenant);
  const other = await t.createTenantFixture(options.neighbour ?? 'Vizinha');
  for (const { tenantId } of [fx, other])
    await t.db.update(tenants).set({ maxConnections: options.maxConnections }).where(eq(tenants.id, tenantId));
  return { t, smtp, fx, other };
};

/** Closes what `startChannelTestApp` started (and the sockets a test opened); the provider's fake is the test's. */
export const stopChannelTestApp = async (t: TestApp, smtp: TFakeSmtp) => {
  closeSockets();
  await t.close();
  await smtp.close();
};
