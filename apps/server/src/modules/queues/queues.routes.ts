import { ZHexColor, ZIdParams, ZWaitAlertMinutes } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { forgetVisibilityContext } from '../tickets/visibility-context.js';
import { deleteQueueRow, findQueues, insertQueue, updateQueueRow } from './queues.repository.js';

const ZQueue = z.object({
  id: z.number().int(),
  queue: z.string(),
  color: z.string(),
  isActive: z.boolean(),
  waitAlertMinutes: z.number().int().nullable(),
});
const queueFields = {
  queue: z.string().trim().min(1).max(80),
  color: ZHexColor,
  isActive: z.boolean(),
  waitAlertMinutes: ZWaitAlertMinutes,
};
const ZQueueBody = z.object({
  ...queueFields,
  color: queueFields.color.default('#5c67f2'),
  isActive: queueFields.isActive.default(true),
  waitAlertMinutes: queueFields.waitAlertMinutes.default(null),
});
// Built without defaults: a default inside `.partial()` would reset the fields a PUT does not name.
const ZQueueUpdate = z
  .object(queueFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'empty update' });

const rethrowDuplicate = (error: unknown): never => {
  if (isUniqueViolation(error))
    throw new AppError('ERR_VALIDATION', { field: 'queue', detail: 'duplicated queue name' });
  throw error;
};

/** Queues: name, colour, in use or not, and the wait past which the monitor alerts. */
export const queuesRoutes =
  ({ db, guard }: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['queues'];
    app.get('/queue', { onRequest: guard(), schema: { tags, response: { 200: z.array(ZQueue) } } }, (req) =>
      withTenant(db, req.ctx.tenantId, (tx) => findQueues(tx, req.ctx.tenantId)),
    );
    app.post(
      '/queue',
      { onRequest: guard(['admin', 'superadmin']), schema: { tags, body: ZQueueBody, response: { 201: ZQueue } } },
      async (req, reply) => {
        const row = await withTenant(db, req.ctx.tenantId, (tx) => insertQueue(tx, req.ctx.tenantId, req.body)).catch(
          rethrowDuplicate,
        );
        return reply.status(201).send(row as NonNullable<typeof row>);
      },
    );
    app.put(
      '/queue/:id',
      {
        onRequest: guard(['admin', 'superadmin']),
        schema: { tags, params: ZIdParams, body: ZQueueUpdate, response: { 200: ZQueue } },
      },
      async (req) => {
        const row = await withTenant(db, req.ctx.tenantId, (tx) =>
          updateQueueRow(tx, req.ctx.tenantId, req.params.id, req.body),
        ).catch(rethrowDuplicate);
        if (!row) throw new AppError('ERR_NO_QUEUE_FOUND');
        return row;
      },
    );
    app.delete(
      '/queue/:id',
      { onRequest: guard(['admin', 'superadmin']), schema: { tags, params: ZIdParams } },
      async (req, reply) => {
        const deleted = await withTenant(db, req.ctx.tenantId, (tx) =>
          deleteQueueRow(tx, req.ctx.tenantId, req.params.id),
        );
        if (!deleted) throw new AppError('ERR_NO_QUEUE_FOUND');
        forgetVisibilityContext(db, req.ctx.tenantId);
        return reply.status(204).send();
      },
    );
  };
