import { ZMessage } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TServices } from '../../platform/services.js';
import { sendButtonMessage, ZSendButton } from './send-button.js';

/** POST /sendButton (§7): a message with options, sent as numbered text. */
export const sendButtonRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/sendButton',
      { onRequest: services.guard(), schema: { tags: ['messages'], body: ZSendButton, response: { 201: ZMessage } } },
      async (req, reply) => reply.status(201).send(await sendButtonMessage(services, req.ctx, req.body)),
    );
  };
