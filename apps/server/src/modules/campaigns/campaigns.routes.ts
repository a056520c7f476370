import multipart from '@fastify/multipart';
import {
  campaignTransitions,
  type TCampaignAction,
  ZCampaign,
  ZCampaignAudience,
  ZCampaignContactList,
  ZCampaignContactParams,
  ZCampaignContactQuery,
  ZCampaignImport,
  ZCampaignImportReport,
  ZCampaignInput,
  ZCampaignLatestImport,
  ZCampaignList,
  ZCampaignListQuery,
  ZCampaignTimeline,
  ZCampaignUpdate,
  ZIdParams,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { addCampaignAudience } from './campaign-audience.js';
import { getLatestCampaignImport } from './campaign-imports.js';
import { clearCampaignMedia, setCampaignMedia } from './campaign-media.js';
import { CSV_MAX_BYTES } from './campaign-upload.js';
import { actOnCampaign, type TCampaignDeps } from './engine/campaign-actions.js';
import {
  getCampaignTimeline,
  listCampaignContacts,
  listCampaigns,
  removeCampaignContact,
  removeCampaignContacts,
} from './find-campaigns.js';
import { uploadCampaignCsv } from './import-campaign-csv.js';
import { createCampaign, deleteCampaign, getCampaign, updateCampaign } from './manage-campaigns.js';

/** Campaigns are run by the tenant's managers; agents ('user') neither see nor start them. */
export const CAMPAIGN_MANAGERS = ['admin', 'super', 'supervisor', 'superadmin'] as const;

/** Multipart limits of the campaign and mass-send forms: one CSV or media file and a few fields. */
export const campaignMultipart = (services: TServices) => ({
  limits: {
    fileSize: Math.max(services.config.mediaMaxBytes, CSV_MAX_BYTES),
    files: 2,
    fields: 10,
    fieldSize: 70_000,
  },
});

/**
 * Campaigns (/campanhas, family paths of domain 4.6): the list with counts, one campaign, its contacts and
 * their states, the audience (tags, wallets, kanban lanes, hand-picked ids, a CSV), an optional file, and the
 * engine's actions (start, pause, resume, cancel; engine/campaign-actions.ts).
 */
export const campaignsRoutes =
  (services: TServices, deps: TCampaignDeps = services): FastifyPluginAsyncZod =>
  async (app) => {
    const managers = services.guard(CAMPAIGN_MANAGERS);
    const tags = ['campaigns'];
    const ok = z.object({ ok: z.literal(true) });
    await app.register(multipart, campaignMultipart(services));

    app.get(
      '/campaigns',
      { onRequest: managers, schema: { tags, querystring: ZCampaignListQuery, response: { 200: ZCampaignList } } },
      (req) => listCampaigns(services, req.ctx, req.query),
    );
    app.post(
      '/campaigns',
      { onRequest: managers, schema: { tags, body: ZCampaignInput, response: { 201: ZCampaign } } },
      async (req, reply) => reply.status(201).send(await createCampaign(services, req.ctx, req.body)),
    );
    app.get(
      '/campaigns/:id',
      { onRequest: managers, schema: { tags, params: ZIdParams, response: { 200: ZCampaign } } },
      (req) => getCampaign(services, req.ctx, req.params.id),
    );
    app.put(
      '/campaigns/:id',
      { onRequest: managers, schema: { tags, params: ZIdParams, body: ZCampaignUpdate, response: { 200: ZCampaign } } },
      (req) => updateCampaign(services, req.ctx, req.params.id, req.body),
    );
    app.delete(
      '/campaigns/:id',
      { onRequest: managers, schema: { tags, params: ZIdParams, response: { 200: ok } } },
      async (req) => {
        await deleteCampaign(services, req.ctx, req.params.id);
        return { ok: true as const };
      },
    );
    for (const action of Object.keys(campaignTransitions) as TCampaignAction[])
      app.post(
        `/campaigns/${action}/:id`,
        { onRequest: managers, schema: { tags, params: ZIdParams, response: { 200: ZCampaign } } },
        async (req) => {
          await actOnCampaign(deps, req.ctx.tenantId, req.params.id, action);
          return getCampaign(services, req.ctx, req.params.id);
        },
      );
    app.get(
      '/campaigns/contacts/:id',
      {
        onRequest: managers,
        schema: {
          tags,
          params: ZIdParams,
          querystring: ZCampaignContactQuery,
          response: { 200: ZCampaignContactList },
        },
      },
      (req) => listCampaignContacts(services, req.ctx, req.params.id, req.query),
    );
    app.post(
      '/campaigns/contacts/:id',
      {
        onRequest: managers,
        schema: { tags, params: ZIdParams, body: ZCampaignAudience, response: { 200: ZCampaignImportReport } },
      },
      (req) => addCampaignAudience(services, req.ctx, req.params.id, req.body),
    );
    // The CSV in `file` (multipart), read by the handler: a header row with a number column (campaign-csv.ts).
    // A small file answers its report; a large one is imported by a job (202, the import's state).
    app.post(
      '/campaigns/:id/csv',
      {
        onRequest: managers,
        schema: {
          tags,
          params: ZIdParams,
          consumes: ['multipart/form-data'],
          response: { 200: ZCampaignImportReport, 202: ZCampaignImport },
        },
      },
      async (req, reply) => {
        const result = await uploadCampaignCsv(services, req.ctx, req.params.id, req);
        return 'inline' in result ? result.inline : reply.status(202).send(result.queued);
      },
    );
    app.get(
      '/campaigns/:id/imports/latest',
      { onRequest: managers, schema: { tags, params: ZIdParams, response: { 200: ZCampaignLatestImport } } },
      (req) => getLatestCampaignImport(services, req.ctx, req.params.id),
    );
    app.delete(
      '/campaigns/contacts/:id/:contactId',
      { onRequest: managers, schema: { tags, params: ZCampaignContactParams, response: { 200: ok } } },
      async (req) => {
        await removeCampaignContact(services, req.ctx, req.params.id, req.params.contactId);
        return { ok: true as const };
      },
    );
    app.delete(
      '/campaigns/deleteall/contacts/:id',
      {
        onRequest: managers,
        schema: { tags, params: ZIdParams, response: { 200: z.object({ removed: z.number().int() }) } },
      },
      (req) => removeCampaignContacts(services, req.ctx, req.params.id),
    );
    app.get(
      '/campaigns/:id/timeline',
      { onRequest: managers, schema: { tags, params: ZIdParams, response: { 200: ZCampaignTimeline } } },
      (req) => getCampaignTimeline(services, req.ctx, req.params.id),
    );
    // The file sent with every message (multipart, one file in `file`), checked like an agent's attachment.
    app.post(
      '/campaigns/:id/media',
      {
        onRequest: managers,
        schema: { tags, params: ZIdParams, consumes: ['multipart/form-data'], response: { 200: ZCampaign } },
      },
      (req) => setCampaignMedia(services, req.ctx, req.params.id, req),
    );
    app.delete(
      '/campaigns/:id/media',
      { onRequest: managers, schema: { tags, params: ZIdParams, response: { 200: ZCampaign } } },
      (req) => clearCampaignMedia(services, req.ctx, req.params.id),
    );
  };
