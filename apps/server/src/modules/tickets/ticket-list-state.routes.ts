import { ZTicket, ZTicketLastMessage, ZTicketsUpdated } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TServices } from '../../platform/services.js';
import { markAllRead } from './bulk-tickets.js';
import { recomputeLastMessage } from './change-ticket.js';

/** §7: what the ticket list shows of each ticket: unread counts (all read at once) and the last message. */
export const ticketListStateRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['tickets'];
    const readAll = { onRequest: guard(), schema: { tags, response: { 200: ZTicketsUpdated } } };
    app.put('/ticketsUpdateAllUnreadMessages', readAll, (req) => markAllRead(services, req.ctx));
    app.get('/ticketsMarkAllUnread', readAll, (req) => markAllRead(services, req.ctx));
    app.put(
      '/ticketsLastMessageAt',
      { onRequest: guard(), schema: { tags, body: ZTicketLastMessage, response: { 200: ZTicket } } },
      (req) => recomputeLastMessage(services, req.ctx, req.body.ticketId),
    );
  };
