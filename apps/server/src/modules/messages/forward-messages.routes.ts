import { ZForwardMessages, ZMessage } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { forwardMessages } from './forward-messages.js';

/** POST /forward-messages (§7): messages copied into other conversations. */
export const forwardMessagesRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/forward-messages',
      {
        onRequest: services.guard(),
        schema: { tags: ['messages'], body: ZForwardMessages, response: { 201: z.array(ZMessage) } },
      },
      async (req, reply) => reply.status(201).send(await forwardMessages(services, req.ctx, req.body)),
    );
  };
