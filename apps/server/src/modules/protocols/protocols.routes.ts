import { ZPageQuery, ZProtocolList } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TServices } from '../../platform/services.js';
import { listProtocols } from './list-protocols.js';

/** Protocols (one per ticket, `{{protocol}}` in messages): the `/protocolos` screen's list. */
export const protocolsRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ticketProtocols',
      {
        onRequest: services.guard(),
        schema: { tags: ['tickets'], querystring: ZPageQuery, response: { 200: ZProtocolList } },
      },
      (req) => listProtocols(services, req.ctx, req.query),
    );
  };
