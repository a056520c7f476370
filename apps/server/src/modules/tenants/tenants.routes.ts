import {
  ZBranding,
  ZBusinessHours,
  ZCreateTenantBody,
  ZHolidays,
  ZIdParams,
  ZMessageBusinessHours,
  ZRating,
  ZSystemColors,
  ZTenant,
  ZTenantList,
  ZTenantListQuery,
  ZTenantTimeZone,
  ZUpdateTenantBody,
  ZUser,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { createTenant, deleteTenant, getTenant, listTenants, updateTenant } from './manage-tenants.js';
import { tenantSettings } from './tenant-settings.js';

const ZSystemColorList = z.array(z.record(z.string(), z.string()));

export const tenantsRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const superadmin = guard(['superadmin']);
    const admin = guard(['admin', 'superadmin']);
    const anyone = guard();
    const tags = ['tenants'];

    // The caller's own tenant settings (§7 tenant settings).
    app.get(
      '/tenants/business-hours',
      { onRequest: anyone, schema: { tags, response: { 200: ZBusinessHours } } },
      async (req) => (await tenantSettings.getBusinessHours(services, req.ctx.tenantId)).businessHours,
    );
    app.put(
      '/tenants/business-hours',
      { onRequest: admin, schema: { tags, body: ZBusinessHours, response: { 200: ZBusinessHours } } },
      (req) => tenantSettings.setBusinessHours(services, req.ctx.tenantId, req.body),
    );
    app.get(
      '/tenants/message-business-hours',
      { onRequest: anyone, schema: { tags, response: { 200: ZMessageBusinessHours } } },
      async (req) => ({
        messageBusinessHours: (await tenantSettings.getBusinessHours(services, req.ctx.tenantId)).messageBusinessHours,
      }),
    );
    app.put(
      '/tenants/message-business-hours',
      { onRequest: admin, schema: { tags, body: ZMessageBusinessHours, response: { 200: ZMessageBusinessHours } } },
      (req) => tenantSettings.setMessageBusinessHours(services, req.ctx.tenantId, req.body.messageBusinessHours),
    );
    app.get('/tenants/rating', { onRequest: anyone, schema: { tags, response: { 200: ZRating } } }, (req) =>
      tenantSettings.getRating(services, req.ctx.tenantId),
    );
    app.put(
      '/tenants/rating',
      { onRequest: admin, schema: { tags, body: ZRating, response: { 200: ZRating } } },
      (req) => tenantSettings.setRating(services, req.ctx.tenantId, req.body),
    );
    app.get('/tenants/holidays', { onRequest: anyone, schema: { tags, response: { 200: ZHolidays } } }, (req) =>
      tenantSettings.getHolidays(services, req.ctx.tenantId),
    );
    app.put(
      '/tenants/holidays',
      { onRequest: admin, schema: { tags, body: ZHolidays, response: { 200: ZHolidays } } },
      (req) => tenantSettings.setHolidays(services, req.ctx.tenantId, req.body),
    );
    app.get('/tenants/timezone', { onRequest: anyone, schema: { tags, response: { 200: ZTenantTimeZone } } }, (req) =>
      tenantSettings.getTimeZone(services, req.ctx.tenantId),
    );
    app.put(
      '/tenants/timezone',
      { onRequest: admin, schema: { tags, body: ZTenantTimeZone, response: { 200: ZTenantTimeZone } } },
      (req) => tenantSettings.setTimeZone(services, req.ctx.tenantId, req.body.timezone),
    );
    app.get(
      '/tenants/systemColors',
      { onRequest: anyone, schema: { tags, response: { 200: ZSystemColorList } } },
      (req) => tenantSettings.getSystemColors(services, req.ctx.tenantId),
    );
    app.put(
      '/tenants/systemColors',
      { onRequest: admin, schema: { tags, body: ZSystemColors, response: { 200: ZSystemColorList } } },
      (req) => tenantSettings.setSystemColors(services, req.ctx.tenantId, req.body),
    );
    app.get('/tenants/branding', { onRequest: anyone, schema: { tags, response: { 200: ZBranding } } }, (req) =>
      tenantSettings.getBranding(services, req.ctx.tenantId),
    );
    app.put(
      '/tenants/branding',
      { onRequest: admin, schema: { tags, body: ZBranding, response: { 200: ZBranding } } },
      (req) => tenantSettings.setBranding(services, req.ctx.tenantId, req.body),
    );

    // Superadmin: tenants CRUD.
    app.get(
      '/tenants',
      { onRequest: superadmin, schema: { tags, querystring: ZTenantListQuery, response: { 200: ZTenantList } } },
      (req) => listTenants(services, req.query),
    );
    app.post(
      '/tenants',
      {
        onRequest: superadmin,
        schema: { tags, body: ZCreateTenantBody, response: { 201: z.object({ tenant: ZTenant, admin: ZUser }) } },
      },
      async (req, reply) => reply.status(201).send(await createTenant(services, req.body)),
    );
    app.get(
      '/tenants/:id',
      { onRequest: superadmin, schema: { tags, params: ZIdParams, response: { 200: ZTenant } } },
      (req) => getTenant(services, req.params.id),
    );
    for (const path of ['/tenants/:id', '/tenantsUpdate/:id']) {
      app.put(
        path,
        {
          onRequest: superadmin,
          schema: { tags, params: ZIdParams, body: ZUpdateTenantBody, response: { 200: ZTenant } },
        },
        (req) => updateTenant(services, req.params.id, req.body),
      );
    }
    app.delete('/tenants/:id', { onRequest: superadmin, schema: { tags, params: ZIdParams } }, async (req, reply) => {
      await deleteTenant(services, req.params.id);
      return reply.status(204).send();
    });
  };
