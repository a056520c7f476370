import { ZIdParams, ZTenantVariable, ZTenantVariableBody } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { deleteVariableRow, findVariableRows, insertVariable, updateVariableRow } from './variables.repository.js';

const managers = ['admin', 'super', 'superadmin'] as const;

const rethrowDuplicate = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new AppError('ERR_DUPLICATED_VARIABLE', { field: 'name' });
  throw error;
};

/**
 * The tenant's own template variables (`/configuracoes/variaveis`): everyone reads them (the composer fills
 * them in quick replies), managers keep the list. Names are unique per tenant, case aside.
 */
export const variablesRoutes =
  ({ db, guard }: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['variables'];
    app.get(
      '/variables',
      { onRequest: guard(), schema: { tags, response: { 200: z.array(ZTenantVariable) } } },
      (req) => withTenant(db, req.ctx.tenantId, (tx) => findVariableRows(tx, req.ctx.tenantId)),
    );
    app.post(
      '/variables',
      { onRequest: guard(managers), schema: { tags, body: ZTenantVariableBody, response: { 201: ZTenantVariable } } },
      async (req, reply) => {
        const row = await withTenant(db, req.ctx.tenantId, (tx) =>
          insertVariable(tx, req.ctx.tenantId, req.body),
        ).catch(rethrowDuplicate);
        return reply.status(201).send(row as NonNullable<typeof row>);
      },
    );
    app.put(
      '/variables/:id',
      {
        onRequest: guard(managers),
        schema: { tags, params: ZIdParams, body: ZTenantVariableBody, response: { 200: ZTenantVariable } },
      },
      async (req) => {
        const row = await withTenant(db, req.ctx.tenantId, (tx) =>
          updateVariableRow(tx, req.ctx.tenantId, req.params.id, req.body),
        ).catch(rethrowDuplicate);
        if (!row) throw new AppError('ERR_NO_VARIABLE_FOUND');
        return row;
      },
    );
    app.delete(
      '/variables/:id',
      { onRequest: guard(managers), schema: { tags, params: ZIdParams } },
      async (req, reply) => {
        const deleted = await withTenant(db, req.ctx.tenantId, (tx) =>
          deleteVariableRow(tx, req.ctx.tenantId, req.params.id),
        );
        if (!deleted) throw new AppError('ERR_NO_VARIABLE_FOUND');
        return reply.status(204).send();
      },
    );
  };
