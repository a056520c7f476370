import multipart from '@fastify/multipart';
import { ZId, ZMessage, ZMessageList, ZPageNumber, ZScheduleOptions, ZSendMessage, ZTicket } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { deleteMessage } from './delete-message.js';
import { editMessage } from './edit-message.js';
import { listScheduledMessages } from './list-scheduled-messages.js';
import { listTicketMessages } from './list-ticket-messages.js';
import { reactToMessage } from './react-to-message.js';
import { retryMessage } from './retry-message.js';
import { listTenantScheduledMessages } from './schedule-list.js';
import { sendMediaMessages } from './send-media-messages.js';
import { sendMessage } from './send-message.js';

const ZTicketParams = z.object({ ticketId: ZId });
const ZMessageParams = z.object({ messageId: ZId });

/** Messages (§7): a conversation's pages, sending (now or scheduled), edit, delete, reactions, retry. */
export const messagesRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['messages'];
    await app.register(multipart, {
      limits: { fileSize: services.config.mediaMaxBytes, files: 10, fields: 20, fieldSize: 70_000 },
    });
    app.get(
      '/messages/:ticketId',
      {
        onRequest: guard(),
        schema: {
          tags,
          params: ZTicketParams,
          querystring: z.object({ pageNumber: ZPageNumber }),
          response: { 200: ZMessageList.extend({ ticket: ZTicket }) },
        },
      },
      (req) => listTicketMessages(services, req.ctx, req.params.ticketId, req.query.pageNumber),
    );
    app.post(
      '/messages/:ticketId',
      {
        onRequest: guard(),
        // A multipart body (files in `medias`) is read by the handler; a JSON body is validated here.
        schema: { tags, params: ZTicketParams, body: ZSendMessage.nullish(), response: { 201: ZMessage } },
      },
      async (req, reply) => {
        const message = req.isMultipart()
          ? await sendMediaMessages(services, req, req.params.ticketId)
          : await sendMessage(services, req.ctx, req.params.ticketId, req.body ?? ZSendMessage.parse({}));
        return reply.status(201).send(message);
      },
    );
    app.post(
      '/messagesSchedule',
      {
        onRequest: guard(),
        // JSON, or multipart with the files in `medias` and the same fields beside them (read by the handler).
        schema: {
          tags,
          body: ZSendMessage.extend({
            ticketId: ZId,
            scheduleDate: ZSendMessage.shape.scheduleDate.unwrap(),
            ...ZScheduleOptions.partial().shape,
          }).nullish(),
          response: { 201: ZMessage },
        },
      },
      async (req, reply) => {
        if (req.isMultipart()) return reply.status(201).send(await sendMediaMessages(services, req, 'field'));
        if (!req.body) throw new AppError('ERR_VALIDATION', { field: 'ticketId' });
        const { ticketId, cancelOnReply, openTicket, sign, ...message } = req.body;
        const schedule = { cancelOnReply, openTicket, sign };
        return reply.status(201).send(await sendMessage(services, req.ctx, ticketId, { ...message, schedule }));
      },
    );
    app.get(
      '/scheduleMessages',
      {
        onRequest: guard(),
        schema: {
          tags,
          // With a ticket id: that ticket's list; without: the tenant's, paged (§7).
          querystring: z.object({ ticketId: ZId.optional(), page: ZPageNumber }),
          response: { 200: z.union([z.array(ZMessage), ZMessageList]) },
        },
      },
      (req) =>
        req.query.ticketId === undefined
          ? listTenantScheduledMessages(services, req.ctx, req.query.page)
          : listScheduledMessages(services, req.ctx, req.query.ticketId),
    );
    app.patch(
      '/messages/:messageId',
      {
        onRequest: guard(),
        schema: {
          tags,
          params: ZMessageParams,
          body: z.object({ body: z.string().trim().min(1).max(65_536) }),
          response: { 200: ZMessage },
        },
      },
      (req) => editMessage(services, req.ctx, req.params.messageId, req.body.body),
    );
    app.delete(
      '/messages',
      { onRequest: guard(), schema: { tags, body: z.object({ id: ZId }), response: { 200: ZMessage } } },
      (req) => deleteMessage(services, req.ctx, req.body.id),
    );
    app.delete(
      '/messages/:messageId',
      { onRequest: guard(), schema: { tags, params: ZMessageParams, response: { 200: ZMessage } } },
      (req) => deleteMessage(services, req.ctx, req.params.messageId),
    );
    app.post(
      '/messages/:messageId/reaction',
      {
        onRequest: guard(),
        schema: {
          tags,
          params: ZMessageParams,
          body: z.object({ emoji: z.string().max(16) }),
          response: { 200: ZMessage },
        },
      },
      (req) => reactToMessage(services, req.ctx, req.params.messageId, req.body.emoji),
    );
    app.post(
      '/messages/:messageId/retry',
      { onRequest: guard(), schema: { tags, params: ZMessageParams, response: { 200: ZMessage } } },
      (req) => retryMessage(services, req.ctx, req.params.messageId),
    );
  };
