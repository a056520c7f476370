import { ZId, ZTicket } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { listEarlierTickets } from './contact-history.js';

/** GET /tickets/:ticketId/history (§7): the contact's earlier tickets, beside the open conversation. */
export const ticketHistoryRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tickets/:ticketId/history',
      {
        onRequest: services.guard(),
        schema: {
          tags: ['tickets'],
          params: z.object({ ticketId: ZId }),
          response: { 200: z.object({ tickets: z.array(ZTicket) }) },
        },
      },
      (req) => listEarlierTickets(services, req.ctx, req.params.ticketId),
    );
  };
