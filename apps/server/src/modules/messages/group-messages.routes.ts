import { ZGroupBroadcast, ZGroupParticipants, ZGroupTicket, ZMentionMessage, ZMessage } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TServices } from '../../platform/services.js';
import { listGroupParticipants, sendMentionMessage, sendToEveryMember } from './group-messages.js';

/** §7: group conversations (WhatsApp by QR code): members, mentions, and mentions of everyone, seen or hidden. */
export const groupMessagesRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['messages'];
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
