import {
  ZDashboard,
  ZDashboardAgent,
  ZDashboardChannel,
  ZDashboardEvolutionPoint,
  ZDashboardQuery,
  ZDashboardQueue,
  ZDashboardStatus,
  ZDashboardTicketPoint,
  ZDashboardTimes,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../../platform/services.js';
import { getDashboard, getDashboardPart, type TDashboardPart } from './get-dashboard.js';

/**
 * The dashboard (`GET /dashboard`) and the family's statistics paths, each one part of it with the same filters.
 * NOTE: managers only (admin, super, supervisor, superadmin): the figures are the whole tenant's; agents get 403.
 * `/dash-tickets-queues` is the tickets-per-queue panel (modules/tickets/ticket-panel.ts), not an alias here.
 */
export const dashboardRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['dashboard'];
    const onRequest = services.guard(['admin', 'super', 'supervisor', 'superadmin']);
    app.get(
      '/dashboard',
      { onRequest, schema: { tags, querystring: ZDashboardQuery, response: { 200: ZDashboard } } },
      (req) => getDashboard(services, req.ctx, req.query),
    );
    const aliases: [string, TDashboardPart, z.ZodType][] = [
      ['/statistics-tickets-status', 'status', ZDashboardStatus],
      ['/statistics-tickets-times', 'times', ZDashboardTimes],
      ['/statistics-tickets-channels', 'channels', z.array(ZDashboardChannel)],
      ['/statistics-tickets-evolution-channels', 'evolution', z.array(ZDashboardEvolutionPoint)],
      ['/statistics-tickets-evolution-by-period', 'tickets', z.array(ZDashboardTicketPoint)],
      ['/statistics-tickets-queue', 'queues', z.array(ZDashboardQueue)],
      ['/statistics-tickets-user', 'agents', z.array(ZDashboardAgent)],
    ];
    for (const [path, part, response] of aliases)
      app.get(path, { onRequest, schema: { tags, querystring: ZDashboardQuery, response: { 200: response } } }, (req) =>
        getDashboardPart(services, req.ctx, req.query, part),
      );
  };
