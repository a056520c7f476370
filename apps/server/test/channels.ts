import { createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { messages, tickets } from '../src/platform/db/schema.js';
import type { TestApp } from './harness.js';

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

type TFixtureRef = { tenantId: number; tokens: { admin: string } };

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
