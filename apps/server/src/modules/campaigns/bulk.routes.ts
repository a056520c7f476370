import multipart from '@fastify/multipart';
import {
  type TCampaignKind,
  ZBulkGroupsInput,
  ZBulkParticipantsInput,
  ZBulkResult,
  ZBulkTemplateInput,
  ZBulkTemplateVariableInput,
  ZBulkTextInput,
  ZBulkVariableInput,
} from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { parseDataField, readCsvForm, requireCsv } from './campaign-upload.js';
import { CAMPAIGN_MANAGERS, campaignMultipart } from './campaigns.routes.js';
import type { TCampaignDeps } from './engine/campaign-actions.js';
import { runBulkSend } from './run-bulk-send.js';
import { readGroupSend, runGroupsSend, runParticipantsSend } from './run-group-send.js';

/**
 * Mass sends (/massa/*, family paths `/bulk*`): each creates a one-off campaign of its kind and starts it at
 * once (run-bulk-send.ts), answering the campaign and what adding its recipients did. The variable kinds post a
 * multipart form: the fields as JSON in `data`, the CSV in `file`; a large CSV is imported by a job, which
 * starts the campaign once done (202, with the import's state). Mass calls wait for the voice module.
 */
export const bulkRoutes =
  (services: TServices, deps: TCampaignDeps = services): FastifyPluginAsyncZod =>
  async (app) => {
    const managers = services.guard(CAMPAIGN_MANAGERS);
    const tags = ['campaigns'];
    const response = { 201: ZBulkResult, 202: ZBulkResult };
    const engine = { ...services, ...deps };
    await app.register(multipart, campaignMultipart(services));

    const withAudience = <T extends typeof ZBulkTextInput | typeof ZBulkTemplateInput>(
      path: string,
      kind: TCampaignKind,
      body: T,
    ) =>
      app.post(path, { onRequest: managers, schema: { tags, body, response } }, async (req, reply) => {
        const { audience, ...fields } = req.body as z.output<T>;
        return reply.status(201).send(await runBulkSend(engine, req.ctx, kind, fields, { audience }));
      });
    const withCsv = (
      path: string,
      kind: TCampaignKind,
      data: typeof ZBulkVariableInput | typeof ZBulkTemplateVariableInput,
    ) =>
      app.post(
        path,
        { onRequest: managers, schema: { tags, consumes: ['multipart/form-data'], response } },
        async (req: FastifyRequest, reply) => {
          const { fields, csv } = await readCsvForm(req);
          const input = parseDataField(data, fields);
          const result = await runBulkSend(engine, req.ctx, kind, input, { csv: requireCsv(csv) });
          return reply.status(result.import ? 202 : 201).send(result);
        },
      );

    withAudience('/bulk', 'texto', ZBulkTextInput);
    withAudience('/bulkSms', 'sms', ZBulkTextInput);
    withAudience('/bulkTemplate', 'template', ZBulkTemplateInput);
    withCsv('/bulkVariable', 'textovariavel', ZBulkVariableInput);
    withCsv('/bulkTemplateVariable', 'template-variavel', ZBulkTemplateVariableInput);
    // WhatsApp groups (/grupo/massagrupos, massagrupos2 with a file and mentions, massausuarios).
    app.post(
      '/bulkGroups',
      { onRequest: managers, schema: { tags, consumes: ['application/json', 'multipart/form-data'], response } },
      async (req: FastifyRequest, reply) => {
        const { input, media } = await readGroupSend(services, req.ctx, req, (fields) =>
          parseDataField(ZBulkGroupsInput, fields),
        );
        return reply.status(201).send(await runGroupsSend(engine, req.ctx, input, media));
      },
    );
    app.post(
      '/bulkGroupParticipants',
      { onRequest: managers, schema: { tags, body: ZBulkParticipantsInput, response } },
      async (req, reply) => reply.status(201).send(await runParticipantsSend(engine, req.ctx, req.body)),
    );
    app.post('/bulkCall', { onRequest: managers, schema: { tags } }, async () => {
      throw new AppError('ERR_VOICE_NOT_AVAILABLE');
    });
  };
