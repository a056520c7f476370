import { ZId, ZTicket, ZTicketNotification } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { notifyTicket } from './change-ticket.js';

/** POST /ticketsNotification/:ticketId (§7): a notice on the ticket, kept in its logs. */
export const ticketNotificationRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/ticketsNotification/:ticketId',
      {
        onRequest: services.guard(),
        schema: {
          tags: ['tickets'],
          params: z.object({ ticketId: ZId }),
          body: ZTicketNotification,
          response: { 200: ZTicket },
        },
      },
      (req) => notifyTicket(services, req.ctx, req.params.ticketId, req.body.type),
    );
  };
