import { ZIdParams, ZReason, ZReasonBody, ZReasonUpdate } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { deleteReasonRow, findReasons, insertReason, updateReasonRow } from './reasons.repository.js';

const managers = ['admin', 'super', 'superadmin'] as const;

const rethrowDuplicate = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new AppError('ERR_VALIDATION', { field: 'name', detail: 'duplicated reason' });
  throw error;
};

/** Closing reasons (`/configuracoes/motivos`): everyone reads them to close a ticket; managers keep the list. */
export const reasonsRoutes =
  ({ db, guard }: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['reasons'];
    app.get('/reasons', { onRequest: guard(), schema: { tags, response: { 200: z.array(ZReason) } } }, (req) =>
      withTenant(db, req.ctx.tenantId, (tx) => findReasons(tx, req.ctx.tenantId)),
    );
    app.post(
      '/reasons',
      { onRequest: guard(managers), schema: { tags, body: ZReasonBody, response: { 201: ZReason } } },
      async (req, reply) => {
        const row = await withTenant(db, req.ctx.tenantId, (tx) => insertReason(tx, req.ctx.tenantId, req.body)).catch(
          rethrowDuplicate,
        );
        return reply.status(201).send(row as NonNullable<typeof row>);
      },
    );
    app.put(
      '/reasons/:id',
      {
        onRequest: guard(managers),
        schema: { tags, params: ZIdParams, body: ZReasonUpdate, response: { 200: ZReason } },
      },
      async (req) => {
        const row = await withTenant(db, req.ctx.tenantId, (tx) =>
          updateReasonRow(tx, req.ctx.tenantId, req.params.id, req.body),
        ).catch(rethrowDuplicate);
        if (!row) throw new AppError('ERR_NOT_FOUND');
        return row;
      },
    );
    app.delete(
      '/reasons/:id',
      { onRequest: guard(managers), schema: { tags, params: ZIdParams } },
      async (req, reply) => {
        const deleted = await withTenant(db, req.ctx.tenantId, (tx) =>
          deleteReasonRow(tx, req.ctx.tenantId, req.params.id),
        );
        if (!deleted) throw new AppError('ERR_NOT_FOUND');
        return reply.status(204).send();
      },
    );
  };
