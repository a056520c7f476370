import { ZIdParams, ZTag, ZTagBody, ZTagUpdate } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { deleteTagRow, findTags, insertTag, updateTagRow } from './tags.repository.js';

const managers = ['admin', 'super', 'superadmin'] as const;
const ZListQuery = z.object({ isActive: z.enum(['true', 'false']).optional() });

const rethrowDuplicate = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new AppError('ERR_VALIDATION', { field: 'tag', detail: 'duplicated tag' });
  throw error;
};

/** Tags (`/etiquetas`): everyone reads them to tag tickets and contacts; managers keep the list. */
export const tagsRoutes =
  ({ db, guard }: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const schemaTags = ['tags'];
    app.get(
      '/tags',
      { onRequest: guard(), schema: { tags: schemaTags, querystring: ZListQuery, response: { 200: z.array(ZTag) } } },
      (req) =>
        withTenant(db, req.ctx.tenantId, (tx) =>
          findTags(tx, req.ctx.tenantId, req.query.isActive === undefined ? undefined : req.query.isActive === 'true'),
        ),
    );
    app.post(
      '/tags',
      { onRequest: guard(managers), schema: { tags: schemaTags, body: ZTagBody, response: { 201: ZTag } } },
      async (req, reply) => {
        const row = await withTenant(db, req.ctx.tenantId, (tx) =>
          insertTag(tx, req.ctx.tenantId, req.ctx.userId, req.body),
        ).catch(rethrowDuplicate);
        return reply.status(201).send(row as NonNullable<typeof row>);
      },
    );
    app.put(
      '/tags/:id',
      {
        onRequest: guard(managers),
        schema: { tags: schemaTags, params: ZIdParams, body: ZTagUpdate, response: { 200: ZTag } },
      },
      async (req) => {
        const row = await withTenant(db, req.ctx.tenantId, (tx) =>
          updateTagRow(tx, req.ctx.tenantId, req.params.id, req.body),
        ).catch(rethrowDuplicate);
        if (!row) throw new AppError('ERR_NOT_FOUND');
        return row;
      },
    );
    app.delete(
      '/tags/:id',
      { onRequest: guard(managers), schema: { tags: schemaTags, params: ZIdParams } },
      async (req, reply) => {
        const deleted = await withTenant(db, req.ctx.tenantId, (tx) =>
          deleteTagRow(tx, req.ctx.tenantId, req.params.id),
        );
        if (!deleted) throw new AppError('ERR_NOT_FOUND');
        return reply.status(204).send();
      },
    );
  };
