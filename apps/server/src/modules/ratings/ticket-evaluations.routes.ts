import {
  ZIdParams,
  ZTicketEvaluation,
  ZTicketEvaluationBody,
  ZTicketEvaluationList,
  ZTicketEvaluationQuery,
  ZTicketEvaluationUpdate,
  ZTicketIdParams,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import {
  createEvaluation,
  deleteEvaluation,
  listEvaluations,
  listTicketEvaluations,
  updateEvaluation,
} from './manage-evaluations.js';

/**
 * Ratings (`/ticketEvaluations`, family paths). The list and its figures are for managers (admin, super,
 * supervisor); a ticket's ratings for whoever may see the ticket; scores by hand and corrections for admins.
 */
export const ticketEvaluationsRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['ratings'];
    const path = '/ticketEvaluations';
    const managers = guard(['admin', 'super', 'supervisor', 'superadmin']);
    const admin = guard(['admin', 'superadmin']);
    app.get(
      path,
      {
        onRequest: managers,
        schema: { tags, querystring: ZTicketEvaluationQuery, response: { 200: ZTicketEvaluationList } },
      },
      (req) => listEvaluations(services, req.ctx, req.query),
    );
    app.get(
      `${path}/:ticketId/logs`,
      { onRequest: guard(), schema: { tags, params: ZTicketIdParams, response: { 200: z.array(ZTicketEvaluation) } } },
      (req) => listTicketEvaluations(services, req.ctx, req.params.ticketId),
    );
    app.post(
      path,
      { onRequest: admin, schema: { tags, body: ZTicketEvaluationBody, response: { 201: ZTicketEvaluation } } },
      async (req, reply) => reply.status(201).send(await createEvaluation(services, req.ctx, req.body)),
    );
    app.put(
      `${path}/:id`,
      {
        onRequest: admin,
        schema: { tags, params: ZIdParams, body: ZTicketEvaluationUpdate, response: { 200: ZTicketEvaluation } },
      },
      (req) => updateEvaluation(services, req.ctx, req.params.id, req.body),
    );
    app.delete(`${path}/:id`, { onRequest: admin, schema: { tags, params: ZIdParams } }, async (req, reply) => {
      await deleteEvaluation(services, req.ctx, req.params.id);
      return reply.status(204).send();
    });
  };
