import { ZContactMessagesQuery, ZId, ZMessageList, ZMessageSearchQuery } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { listContactMessages, searchVisibleMessages } from './browse-messages.js';

/** §7: a contact's messages across its tickets, and the search over the messages the user may see. */
export const browseMessagesRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['messages'];
    app.get(
      '/messagesContact/:contactId',
      {
        onRequest: guard(),
        schema: {
          tags,
          params: z.object({ contactId: ZId }),
          querystring: ZContactMessagesQuery,
          response: { 200: ZMessageList },
        },
      },
      (req) => listContactMessages(services, req.ctx, req.params.contactId, req.query.pageNumber),
    );
    app.get(
      '/searchMessage',
      { onRequest: guard(), schema: { tags, querystring: ZMessageSearchQuery, response: { 200: ZMessageList } } },
      (req) => searchVisibleMessages(services, req.ctx, req.query),
    );
  };
