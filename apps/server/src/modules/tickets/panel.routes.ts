import { ZTicketPanel } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TServices } from '../../platform/services.js';
import { getTicketPanel } from './ticket-panel.js';

/** The tickets-per-queue panel (`/painel-atendimentos`); every profile, each seeing what the rules allow. */
export const ticketPanelRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dash-tickets-queues',
      { onRequest: services.guard(), schema: { tags: ['tickets'], response: { 200: ZTicketPanel } } },
      (req) => getTicketPanel(services, req.ctx),
    );
  };
