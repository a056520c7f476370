import {
  ZSyncOldBody,
  ZSyncOldByUserBody,
  ZSyncOldByUserResult,
  ZSyncOldResult,
  ZSyncTime,
  ZUpdateSyncTimeBody,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TServices } from '../../platform/services.js';
import { syncOldMessages, syncOldMessagesOfUser, updateSyncTime } from './sync-history.js';

const adminProfiles = ['admin', 'super', 'superadmin'] as const;

/** §7: a conversation's earlier messages fetched from its channel, per ticket or for all of a user's. */
export const syncHistoryRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['messages'];
    app.post(
      '/messages/syncOld',
      { onRequest: guard(), schema: { tags, body: ZSyncOldBody, response: { 202: ZSyncOldResult } } },
      async (req, reply) => reply.status(202).send(await syncOldMessages(services, req.ctx, req.body)),
    );
    app.post(
      '/messages/syncOldByUser',
      { onRequest: guard(), schema: { tags, body: ZSyncOldByUserBody, response: { 202: ZSyncOldByUserResult } } },
      async (req, reply) => reply.status(202).send(await syncOldMessagesOfUser(services, req.ctx, req.body)),
    );
    app.post(
      '/messagesUpdateSyncTime',
      {
        onRequest: guard([...adminProfiles]),
        schema: { tags, body: ZUpdateSyncTimeBody, response: { 200: ZSyncTime } },
      },
      (req) => updateSyncTime(services, req.ctx, req.body.tenantId),
    );
  };
