import { createServer } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { connections, messages, tickets } from '../src/platform/db/schema.js';
import { startTestApp, type TestApp } from './harness.js';
import { eventually } from './sockets.js';

/**
 * A port nobody listens on yet: a server that registers its own webhook URL with a provider must know its
 * public URL before it starts.
 */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * A test server on a port of its own whose public URL is itself: a provider that is told our webhook URL
 * (Evolution, uazapi, Wuzapi...) posts there.
 */
export const startPublicTestApp = async (...[overrides = {}, options]: Parameters<typeof startTestApp>) => {
  const port = await freePort();
  return startTestApp({ ...overrides, port, publicUrl: `http://127.0.0.1:${port}` }, options);
};

/** A whole tenant as the harness makes it (tenant, admin, supervisor, agent, queue, their tokens). */
export type TTenantFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
/** A connection as POST /whatsapp answers an admin (settings with the secrets shown as `true`). */
export type TConnectionBody = {
  id: number;
  token: string;
  status: string;
  number: string | null;
  qrcode: string | null;
  settings: Record<string, string | boolean | null>;
};
type TFixtureRef = { tenantId: number; tokens: { admin: string } };
type TMessageRow = typeof messages.$inferSelect;

/** The ticket of a customer on a connection, found by the end of their number (stored in E.164). */
export const ticketOfCustomer = async (t: TestApp, fx: TFixtureRef, connectionId: number, number: string) => {
  const rows = await t.db
    .select({ id: tickets.id, contactId: tickets.contactId })
    .from(tickets)
    .where(and(eq(tickets.tenantId, fx.tenantId), eq(tickets.whatsappId, connectionId)));
  for (const row of rows) {
    const contact = await t.request('GET', `/contacts/${row.contactId}`, { token: fx.tokens.admin });
    const digits = String(contact.body.number ?? '').replace(/\D/g, '');
    if (digits.endsWith(number.slice(-8))) return row.id;
  }
  throw new Error(`no ticket for ${number}`);
};

/** Every stored message of a ticket, as rows. */
export const messagesOfTicket = (t: TestApp, tenantId: number, ticketId: number) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.ticketId, ticketId)));

/** The texts a ticket's automatic sender (a flow's bot, an AI assistant, an auto-reply) stored, in order. */
export const textsSentBy = async (
  t: TestApp,
  ticketId: number,
  sendType: NonNullable<(typeof messages.$inferSelect)['sendType']>,
): Promise<(string | null)[]> =>
  (
    await t.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.sendType, sendType)))
      .orderBy(asc(messages.id))
  ).map((m) => m.body);

/** The stored messages that carry a provider's id, in any tenant: a forged delivery must find none. */
export const messagesWithExternalId = (t: TestApp, externalId: string) =>
  t.db.select().from(messages).where(eq(messages.messageId, externalId));

/** A connection's row as the database keeps it (sealed config, status, QR code). */
export const findConnectionRow = async (t: TestApp, id: number) => {
  const [row] = await t.db.select().from(connections).where(eq(connections.id, id));
  return row;
};

/**
 * Sends an agent's message as the tenant's admin and waits until the channel took it (or, with `status`,
 * until it reached that status, e.g. 'failed'); its stored row. A paced channel may wait a random pause
 * before a send: give it a longer `timeoutMs`.
 */
export const sendReply = async (
  t: TestApp,
  fx: TFixtureRef,
  ticketId: number,
  body: unknown,
  options: { status?: string; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<TMessageRow> => {
  const sent = await t.request('POST', `/messages/${ticketId}`, {
    token: fx.tokens.admin,
    body,
    headers: options.headers,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return eventually(async () => {
    const [row] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.tenantId, fx.tenantId), eq(messages.id, sent.body.id)));
    expect(row?.status).toBe(options.status ?? 'sent');
    return row as TMessageRow;
  }, options.timeoutMs);
};

/** Posts a JSON webhook delivery ourselves, as a provider would (with its own auth headers, if any). */
export const postWebhook = (t: TestApp, path: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.request('POST', path, {
    body: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });

/** Posts the exact bytes of a Meta webhook with an X-Hub-Signature-256 header (none when null). */
export const postSignedWebhook = (t: TestApp, path: string, raw: string, signature: string | null) =>
  t.request('POST', path, {
    body: raw,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
  });
