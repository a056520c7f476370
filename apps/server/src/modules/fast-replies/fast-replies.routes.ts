import { canShowAll, ZFastReply, ZFastReplyBody, ZFastReplyUpdate, ZIdParams } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { findViewer } from '../tickets/tickets.service.js';
import { deleteFastReplyRow, findFastReplies } from './fast-replies.repository.js';
import { saveFastReply } from './save-fast-reply.js';

const managers = ['admin', 'super', 'superadmin'] as const;

/** Quick messages (`/mensagens-rapidas`, "/" in the composer). */
export const fastRepliesRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, guard } = services;
    const tags = ['fast-replies'];
    app.get(
      '/fastreply',
      {
        onRequest: guard(),
        schema: {
          tags,
          querystring: z.object({ all: z.enum(['true', 'false']).optional() }),
          response: { 200: z.array(ZFastReply) },
        },
      },
      (req) =>
        withTenant(db, req.ctx.tenantId, async (tx) => {
          // NOTE: a queue-bound agent gets the shared ones and those of their queues; managers may ask for all.
          if (canShowAll(req.ctx.profile) || req.ctx.profile === 'superadmin')
            return findFastReplies(tx, req.ctx.tenantId);
          const queueIds = await findViewer(tx, req.ctx.tenantId, req.ctx.userId);
          return findFastReplies(tx, req.ctx.tenantId, queueIds.length > 0 ? { forQueues: queueIds } : {});
        }),
    );
    app.post(
      '/fastreply',
      { onRequest: guard(managers), schema: { tags, body: ZFastReplyBody, response: { 201: ZFastReply } } },
      async (req, reply) => reply.status(201).send(await saveFastReply(services, req.ctx, null, req.body)),
    );
    app.put(
      '/fastreply/:id',
      {
        onRequest: guard(managers),
        schema: { tags, params: ZIdParams, body: ZFastReplyUpdate, response: { 200: ZFastReply } },
      },
      (req) => saveFastReply(services, req.ctx, req.params.id, req.body),
    );
    app.delete(
      '/fastreply/:id',
      { onRequest: guard(managers), schema: { tags, params: ZIdParams } },
      async (req, reply) => {
        const deleted = await withTenant(db, req.ctx.tenantId, (tx) =>
          deleteFastReplyRow(tx, req.ctx.tenantId, req.params.id),
        );
        if (!deleted) throw new AppError('ERR_NOT_FOUND');
        return reply.status(204).send();
      },
    );
  };
