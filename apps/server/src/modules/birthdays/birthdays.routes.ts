import { ZBirthdayList, ZBirthdayRun, ZBirthdaySetting, ZBirthdaySettingsUpdate } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { listBirthdaySettings, listBirthdays, saveBirthdaySettings } from './list-birthdays.js';
import { runBirthdays, type TBirthdayDeps } from './run-birthdays.js';

const admins = ['admin', 'superadmin'] as const;

/**
 * Birthdays (/aniversarios): who is born today and this month with what was sent, the per-connection
 * settings (admins), and POST /messages/sendBirthday (§7) to run today's sends now (admins).
 */
export const birthdaysRoutes =
  (services: TServices, deps: TBirthdayDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['birthdays'];
    app.get(
      '/birthdays',
      {
        onRequest: guard(),
        schema: {
          tags,
          querystring: z.object({ month: z.coerce.number().int().min(1).max(12).optional() }),
          response: { 200: ZBirthdayList },
        },
      },
      (req) => listBirthdays(services, req.ctx, req.query.month, deps.now?.()),
    );
    app.get(
      '/birthdays/settings',
      { onRequest: guard([...admins]), schema: { tags, response: { 200: z.array(ZBirthdaySetting) } } },
      (req) => listBirthdaySettings(services, req.ctx),
    );
    app.put(
      '/birthdays/settings',
      {
        onRequest: guard([...admins]),
        schema: { tags, body: ZBirthdaySettingsUpdate, response: { 200: z.array(ZBirthdaySetting) } },
      },
      (req) => saveBirthdaySettings(services, req.ctx, req.body.settings),
    );
    app.post(
      '/messages/sendBirthday',
      { onRequest: guard([...admins]), schema: { tags, response: { 200: ZBirthdayRun } } },
      (req) => runBirthdays(deps, req.ctx.tenantId, deps.now?.() ?? new Date()),
    );
  };
