import {
  ZAssistant,
  ZAssistantHelp,
  ZAssistantProviderParams,
  ZAssistantRun,
  ZAssistantSettings,
  ZIdParams,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket } from '../tickets/load-visible-ticket.js';
import { findAssistantRuns } from './assistants.repository.js';
import { getAssistant, listAssistants, saveAssistant } from './manage-assistants.js';
import type { TAssistantDeps } from './runtime/assistant-deps.js';
import { helpAgent } from './runtime/help-agent.js';

const ADMINS = ['admin', 'superadmin'] as const;

/**
 * AI assistants: admins keep each provider's settings (/configuracoes/<provider>); anyone who sees a ticket
 * reads its assistant runs and asks for a reply suggestion or a summary (docs/ai.md).
 */
export const assistantsRoutes =
  (services: TServices, deps: TAssistantDeps & { secrets: TSecrets }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, guard } = services;
    const admin = guard(ADMINS);
    const tags = ['assistants'];
    app.get('/assistants', { onRequest: admin, schema: { tags, response: { 200: z.array(ZAssistant) } } }, (req) =>
      listAssistants(deps, req.ctx),
    );
    app.get(
      '/assistants/:provider',
      { onRequest: admin, schema: { tags, params: ZAssistantProviderParams, response: { 200: ZAssistant } } },
      (req) => getAssistant(deps, req.ctx, req.params.provider),
    );
    app.put(
      '/assistants/:provider',
      {
        onRequest: admin,
        schema: { tags, params: ZAssistantProviderParams, body: ZAssistantSettings, response: { 200: ZAssistant } },
      },
      (req) => saveAssistant(deps, req.ctx, req.params.provider, req.body),
    );
    app.get(
      '/tickets/:id/assistant-runs',
      { onRequest: guard(), schema: { tags, params: ZIdParams, response: { 200: z.array(ZAssistantRun) } } },
      (req) =>
        withTenant(db, req.ctx.tenantId, async (tx) => {
          await loadVisibleTicket(tx, req.ctx, req.params.id);
          const runs = await findAssistantRuns(tx, req.ctx.tenantId, req.params.id);
          return runs.map((run) => ({
            ...run,
            purpose: run.purpose as z.infer<typeof ZAssistantRun>['purpose'],
            outcome: run.outcome as z.infer<typeof ZAssistantRun>['outcome'],
            createdAt: run.createdAt.toISOString(),
          }));
        }),
    );
    for (const purpose of ['suggestion', 'summary'] as const)
      app.post(
        `/tickets/:id/assistant-${purpose}`,
        { onRequest: guard(), schema: { tags, params: ZIdParams, response: { 200: ZAssistantHelp } } },
        (req) => helpAgent(deps, req.ctx, req.params.id, purpose),
      );
  };
