import { ZPlatformConnectionList, ZPlatformConnectionsQuery } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TServices } from '../../platform/services.js';
import { listPlatformConnections } from './list-platform-connections.js';

/** The superadmin's view of every tenant's connections, at the family's `/whatsappTenants` path. */
export const platformConnectionsRoutes =
  ({ db, guard }: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/whatsappTenants',
      {
        onRequest: guard(['superadmin']),
        schema: {
          tags: ['platform', 'connections'],
          querystring: ZPlatformConnectionsQuery,
          response: { 200: ZPlatformConnectionList },
        },
      },
      (req) => listPlatformConnections(db, req.query),
    );
  };
