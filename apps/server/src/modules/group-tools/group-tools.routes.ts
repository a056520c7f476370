import {
  groupToolLogKinds,
  type TGroupToolLogKind,
  ZGroupBan,
  ZGroupBanBody,
  ZGroupBanUpdate,
  ZGroupGreeting,
  ZGroupGreetingBody,
  ZGroupGreetingUpdate,
  ZGroupLink,
  ZGroupLinkBody,
  ZGroupLinkUpdate,
  ZGroupToolAllQuery,
  ZGroupToolAllResult,
  ZGroupToolLogList,
  ZGroupToolLogParams,
  ZGroupToolLogQuery,
  ZGroupToolQuery,
  ZGroupWord,
  ZGroupWordBody,
  ZGroupWordUpdate,
  ZIdParams,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { listGroupToolLogs } from './group-tool-logs.js';
import type { TGroupToolKind, TGroupToolValues } from './group-tools.repository.js';
import {
  createGroupTool,
  deleteGroupTool,
  deleteGroupToolsOfGroup,
  listGroupTools,
  updateGroupTool,
} from './manage-group-tools.js';

/** Who keeps the group tools: admins and supervisors; agents do not. */
export const GROUP_TOOL_MANAGERS = ['admin', 'super', 'supervisor', 'superadmin'] as const;

type TApp = Parameters<FastifyPluginAsyncZod>[0];

type TToolSchemas<K extends TGroupToolKind> = {
  dto: z.ZodType;
  body: z.ZodType<TGroupToolValues<K>, unknown>;
  update: z.ZodType<Partial<TGroupToolValues<K>>, unknown>;
};

/**
 * One tool's CRUD: GET (of a connection or group), POST, PUT /:id, DELETE /:id; and DELETE /<tool>All (every
 * entry of one group).
 */
const toolRoutes = <K extends TGroupToolKind>(app: TApp, services: TServices, kind: K, schemas: TToolSchemas<K>) => {
  const path = `/${kind}`;
  const onRequest = services.guard(GROUP_TOOL_MANAGERS);
  const tags = ['group-tools'];
  app.get(
    path,
    { onRequest, schema: { tags, querystring: ZGroupToolQuery, response: { 200: z.array(schemas.dto) } } },
    (req) => listGroupTools(services, req.ctx, kind, req.query),
  );
  app.post(
    path,
    { onRequest, schema: { tags, body: schemas.body, response: { 201: schemas.dto } } },
    async (req, reply) =>
      reply.status(201).send(await createGroupTool(services, req.ctx, kind, req.body as TGroupToolValues<K>)),
  );
  app.put(
    `${path}/:id`,
    { onRequest, schema: { tags, params: ZIdParams, body: schemas.update, response: { 200: schemas.dto } } },
    (req) => updateGroupTool(services, req.ctx, kind, req.params.id, req.body as Partial<TGroupToolValues<K>>),
  );
  app.delete(`${path}/:id`, { onRequest, schema: { tags, params: ZIdParams } }, async (req, reply) => {
    await deleteGroupTool(services, req.ctx, kind, req.params.id);
    return reply.status(204).send();
  });
  app.delete(
    `${path}All`,
    { onRequest, schema: { tags, querystring: ZGroupToolAllQuery, response: { 200: ZGroupToolAllResult } } },
    (req) => deleteGroupToolsOfGroup(services, req.ctx, kind, req.query),
  );
};

/** GET /<tool>/:groupId/logs?connectionId=: what that tool did in the group (the lists whose tools act). */
const logRoutes = (app: TApp, services: TServices, kind: TGroupToolLogKind) =>
  app.get(
    `/${kind}/:groupId/logs`,
    {
      onRequest: services.guard(GROUP_TOOL_MANAGERS),
      schema: {
        tags: ['group-tools'],
        params: ZGroupToolLogParams,
        querystring: ZGroupToolLogQuery,
        response: { 200: ZGroupToolLogList },
      },
    },
    (req) => listGroupToolLogs(services, req.ctx, kind, { ...req.query, groupId: req.params.groupId }),
  );

/**
 * The group tools' lists (`/grupo/banlist`, `/grupo/wordlist`, `/grupo/saudacao`, `/grupo/despedida` with the
 * private farewell, links). The private farewell is `/groupFarewellPrivateMessage`: `/farewellPrivateMessage`
 * is the agents' own farewells on closing a ticket (modules/farewell-messages).
 */
export const groupToolsRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const message = { dto: ZGroupGreeting, body: ZGroupGreetingBody, update: ZGroupGreetingUpdate };
    toolRoutes(app, services, 'banList', { dto: ZGroupBan, body: ZGroupBanBody, update: ZGroupBanUpdate });
    toolRoutes(app, services, 'wordList', { dto: ZGroupWord, body: ZGroupWordBody, update: ZGroupWordUpdate });
    toolRoutes(app, services, 'greetingMessage', message);
    toolRoutes(app, services, 'farewellMessage', message);
    toolRoutes(app, services, 'groupFarewellPrivateMessage', message);
    toolRoutes(app, services, 'groupLinkList', { dto: ZGroupLink, body: ZGroupLinkBody, update: ZGroupLinkUpdate });
    for (const kind of groupToolLogKinds) logRoutes(app, services, kind);
  };
