import { settingKeys, ZSetting, ZSettingKey, ZSettingUpdate } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { getTenantSettings } from './settings.reader.js';
import { toggleNoRedis } from './toggle-no-redis.js';
import { updateSetting } from './update-setting.js';

const ZKeyParams = z.object({ key: ZSettingKey });

/** Settings (domain reference 4.6): every user reads them (the web filters its lists with them); admins change them. */
export const settingsRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, guard } = services;
    const tags = ['settings'];
    app.get(
      '/settings',
      { onRequest: guard(), schema: { tags, response: { 200: z.array(ZSetting) } } },
      async (req) => {
        const settings = await withTenant(db, req.ctx.tenantId, (tx) => getTenantSettings(tx, req.ctx.tenantId));
        return settingKeys.map((key) => ({ key, value: settings[key] }));
      },
    );
    app.get(
      '/settings/:key',
      { onRequest: guard(), schema: { tags, params: ZKeyParams, response: { 200: ZSetting } } },
      async (req) => {
        const settings = await withTenant(db, req.ctx.tenantId, (tx) => getTenantSettings(tx, req.ctx.tenantId));
        return { key: req.params.key, value: settings[req.params.key] };
      },
    );
    app.put(
      '/settings/:key',
      {
        onRequest: guard(['admin', 'super', 'superadmin']),
        schema: { tags, params: ZKeyParams, body: ZSettingUpdate, response: { 200: ZSetting } },
      },
      (req) => updateSetting(services, req.ctx, req.params.key, req.body.value),
    );
    app.post(
      '/noRedis',
      {
        onRequest: guard(['admin', 'superadmin']),
        schema: {
          tags,
          body: z.object({ value: z.enum(['enabled', 'disabled']).optional() }).nullish(),
          response: { 200: ZSetting },
        },
      },
      (req) => toggleNoRedis(services, req.ctx, req.body?.value),
    );
  };
