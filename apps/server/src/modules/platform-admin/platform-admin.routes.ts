import { ZAuditList, ZPageQuery, ZPlatformSettings, ZUpdatePlatformSettings } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TServices } from '../../platform/services.js';
import { getPlatformSettings, listAuditEntries, updatePlatformSettings } from './platform-settings.js';

export const platformAdminRoutes =
  ({ db, guard }: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const superadmin = guard(['superadmin']);
    const tags = ['platform'];
    app.get(
      '/platform/settings',
      { onRequest: superadmin, schema: { tags, response: { 200: ZPlatformSettings } } },
      () => getPlatformSettings(db),
    );
    app.put(
      '/platform/settings',
      { onRequest: superadmin, schema: { tags, body: ZUpdatePlatformSettings, response: { 200: ZPlatformSettings } } },
      (req) => updatePlatformSettings(db, req.ctx.email, req.body),
    );
    app.get(
      '/platform/audit',
      { onRequest: superadmin, schema: { tags, querystring: ZPageQuery, response: { 200: ZAuditList } } },
      (req) => listAuditEntries(db, req.query.pageNumber),
    );
  };
