import { webchatSocket } from '@prosa/contracts';
import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';
import { connect, connected } from './sockets.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

/** A web chat connection of the fixture's tenant, routed to its queue: its id and the token its page uses. */
export const createWebchat = async (t: TestApp, fx: TFixture): Promise<{ id: number; token: string }> => {
  const created = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id as number, token: created.body.token as string };
};

export type TVisitor = {
  /** The visitor's session token. */
  session: string;
  /** The visitor's page socket (opened before the first message). */
  page: Socket;
  ticketId: number;
  contactId: number;
  /** The page's id of the first message. */
  firstMessageId: string;
};

/**
 * A visitor who opened the chat with these details (`name` and a phone or an e-mail), opened the page's socket
 * and wrote once; the ticket and contact the agent of `fx` sees.
 */
export const visitorWrites = async (
  t: TestApp,
  fx: TFixture,
  channelToken: string,
  start: { name: string; email?: string; phone?: string },
  body = `Oi, sou ${start.name}`,
): Promise<TVisitor> => {
  const session = await t.request('POST', `/public/webchat/${channelToken}/session`, { body: start });
  expect(session.status, JSON.stringify(session.body)).toBe(201);
  const page = await connected(connect(t.url, session.body.token, { namespace: webchatSocket.namespace }));
  const sent = await t.request('POST', `/public/webchat/${channelToken}/messages`, {
    token: session.body.token,
    body: { clientId: `primeira-${start.name}`, body },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const list = await t.request('GET', '/tickets?status=pending', { token: fx.tokens.agent });
  const ticket = list.body.tickets.find((row: { contact: { name: string } }) => row.contact.name === start.name);
  return {
    session: session.body.token,
    page,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    firstMessageId: sent.body.id,
  };
};
