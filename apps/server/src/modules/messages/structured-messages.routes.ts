import { ZId, ZLocationMessage, ZMessage, ZVcardMessage } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { sendLocation, sendVcard } from './send-structured-message.js';

/** §7: a contact card (vCard) or a location sent into a conversation. */
export const structuredMessagesRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['messages'];
    const params = z.object({ ticketId: ZId });
    app.post(
      '/messages/:ticketId/vcard',
      { onRequest: guard(), schema: { tags, params, body: ZVcardMessage, response: { 201: ZMessage } } },
      async (req, reply) => reply.status(201).send(await sendVcard(services, req.ctx, req.params.ticketId, req.body)),
    );
    app.post(
      '/messages/:ticketId/location',
      { onRequest: guard(), schema: { tags, params, body: ZLocationMessage, response: { 201: ZMessage } } },
      async (req, reply) =>
        reply.status(201).send(await sendLocation(services, req.ctx, req.params.ticketId, req.body)),
    );
  };
