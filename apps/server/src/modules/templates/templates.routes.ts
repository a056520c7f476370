import { ZId, ZMessage, ZMessageTemplateList, ZSendTemplate, ZServiceWindow } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { listTemplates, sendTemplate, serviceWindow, syncTemplates } from './message-templates.js';

const adminProfiles = ['admin', 'super', 'superadmin'] as const;

/** Message templates of channels with a customer-service window (WhatsApp Cloud API), and that window. */
export const templatesRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['templates'];
    const ZConnectionParams = z.object({ id: ZId });
    const ZTicketParams = z.object({ ticketId: ZId });
    app.get(
      '/whatsapp/:id/templates',
      { onRequest: guard(), schema: { tags, params: ZConnectionParams, response: { 200: ZMessageTemplateList } } },
      (req) => listTemplates(services, req.ctx, req.params.id),
    );
    app.post(
      '/whatsapp/:id/templates/sync',
      {
        onRequest: guard(adminProfiles),
        schema: { tags, params: ZConnectionParams, response: { 200: ZMessageTemplateList } },
      },
      (req) => syncTemplates(services, req.ctx, req.params.id),
    );
    app.post(
      '/messages/:ticketId/template',
      {
        onRequest: guard(),
        schema: { tags, params: ZTicketParams, body: ZSendTemplate, response: { 201: ZMessage } },
      },
      async (req, reply) =>
        reply.status(201).send(await sendTemplate(services, req.ctx, req.params.ticketId, req.body)),
    );
    app.get(
      '/tickets/:ticketId/service-window',
      { onRequest: guard(), schema: { tags, params: ZTicketParams, response: { 200: ZServiceWindow } } },
      (req) => serviceWindow(services, req.ctx, req.params.ticketId),
    );
  };
