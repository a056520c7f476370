import { ZMonitor } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TServices } from '../../../platform/services.js';
import { getMonitor } from './get-monitor.js';

/** `GET /monitor`: the live monitor of agents, queues, connections and wait alerts (admins and supervisors). */
export const monitorRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    // NOTE: agents ('user') are refused: the monitor shows every colleague's workload and every waiting customer.
    const managers = services.guard(['admin', 'super', 'supervisor', 'superadmin']);
    app.get('/monitor', { onRequest: managers, schema: { tags: ['insight'], response: { 200: ZMonitor } } }, (req) =>
      getMonitor(services, req.ctx.tenantId),
    );
  };
