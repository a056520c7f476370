import {
  ZConnectionTicketsMove,
  ZConnectionTicketsMoved,
  ZId,
  ZTicket,
  ZTicketChatBot,
  ZTicketConnectionMove,
  ZTicketIdQuery,
  ZTicketLastMessage,
  ZTicketNotification,
  ZTicketsUpdated,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { markAllRead, moveConnectionTickets } from './bulk-tickets.js';
import {
  clearAssistants,
  moveTicketToConnection,
  notifyTicket,
  recomputeLastMessage,
  setTicketChatFlow,
} from './change-ticket.js';
import { listEarlierTickets } from './contact-history.js';

const ZTicketParams = z.object({ ticketId: ZId });
const managers = ['admin', 'super', 'superadmin'] as const;

/** The remaining ticket calls of §7: bot on/off, connection moves, read-all, last message, notices. */
export const ticketsExtraRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['tickets'];
    app.get(
      '/tickets/:ticketId/history',
      {
        onRequest: guard(),
        schema: { tags, params: ZTicketParams, response: { 200: z.object({ tickets: z.array(ZTicket) }) } },
      },
      (req) => listEarlierTickets(services, req.ctx, req.params.ticketId),
    );
    app.put(
      '/ticketsChatBot/:ticketId',
      {
        onRequest: guard(),
        schema: {
          tags,
          params: ZTicketParams,
          body: ZTicketChatBot,
          response: { 200: ZTicket },
        },
      },
      (req) => setTicketChatFlow(services, req.ctx, req.params.ticketId, req.body.chatFlowId),
    );
    app.put(
      '/ticketsChannelId/:ticketId',
      {
        onRequest: guard(),
        schema: { tags, params: ZTicketParams, body: ZTicketConnectionMove, response: { 200: ZTicket } },
      },
      (req) => moveTicketToConnection(services, req.ctx, req.params.ticketId, req.body.whatsappId),
    );
    app.put(
      '/ticketsChannel',
      {
        onRequest: guard(managers),
        schema: {
          tags,
          body: ZConnectionTicketsMove,
          response: { 200: ZConnectionTicketsMoved },
        },
      },
      (req) => moveConnectionTickets(services, req.ctx, req.body),
    );
    const readAll = {
      onRequest: guard(),
      schema: { tags, response: { 200: ZTicketsUpdated } },
    };
    app.put('/ticketsUpdateAllUnreadMessages', readAll, (req) => markAllRead(services, req.ctx));
    app.get('/ticketsMarkAllUnread', readAll, (req) => markAllRead(services, req.ctx));
    app.put(
      '/ticketsLastMessageAt',
      { onRequest: guard(), schema: { tags, body: ZTicketLastMessage, response: { 200: ZTicket } } },
      (req) => recomputeLastMessage(services, req.ctx, req.body.ticketId),
    );
    app.post(
      '/ticketsNotification/:ticketId',
      {
        onRequest: guard(),
        schema: {
          tags,
          params: ZTicketParams,
          body: ZTicketNotification,
          response: { 200: ZTicket },
        },
      },
      (req) => notifyTicket(services, req.ctx, req.params.ticketId, req.body.type),
    );
    app.get(
      '/ticketsClear',
      { onRequest: guard(), schema: { tags, querystring: ZTicketIdQuery, response: { 200: ZTicket } } },
      (req) => clearAssistants(services, req.ctx, req.query.ticketId),
    );
  };
