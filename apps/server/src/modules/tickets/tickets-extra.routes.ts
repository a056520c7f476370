import { ZId, ZTicket } from '@prosa/contracts';
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

const ZTicketParams = z.object({ ticketId: ZId });
const managers = ['admin', 'super', 'superadmin'] as const;

/** The remaining ticket calls of §7: bot on/off, connection moves, read-all, last message, notices. */
export const ticketsExtraRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['tickets'];
    app.put(
      '/ticketsChatBot/:ticketId',
      {
        onRequest: guard(),
        schema: {
          tags,
          params: ZTicketParams,
          body: z.object({ chatFlowId: z.number().int().positive().nullable() }),
          response: { 200: ZTicket },
        },
      },
      (req) => setTicketChatFlow(services, req.ctx, req.params.ticketId, req.body.chatFlowId),
    );
    app.put(
      '/ticketsChannelId/:ticketId',
      {
        onRequest: guard(),
        schema: { tags, params: ZTicketParams, body: z.object({ whatsappId: ZId }), response: { 200: ZTicket } },
      },
      (req) => moveTicketToConnection(services, req.ctx, req.params.ticketId, req.body.whatsappId),
    );
    app.put(
      '/ticketsChannel',
      {
        onRequest: guard(managers),
        schema: {
          tags,
          body: z.object({ fromWhatsappId: ZId, toWhatsappId: ZId }),
          response: { 200: z.object({ moved: z.number().int(), skipped: z.number().int() }) },
        },
      },
      (req) => moveConnectionTickets(services, req.ctx, req.body),
    );
    const readAll = {
      onRequest: guard(),
      schema: { tags, response: { 200: z.object({ updated: z.number().int() }) } },
    };
    app.put('/ticketsUpdateAllUnreadMessages', readAll, (req) => markAllRead(services, req.ctx));
    app.get('/ticketsMarkAllUnread', readAll, (req) => markAllRead(services, req.ctx));
    app.put(
      '/ticketsLastMessageAt',
      { onRequest: guard(), schema: { tags, body: z.object({ ticketId: ZId }), response: { 200: ZTicket } } },
      (req) => recomputeLastMessage(services, req.ctx, req.body.ticketId),
    );
    app.post(
      '/ticketsNotification/:ticketId',
      {
        onRequest: guard(),
        schema: {
          tags,
          params: ZTicketParams,
          body: z.object({ type: z.string().trim().min(1).max(60) }),
          response: { 200: ZTicket },
        },
      },
      (req) => notifyTicket(services, req.ctx, req.params.ticketId, req.body.type),
    );
    app.get(
      '/ticketsClear',
      { onRequest: guard(), schema: { tags, querystring: z.object({ ticketId: ZId }), response: { 200: ZTicket } } },
      (req) => clearAssistants(services, req.ctx, req.query.ticketId),
    );
  };
