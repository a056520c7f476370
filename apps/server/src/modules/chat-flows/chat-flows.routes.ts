import multipart from '@fastify/multipart';
import { ZChatFlow, ZChatFlowBody, ZChatFlowUpdate, ZId, ZIdParams } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { findChatFlows } from './chat-flows.repository.js';
import { deleteChatFlow } from './delete-chat-flow.js';
import { importChatFlow } from './import-chat-flow.js';
import { createChatFlow, duplicateChatFlow, readChatFlow, updateChatFlow } from './manage-chat-flow.js';
import { uploadFlowMedia } from './upload-flow-media.js';

const ADMINS = ['admin', 'superadmin'] as const;

/**
 * Chat flows (domain 2.11, `/chat-flow` family paths): the tenant's admins build them, every profile reads them
 * (the ticket screen names a ticket's flow). The engine that runs them is in runtime/.
 */
export const chatFlowsRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, guard } = services;
    const admin = guard(ADMINS);
    const tags = ['chat-flows'];
    const path = '/chat-flow';
    // Two files get through the parser so that a second one is refused as 400 naming `file`, not 413.
    await app.register(multipart, {
      limits: { fileSize: services.config.mediaMaxBytes, files: 2, fields: 5, fieldSize: 1_024 },
    });
    app.get(path, { onRequest: guard(), schema: { tags, response: { 200: z.array(ZChatFlow) } } }, (req) =>
      withTenant(db, req.ctx.tenantId, (tx) => findChatFlows(tx, req.ctx.tenantId)),
    );
    app.get(
      `${path}/:id`,
      { onRequest: guard(), schema: { tags, params: ZIdParams, response: { 200: ZChatFlow } } },
      (req) => readChatFlow(services, req.ctx, req.params.id),
    );
    app.post(
      path,
      { onRequest: admin, schema: { tags, body: ZChatFlowBody, response: { 201: ZChatFlow } } },
      async (req, reply) => reply.status(201).send(await createChatFlow(services, req.ctx, req.body)),
    );
    app.put(
      `${path}/:id`,
      { onRequest: admin, schema: { tags, params: ZIdParams, body: ZChatFlowUpdate, response: { 200: ZChatFlow } } },
      (req) => updateChatFlow(services, req.ctx, req.params.id, req.body),
    );
    app.delete(
      `${path}/:id`,
      { onRequest: admin, schema: { tags, params: ZIdParams, response: { 200: z.object({ ok: z.literal(true) }) } } },
      (req) => deleteChatFlow(services, req.ctx, req.params.id),
    );
    app.post(
      '/chat-flow-duplicate',
      {
        onRequest: admin,
        schema: { tags, body: z.object({ chatFlowId: ZId }), response: { 201: ZChatFlow } },
      },
      async (req, reply) => reply.status(201).send(await duplicateChatFlow(services, req.ctx, req.body.chatFlowId)),
    );
    app.put(
      '/chat-flow-import/:id',
      {
        onRequest: admin,
        // Checked by importFamilyFlow, which reads the family's loose shapes (numbers as strings, "12px").
        schema: { tags, params: ZIdParams, body: z.record(z.string(), z.unknown()), response: { 200: ZChatFlow } },
      },
      (req) => importChatFlow(services, req.ctx, req.params.id, req.body),
    );
    // A media step's file (multipart, `file`): stored like an agent's attachment, answered as the step's fields.
    app.post(
      '/chat-flow-media',
      {
        onRequest: admin,
        schema: {
          tags,
          response: { 201: z.object({ mediaUrl: z.string(), mimeType: z.string(), name: z.string() }) },
        },
      },
      async (req, reply) => reply.status(201).send(await uploadFlowMedia(services, req, req.ctx.tenantId)),
    );
  };
