import { ZFarewellMessage, ZFarewellMessageBody, ZFarewellMessageUpdate, ZIdParams } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { findFarewellMessages } from './farewell-messages.repository.js';
import { deleteFarewellMessage, saveFarewellMessage } from './manage-farewell-message.js';

/**
 * Farewell messages (`/fechamento`, the family's FarewellPrivateMessages): every profile keeps its own; the
 * ownership rules (shared ones for managers only) live in manage-farewell-message.ts.
 */
export const farewellMessagesRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, guard } = services;
    const tags = ['farewell-messages'];
    const path = '/farewellPrivateMessage';
    app.get(path, { onRequest: guard(), schema: { tags, response: { 200: z.array(ZFarewellMessage) } } }, (req) =>
      withTenant(db, req.ctx.tenantId, (tx) => findFarewellMessages(tx, req.ctx.tenantId, req.ctx.userId)),
    );
    app.post(
      path,
      { onRequest: guard(), schema: { tags, body: ZFarewellMessageBody, response: { 201: ZFarewellMessage } } },
      async (req, reply) => reply.status(201).send(await saveFarewellMessage(services, req.ctx, null, req.body)),
    );
    app.put(
      `${path}/:id`,
      {
        onRequest: guard(),
        schema: { tags, params: ZIdParams, body: ZFarewellMessageUpdate, response: { 200: ZFarewellMessage } },
      },
      (req) => saveFarewellMessage(services, req.ctx, req.params.id, req.body),
    );
    app.delete(`${path}/:id`, { onRequest: guard(), schema: { tags, params: ZIdParams } }, async (req, reply) => {
      await deleteFarewellMessage(services, req.ctx, req.params.id);
      return reply.status(204).send();
    });
  };
