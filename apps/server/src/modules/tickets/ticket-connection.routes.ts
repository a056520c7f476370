import { ZConnectionTicketsMove, ZConnectionTicketsMoved, ZId, ZTicket, ZTicketConnectionMove } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { moveConnectionTickets } from './bulk-tickets.js';
import { moveTicketToConnection } from './change-ticket.js';

/** §7: a conversation continues on another connection; a manager moves all of a connection's tickets. */
export const ticketConnectionRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['tickets'];
    app.put(
      '/ticketsChannelId/:ticketId',
      {
        onRequest: guard(),
        schema: {
          tags,
          params: z.object({ ticketId: ZId }),
          body: ZTicketConnectionMove,
          response: { 200: ZTicket },
        },
      },
      (req) => moveTicketToConnection(services, req.ctx, req.params.ticketId, req.body.whatsappId),
    );
    app.put(
      '/ticketsChannel',
      {
        onRequest: guard(['admin', 'super', 'superadmin']),
        schema: { tags, body: ZConnectionTicketsMove, response: { 200: ZConnectionTicketsMoved } },
      },
      (req) => moveConnectionTickets(services, req.ctx, req.body),
    );
  };
