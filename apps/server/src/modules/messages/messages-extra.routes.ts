import {
  ZContactMessagesQuery,
  ZEditAlias,
  ZForwardMessages,
  ZGroupBroadcast,
  ZGroupParticipants,
  ZGroupTicket,
  ZId,
  ZLocationMessage,
  ZMentionMessage,
  ZMessage,
  ZMessageList,
  ZMessageSearchQuery,
  ZReactionAlias,
  ZTranscriptQuery,
  ZVcardMessage,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { listContactMessages, searchVisibleMessages } from './browse-messages.js';
import { exportTranscript } from './export-transcript.js';
import { forwardMessages } from './forward-messages.js';
import { listGroupParticipants, sendMentionMessage, sendToEveryMember } from './group-messages.js';
import { editMessage, reactToMessage } from './manage-messages.js';
import { sendMessage } from './send-message.js';

const ZTicketParams = z.object({ ticketId: ZId });

/**
 * Messages calls of §7 beyond a conversation's page: contact history, search, transcript, forward, vCard,
 * location, and the group calls (members, mentions, hidden mentions).
 */
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
          querystring: ZContactMessagesQuery,
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
          querystring: ZMessageSearchQuery,
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
          querystring: ZTranscriptQuery,
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
          body: ZForwardMessages,
          response: { 201: z.array(ZMessage) },
        },
      },
      async (req, reply) => reply.status(201).send(await forwardMessages(services, req.ctx, req.body)),
    );
    app.post(
      '/messages/:ticketId/vcard',
      { onRequest: guard(), schema: { tags, params: ZTicketParams, body: ZVcardMessage, response: { 201: ZMessage } } },
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
      {
        onRequest: guard(),
        schema: { tags, params: ZTicketParams, body: ZLocationMessage, response: { 201: ZMessage } },
      },
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
        schema: { tags, body: ZReactionAlias, response: { 200: ZMessage } },
      },
      (req) => reactToMessage(services, req.ctx, req.body.messageId, req.body.emoji),
    );
    app.post(
      '/messages/editMessage',
      {
        onRequest: guard(),
        schema: {
          tags,
          body: ZEditAlias,
          response: { 200: ZMessage },
        },
      },
      (req) => editMessage(services, req.ctx, req.body.messageId, req.body.body),
    );
    // Group conversations (WhatsApp by QR code).
    app.post(
      '/messages/listParticipants',
      { onRequest: guard(), schema: { tags, body: ZGroupTicket, response: { 200: ZGroupParticipants } } },
      (req) => listGroupParticipants(services, req.ctx, req.body.ticketId),
    );
    app.post(
      '/messages/mentionMessage',
      { onRequest: guard(), schema: { tags, body: ZMentionMessage, response: { 201: ZMessage } } },
      async (req, reply) => reply.status(201).send(await sendMentionMessage(services, req.ctx, req.body)),
    );
    app.post(
      '/messages/mentionAllMessage',
      { onRequest: guard(), schema: { tags, body: ZGroupBroadcast, response: { 201: ZMessage } } },
      async (req, reply) => reply.status(201).send(await sendToEveryMember(services, req.ctx, req.body, true)),
    );
    app.post(
      '/messages/ghostMessage',
      { onRequest: guard(), schema: { tags, body: ZGroupBroadcast, response: { 201: ZMessage } } },
      async (req, reply) => reply.status(201).send(await sendToEveryMember(services, req.ctx, req.body, false)),
    );
  };
