import { ZBot, ZBotProviderParams, ZBotSettings } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import { listBots, saveBot } from './manage-bots.js';

const ADMINS = ['admin', 'superadmin'] as const;

/**
 * Bot integrations (Typebot, Dialogflow, n8n, Dify, Vapi): the tenant's admins keep each provider's settings
 * (/configuracoes/<provider>); the runtime that lets them answer customers is the assistants' (docs/ai.md).
 */
export const botsRoutes =
  (services: TServices, deps: { secrets: TSecrets }): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = services.guard(ADMINS);
    const tags = ['assistants'];
    const saveDeps = { db: services.db, secrets: deps.secrets };
    app.get('/bots', { onRequest: admin, schema: { tags, response: { 200: z.array(ZBot) } } }, (req) =>
      listBots(saveDeps, req.ctx),
    );
    app.put(
      '/bots/:provider',
      { onRequest: admin, schema: { tags, params: ZBotProviderParams, body: ZBotSettings, response: { 200: ZBot } } },
      (req) => saveBot(saveDeps, req.ctx, req.params.provider, req.body),
    );
  };
