import type { TCaseContext, TNamedIdCase } from './named-id-cases.js';

const future = () => new Date(Date.now() + 86_400_000).toISOString();

/** Ids in a body or query that are the thing the request acts on: another tenant's is a 404, as in a path. */
export const addressedIdCases = (ctx: TCaseContext): TNamedIdCase[] => {
  const ticket = { field: 'ticketId', foreign: () => ctx.rowsB.ticket, status: 404 as const };
  const message = { field: 'messageId', foreign: () => ctx.rowsB.message, status: 404 as const };
  return [
    {
      ...ticket,
      name: 'recomputing the last message',
      method: 'PUT',
      path: () => '/ticketsLastMessageAt',
      body: (id) => ({ ticketId: id }),
    },
    { ...ticket, name: "clearing a ticket's assistants", method: 'GET', path: (id) => `/ticketsClear?ticketId=${id}` },
    {
      ...ticket,
      name: "listing a ticket's scheduled messages",
      method: 'GET',
      path: (id) => `/scheduleMessages?ticketId=${id}`,
    },
    {
      ...ticket,
      name: 'sending options',
      method: 'POST',
      path: () => '/sendButton',
      body: (id) => ({ ticketId: id, body: 'Escolha', buttons: [{ text: 'Sim' }] }),
    },
    {
      ...ticket,
      name: 'scheduling a message',
      method: 'POST',
      path: () => '/messagesSchedule',
      body: (id) => ({ ticketId: id, body: 'Lembrete', scheduleDate: future() }),
    },
    {
      ...ticket,
      name: "listing a group's members",
      method: 'POST',
      path: () => '/messages/listParticipants',
      body: (id) => ({ ticketId: id }),
    },
    {
      ...ticket,
      name: 'mentioning group members',
      method: 'POST',
      path: () => '/messages/mentionMessage',
      body: (id) => ({ ticketId: id, body: 'Oi', mentions: ['5511988887777'] }),
    },
    {
      ...ticket,
      name: 'mentioning every member',
      method: 'POST',
      path: () => '/messages/mentionAllMessage',
      body: (id) => ({ ticketId: id, body: 'Oi' }),
    },
    {
      ...ticket,
      name: 'a hidden mention',
      method: 'POST',
      path: () => '/messages/ghostMessage',
      body: (id) => ({ ticketId: id, body: 'Oi' }),
    },
    {
      ...message,
      field: 'id',
      name: 'deleting a message',
      method: 'DELETE',
      path: () => '/messages',
      body: (id) => ({ id }),
    },
    {
      ...message,
      name: 'reacting to a message',
      method: 'POST',
      path: () => '/messages/reactionMessage',
      body: (id) => ({ messageId: id, emoji: '👍' }),
    },
    {
      ...message,
      name: 'editing a message',
      method: 'POST',
      path: () => '/messages/editMessage',
      body: (id) => ({ messageId: id, body: 'Editada' }),
    },
    {
      ...message,
      field: 'messages',
      name: 'forwarding messages',
      method: 'POST',
      path: () => '/forward-messages',
      body: (id) => ({ messages: [id], contact: ctx.rowsA.contact }),
    },
    {
      name: 'merging contacts as duplicates',
      method: 'POST',
      field: 'duplicateIds',
      path: () => '/contacts/merge',
      body: (id) => ({ survivorId: ctx.rowsA.contact, duplicateIds: [id] }),
      foreign: () => ctx.rowsB.contact,
      status: 404,
    },
  ];
};
