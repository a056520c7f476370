import {
  ZAutoReply,
  ZAutoReplyAction,
  ZAutoReplyActionBody,
  ZAutoReplyActionUpdate,
  ZAutoReplyBody,
  ZAutoReplyStep,
  ZAutoReplyStepBody,
  ZAutoReplyStepParams,
  ZAutoReplyStepUpdate,
  ZAutoReplyUpdate,
  ZIdParams,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { findAutoReplies } from './auto-replies.repository.js';
import {
  deleteAutoReply,
  deleteAutoReplyAction,
  deleteAutoReplyStep,
  saveAutoReply,
  saveAutoReplyAction,
  saveAutoReplyStep,
} from './manage-auto-reply.js';

const ADMINS = ['admin', 'superadmin'] as const;

/**
 * Legacy keyword auto-replies (/auto-resposta, `/auto-reply` family paths): the tenant's admins keep them, every
 * profile reads them. The runner that answers customers with them is auto-reply.listener.ts.
 */
export const autoRepliesRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, guard } = services;
    const admin = guard(ADMINS);
    const tags = ['auto-replies'];
    const path = '/auto-reply';
    app.get(path, { onRequest: guard(), schema: { tags, response: { 200: z.array(ZAutoReply) } } }, (req) =>
      withTenant(db, req.ctx.tenantId, (tx) => findAutoReplies(tx, req.ctx.tenantId)),
    );
    app.post(
      path,
      { onRequest: admin, schema: { tags, body: ZAutoReplyBody, response: { 201: ZAutoReply } } },
      async (req, reply) => reply.status(201).send(await saveAutoReply(services, req.ctx, null, req.body)),
    );
    app.put(
      `${path}/:id`,
      { onRequest: admin, schema: { tags, params: ZIdParams, body: ZAutoReplyUpdate, response: { 200: ZAutoReply } } },
      (req) => saveAutoReply(services, req.ctx, req.params.id, req.body),
    );
    app.delete(`${path}/:id`, { onRequest: admin, schema: { tags, params: ZIdParams } }, async (req, reply) => {
      await deleteAutoReply(services, req.ctx, req.params.id);
      return reply.status(204).send();
    });
    app.post(
      `${path}/:id/steps`,
      {
        onRequest: admin,
        schema: { tags, params: ZIdParams, body: ZAutoReplyStepBody, response: { 201: ZAutoReplyStep } },
      },
      async (req, reply) =>
        reply.status(201).send(await saveAutoReplyStep(services, req.ctx, req.params.id, null, req.body)),
    );
    app.put(
      `${path}/:id/steps/:stepId`,
      {
        onRequest: admin,
        schema: { tags, params: ZAutoReplyStepParams, body: ZAutoReplyStepUpdate, response: { 200: ZAutoReplyStep } },
      },
      (req) => saveAutoReplyStep(services, req.ctx, req.params.id, req.params.stepId, req.body),
    );
    app.delete(
      `${path}/:id/steps/:stepId`,
      { onRequest: admin, schema: { tags, params: ZAutoReplyStepParams } },
      async (req, reply) => {
        await deleteAutoReplyStep(services, req.ctx, req.params.id, req.params.stepId);
        return reply.status(204).send();
      },
    );
    const actions = '/auto-reply-action';
    app.post(
      actions,
      { onRequest: admin, schema: { tags, body: ZAutoReplyActionBody, response: { 201: ZAutoReplyAction } } },
      async (req, reply) => reply.status(201).send(await saveAutoReplyAction(services, req.ctx, null, req.body)),
    );
    app.put(
      `${actions}/:id`,
      {
        onRequest: admin,
        schema: { tags, params: ZIdParams, body: ZAutoReplyActionUpdate, response: { 200: ZAutoReplyAction } },
      },
      (req) => saveAutoReplyAction(services, req.ctx, req.params.id, req.body),
    );
    app.delete(`${actions}/:id`, { onRequest: admin, schema: { tags, params: ZIdParams } }, async (req, reply) => {
      await deleteAutoReplyAction(services, req.ctx, req.params.id);
      return reply.status(204).send();
    });
  };
