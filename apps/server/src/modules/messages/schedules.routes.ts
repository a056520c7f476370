import { ZId, ZMessage, ZScheduleFilters, ZScheduleList, ZScheduleUpdate } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { listSchedules } from './list-schedules.js';
import { cancelScheduledMessage, restoreScheduledMessage, updateScheduledMessage } from './schedule-change.js';

const ZParams = z.object({ messageId: ZId });

/**
 * The schedules screen (/agendamentos): every schedule across tickets with filters, and a pending one's
 * text, time and options changed, cancelled, or brought back (undo). Creating one is POST /messagesSchedule.
 */
export const schedulesRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['messages'];
    app.get(
      '/messagesSchedule',
      { onRequest: guard(), schema: { tags, querystring: ZScheduleFilters, response: { 200: ZScheduleList } } },
      (req) => listSchedules(services, req.ctx, req.query),
    );
    app.put(
      '/messagesSchedule/:messageId',
      {
        onRequest: guard(),
        schema: { tags, params: ZParams, body: ZScheduleUpdate, response: { 200: ZMessage } },
      },
      (req) => updateScheduledMessage(services, req.ctx, req.params.messageId, req.body),
    );
    app.post(
      '/messagesSchedule/:messageId/cancel',
      { onRequest: guard(), schema: { tags, params: ZParams, response: { 200: ZMessage } } },
      (req) => cancelScheduledMessage(services, req.ctx, req.params.messageId),
    );
    app.post(
      '/messagesSchedule/:messageId/restore',
      { onRequest: guard(), schema: { tags, params: ZParams, response: { 200: ZMessage } } },
      (req) => restoreScheduledMessage(services, req.ctx, req.params.messageId),
    );
  };
