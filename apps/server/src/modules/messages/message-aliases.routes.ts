import { ZEditAlias, ZMessage, ZReactionAlias } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TServices } from '../../platform/services.js';
import { editMessage } from './edit-message.js';
import { reactToMessage } from './react-to-message.js';

/** The family's aliases of the reaction and edit calls, the message named in the body. */
export const messageAliasesRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['messages'];
    app.post(
      '/messages/reactionMessage',
      { onRequest: guard(), schema: { tags, body: ZReactionAlias, response: { 200: ZMessage } } },
      (req) => reactToMessage(services, req.ctx, req.body.messageId, req.body.emoji),
    );
    app.post(
      '/messages/editMessage',
      { onRequest: guard(), schema: { tags, body: ZEditAlias, response: { 200: ZMessage } } },
      (req) => editMessage(services, req.ctx, req.body.messageId, req.body.body),
    );
  };
