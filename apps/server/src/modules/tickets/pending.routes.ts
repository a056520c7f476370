import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { resolvePendingTickets } from './resolve-pending.js';

/** POST /pending/resolvePending (§7): an admin closes the tenant's waiting tickets. */
export const pendingRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/pending/resolvePending',
      {
        onRequest: services.guard(['admin', 'superadmin']),
        schema: {
          tags: ['tickets'],
          response: { 200: z.object({ updated: z.number().int(), hasMore: z.boolean() }) },
        },
      },
      (req) => resolvePendingTickets(services, req.ctx),
    );
  };
