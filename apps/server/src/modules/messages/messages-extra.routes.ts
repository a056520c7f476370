import { ZId, ZMessage, ZMessageList } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { listContactMessages, searchVisibleMessages } from './browse-messages.js';
import { exportTranscript } from './export-transcript.js';
import { forwardMessages } from './forward-messages.js';
import { editMessage, reactToMessage } from './manage-messages.js';
import { sendMessage } from './send-message.js';

const ZPage = z.coerce.number().int().min(1).default(1);
const ZTicketParams = z.object({ ticketId: ZId });
const ZVcard = z.object({
  contact: z.object({ name: z.string().trim().min(1).max(120), number: z.string().trim().min(2).max(40) }),
});
const ZLocation = z.object({
  location: z.object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    name: z.string().trim().max(200).optional(),
    address: z.string().trim().max(300).optional(),
  }),
});

/** Messages calls of §7 beyond a conversation's page: contact history, search, transcript, forward, vCard, location. */
export const messagesExtraRoutes =
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
          querystring: z.object({ pageNumber: ZPage }),
          response: { 200: ZMessageList },
        },
      },
      (req) => listContactMessages(services, req.ctx, req.params.contactId, req.query.pageNumber),
    );
    app.get(
      '/searchMessage',
      {
        onRequest: guard(),
        schema: {
          tags,
          querystring: z.object({
            searchParam: z.string().trim().min(2).max(200),
            ticketId: ZId.optional(),
            pageNumber: ZPage,
          }),
          response: { 200: ZMessageList },
        },
      },
      (req) => searchVisibleMessages(services, req.ctx, req.query),
    );
    app.get(
      '/exportMessages/:ticketId',
      {
        onRequest: guard(),
        schema: {
          tags,
          params: ZTicketParams,
          querystring: z.object({ format: z.enum(['txt', 'csv']).default('txt') }),
        },
      },
      async (req, reply) => {
        const file = await exportTranscript(services, req.ctx, req.params.ticketId, req.query.format);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.body);
      },
    );
    app.post(
      '/forward-messages',
      {
        onRequest: guard(),
        schema: {
          tags,
          body: z.object({ messages: z.array(ZId).min(1).max(20), contact: ZId }),
          response: { 201: z.array(ZMessage) },
        },
      },
      async (req, reply) => reply.status(201).send(await forwardMessages(services, req.ctx, req.body)),
    );
    app.post(
      '/messages/:ticketId/vcard',
      { onRequest: guard(), schema: { tags, params: ZTicketParams, body: ZVcard, response: { 201: ZMessage } } },
      async (req, reply) => {
        const { name, number } = req.body.contact;
        const message = await sendMessage(services, req.ctx, req.params.ticketId, {
          body: `${name}\n${number}`,
          structured: { mediaType: 'vcard', data: { name, number } },
        });
        return reply.status(201).send(message);
      },
    );
    app.post(
      '/messages/:ticketId/location',
      { onRequest: guard(), schema: { tags, params: ZTicketParams, body: ZLocation, response: { 201: ZMessage } } },
      async (req, reply) => {
        const { latitude, longitude, name, address } = req.body.location;
        const link = `https://maps.google.com/?q=${latitude},${longitude}`;
        const message = await sendMessage(services, req.ctx, req.params.ticketId, {
          body: [name, address, link].filter(Boolean).join('\n'),
          structured: { mediaType: 'location', data: { latitude, longitude, name, address } },
        });
        return reply.status(201).send(message);
      },
    );
    // The family's aliases of the edit and reaction calls.
    app.post(
      '/messages/reactionMessage',
      {
        onRequest: guard(),
        schema: { tags, body: z.object({ messageId: ZId, emoji: z.string().max(16) }), response: { 200: ZMessage } },
      },
      (req) => reactToMessage(services, req.ctx, req.body.messageId, req.body.emoji),
    );
    app.post(
      '/messages/editMessage',
      {
        onRequest: guard(),
        schema: {
          tags,
          body: z.object({ messageId: ZId, body: z.string().trim().min(1).max(65_536) }),
          response: { 200: ZMessage },
        },
      },
      (req) => editMessage(services, req.ctx, req.body.messageId, req.body.body),
    );
  };
