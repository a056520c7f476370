import { addressedIdCases } from './addressed-id-cases.js';
import type { TestApp } from './harness.js';
import type { TTenantRows } from './tenant-rows.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
/** Filled in once the tenants exist; the cases read it when they run. */
export type TCaseContext = {
  a: TFixture;
  rowsA: TTenantRows;
  rowsB: TTenantRows;
  superadminToken: () => Promise<string>;
};

export type TNamedIdCase = {
  name: string;
  method: string;
  /** The field that names a row, and the request carrying `id` in it. */
  field: string;
  path: (id: number) => string;
  body?: (id: number) => object;
  /** Another tenant's row of the kind the field names. */
  foreign: () => number;
  token?: () => Promise<string> | string;
  /** 404 when the id is the thing the request addresses; 400 for a reference in a body or query. */
  status?: 400 | 404;
};

/** The requests that name a row by id, each with the field that names it (tenant A acting, B's rows foreign). */
export const namedIdCases = (ctx: TCaseContext): TNamedIdCase[] => {
  const ticketOfA = () => `/tickets/${ctx.rowsA.ticket}`;
  return [
    {
      name: 'closing a ticket with a reason',
      method: 'PUT',
      field: 'reasonId',
      path: ticketOfA,
      body: (id) => ({ status: 'closed', reasonId: id }),
      foreign: () => ctx.rowsB.reason,
    },
    {
      name: 'forcing a close with a reason',
      method: 'PUT',
      field: 'reasonId',
      path: () => `/ticketsForce/${ctx.rowsA.ticket}`,
      body: (id) => ({ status: 'closed', reasonId: id }),
      foreign: () => ctx.rowsB.reason,
    },
    {
      name: 'transferring a ticket to a queue',
      method: 'PUT',
      field: 'queueId',
      path: ticketOfA,
      body: (id) => ({ queueId: id, isTransference: true }),
      foreign: () => ctx.rowsB.queue,
    },
    {
      name: 'transferring a ticket to an agent',
      method: 'PUT',
      field: 'userId',
      path: ticketOfA,
      body: (id) => ({ userId: id, isTransference: true }),
      foreign: () => ctx.rowsB.user,
    },
    {
      name: 'tagging a ticket',
      method: 'PUT',
      field: 'tags',
      path: ticketOfA,
      body: (id) => ({ tags: [ctx.rowsA.tag, id] }),
      foreign: () => ctx.rowsB.tag,
    },
    {
      name: 'setting status and agent only',
      method: 'PUT',
      field: 'userId',
      path: () => `/ticketsNull/${ctx.rowsA.ticket}`,
      body: (id) => ({ status: 'open', userId: id }),
      foreign: () => ctx.rowsB.user,
    },
    {
      name: 'opening a ticket for a contact',
      method: 'POST',
      field: 'contactId',
      path: () => '/tickets',
      body: (id) => ({ contactId: id, status: 'open' }),
      foreign: () => ctx.rowsB.contact,
    },
    {
      name: 'opening a ticket on a connection',
      method: 'POST',
      field: 'whatsappId',
      path: () => '/tickets',
      body: (id) => ({ contactId: ctx.rowsA.contact, whatsappId: id, status: 'open' }),
      foreign: () => ctx.rowsB.connection,
    },
    {
      name: 'opening a ticket in a queue',
      method: 'POST',
      field: 'queueId',
      path: () => '/tickets',
      body: (id) => ({ contactId: ctx.rowsA.contact, queueId: id, status: 'pending' }),
      foreign: () => ctx.rowsB.queue,
    },
    {
      name: 'moving a ticket to a connection',
      method: 'PUT',
      field: 'whatsappId',
      path: () => `/ticketsChannelId/${ctx.rowsA.ticket}`,
      body: (id) => ({ whatsappId: id }),
      foreign: () => ctx.rowsB.connection,
    },
    {
      name: "moving a connection's tickets from another",
      method: 'PUT',
      field: 'fromWhatsappId',
      path: () => '/ticketsChannel',
      body: (id) => ({ fromWhatsappId: id, toWhatsappId: ctx.rowsA.connection }),
      foreign: () => ctx.rowsB.connection,
    },
    {
      name: "moving a connection's tickets to another",
      method: 'PUT',
      field: 'toWhatsappId',
      path: () => '/ticketsChannel',
      body: (id) => ({ fromWhatsappId: ctx.rowsA.connection, toWhatsappId: id }),
      foreign: () => ctx.rowsB.connection,
    },
    {
      name: 'creating a user in queues',
      method: 'POST',
      field: 'queues',
      path: () => '/users',
      body: (id) => ({ name: 'Nova', email: `nova-${id}@dona.test`, password: 'senha-forte-123', queues: [id] }),
      foreign: () => ctx.rowsB.queue,
    },
    {
      name: "changing a user's queues",
      method: 'PUT',
      field: 'queues',
      path: () => `/users/${ctx.a.agent.id}`,
      body: (id) => ({ queues: [ctx.a.queue.id, id] }),
      foreign: () => ctx.rowsB.queue,
    },
    {
      name: 'a platform user created in queues of another tenant',
      method: 'POST',
      field: 'queues',
      path: () => '/userTenants',
      body: (id) => ({
        tenantId: ctx.a.tenantId,
        name: 'Nova',
        email: `plataforma-${id}@dona.test`,
        password: 'senha-forte-123',
        queues: [id],
      }),
      foreign: () => ctx.rowsB.queue,
      token: () => ctx.superadminToken(),
    },
    {
      name: 'a quick reply for queues',
      method: 'POST',
      field: 'queueIds',
      path: () => '/fastreply',
      body: (id) => ({ key: `atalho${id}`, message: 'Oi', queueIds: [id] }),
      foreign: () => ctx.rowsB.queue,
    },
    {
      name: "changing a quick reply's queues",
      method: 'PUT',
      field: 'queueIds',
      path: () => `/fastreply/${ctx.rowsA.fastReply}`,
      body: (id) => ({ queueIds: [id] }),
      foreign: () => ctx.rowsB.queue,
    },
    {
      name: 'a connection with a default queue',
      method: 'POST',
      field: 'queueId',
      path: () => '/whatsapp',
      body: (id) => ({ name: 'Loja', type: 'webchat', queueId: id }),
      foreign: () => ctx.rowsB.queue,
    },
    {
      name: "changing a connection's queue",
      method: 'PUT',
      field: 'queueId',
      path: () => `/whatsapp/${ctx.rowsA.connection}`,
      body: (id) => ({ queueId: id }),
      foreign: () => ctx.rowsB.queue,
    },
    {
      name: "an assistant's hand-off queue",
      method: 'PUT',
      field: 'handoffQueueId',
      path: () => '/assistants/chatgpt',
      body: (id) => ({ enabled: false, model: 'gpt-4o-mini', handoffQueueId: id }),
      foreign: () => ctx.rowsB.queue,
    },
    {
      name: "an assistant's hand-off user",
      method: 'PUT',
      field: 'handoffUserId',
      path: () => '/assistants/chatgpt',
      body: (id) => ({ enabled: false, model: 'gpt-4o-mini', handoffUserId: id }),
      foreign: () => ctx.rowsB.user,
    },
    {
      name: "an assistant's queues",
      method: 'PUT',
      field: 'scope.ids',
      path: () => '/assistants/chatgpt',
      body: (id) => ({ enabled: false, model: 'gpt-4o-mini', scope: { kind: 'queues', ids: [id] } }),
      foreign: () => ctx.rowsB.queue,
    },
    {
      name: 'a connection with a chat flow',
      method: 'POST',
      field: 'chatFlowId',
      path: () => '/whatsapp',
      body: (id) => ({ name: 'Loja', type: 'webchat', chatFlowId: id }),
      foreign: () => ctx.rowsB.chatFlow,
    },
    {
      name: "changing a connection's chat flow",
      method: 'PUT',
      field: 'chatFlowId',
      path: () => `/whatsapp/${ctx.rowsA.connection}`,
      body: (id) => ({ chatFlowId: id }),
      foreign: () => ctx.rowsB.chatFlow,
    },
    {
      name: 'duplicating a chat flow',
      method: 'POST',
      field: 'chatFlowId',
      path: () => '/chat-flow-duplicate',
      body: (id) => ({ chatFlowId: id }),
      foreign: () => ctx.rowsB.chatFlow,
      status: 404,
    },
    {
      name: 'a contact with tags',
      method: 'POST',
      field: 'tags',
      path: () => '/contacts',
      body: (id) => ({ name: 'Ana', number: '5511987654321', tags: [id] }),
      foreign: () => ctx.rowsB.tag,
    },
    {
      name: 'a contact in wallets',
      method: 'POST',
      field: 'wallets',
      path: () => '/contacts',
      body: (id) => ({ name: 'Ana', number: '5511987654321', wallets: [id] }),
      foreign: () => ctx.rowsB.user,
    },
    {
      name: "changing a contact's tags",
      method: 'PUT',
      field: 'tags',
      path: () => `/contact-tags/${ctx.rowsA.contact}`,
      body: (id) => ({ tags: [id] }),
      foreign: () => ctx.rowsB.tag,
    },
    {
      name: "changing a contact's wallets",
      method: 'PUT',
      field: 'wallets',
      path: () => `/contact-wallet/${ctx.rowsA.contact}`,
      body: (id) => ({ wallets: [id] }),
      foreign: () => ctx.rowsB.user,
    },
    {
      name: 'editing a contact with tags and wallets',
      method: 'PUT',
      field: 'tags',
      path: () => `/contacts/${ctx.rowsA.contact}`,
      body: (id) => ({ name: 'Outro', tags: [id] }),
      foreign: () => ctx.rowsB.tag,
    },
    {
      name: 'forwarding messages to a contact',
      method: 'POST',
      field: 'contact',
      path: () => '/forward-messages',
      body: (id) => ({ messages: [ctx.rowsA.message], contact: id }),
      foreign: () => ctx.rowsB.contact,
    },
    {
      name: "searching a ticket's messages",
      method: 'GET',
      field: 'ticketId',
      path: (id) => `/searchMessage?searchParam=Ol&ticketId=${id}`,
      foreign: () => ctx.rowsB.ticket,
    },
    {
      name: "checking a contact's active ticket",
      method: 'GET',
      field: 'contactId',
      path: (id) => `/ticketscheck/${id}/${ctx.rowsA.connection}`,
      foreign: () => ctx.rowsB.contact,
      status: 404,
    },
    {
      name: 'checking the active ticket on a connection',
      method: 'GET',
      field: 'whatsappId',
      path: (id) => `/ticketscheck/${ctx.rowsA.contact}/${id}`,
      foreign: () => ctx.rowsB.connection,
      status: 404,
    },
    {
      name: 'merging into a contact',
      method: 'POST',
      field: 'survivorId',
      path: () => '/contacts/merge',
      body: (id) => ({ survivorId: id, duplicateIds: [ctx.rowsA.contact] }),
      foreign: () => ctx.rowsB.contact,
      status: 404,
    },
    {
      name: "a campaign's audience by tag",
      method: 'POST',
      field: 'tagIds',
      path: () => `/campaigns/contacts/${ctx.rowsA.campaign}`,
      body: (id) => ({ tagIds: [id] }),
      foreign: () => ctx.rowsB.tag,
    },
    {
      name: "a campaign's audience by wallet",
      method: 'POST',
      field: 'walletUserIds',
      path: () => `/campaigns/contacts/${ctx.rowsA.campaign}`,
      body: (id) => ({ walletUserIds: [id] }),
      foreign: () => ctx.rowsB.user,
    },
    ...addressedIdCases(ctx),
  ];
};
