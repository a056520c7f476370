import {
  ZChatUser,
  ZCreateUserBody,
  ZCreateUserTenantBody,
  ZDeleteUserTenantBody,
  ZIdParams,
  ZUpdateConfigsBody,
  ZUpdateUserBody,
  ZUpdateUserTenantBody,
  ZUser,
  ZUserList,
  ZUserListQuery,
  ZUserOnlineBody,
  ZUserTenantsQuery,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { createUser } from './create-user.js';
import { deleteUser } from './delete-user.js';
import { getUser, listColleagues, listUsers, listUsersAcrossTenants } from './find-users.js';
import { updateUser } from './update-user.js';
import { setUserOnline, updateUserConfigs } from './user-preferences.js';

const managers = ['admin', 'superadmin'] as const;
const supervisors = ['admin', 'super', 'supervisor', 'superadmin'] as const;

export const usersRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, guard } = services;
    const tags = ['users'];

    app.get(
      '/users',
      { onRequest: guard(), schema: { tags, querystring: ZUserListQuery, response: { 200: ZUserList } } },
      (req) => listUsers(db, req.ctx.tenantId, req.query),
    );
    app.get(
      '/users/chat-privado',
      { onRequest: guard(), schema: { tags, response: { 200: z.object({ users: z.array(ZChatUser) }) } } },
      async (req) => ({ users: await listColleagues(db, req.ctx.tenantId, req.ctx.userId) }),
    );
    app.get(
      '/users/:id',
      { onRequest: guard(), schema: { tags, params: ZIdParams, response: { 200: ZUser } } },
      async (req) => {
        const isSelf = req.params.id === req.ctx.userId;
        if (!isSelf && !(supervisors as readonly string[]).includes(req.ctx.profile))
          throw new AppError('ERR_NO_PERMISSION');
        return getUser(db, req.ctx.tenantId, req.params.id);
      },
    );
    app.post(
      '/users',
      { onRequest: guard(managers), schema: { tags, body: ZCreateUserBody, response: { 201: ZUser } } },
      async (req, reply) =>
        reply
          .status(201)
          .send(await createUser({ services, tenantId: req.ctx.tenantId, input: req.body, isPlatformActor: false })),
    );
    app.put(
      '/users/:id',
      { onRequest: guard(), schema: { tags, params: ZIdParams, body: ZUpdateUserBody, response: { 200: ZUser } } },
      (req) =>
        updateUser({ services, tenantId: req.ctx.tenantId, actor: req.ctx, userId: req.params.id, input: req.body }),
    );
    app.put(
      '/users/:id/configs',
      { onRequest: guard(), schema: { tags, params: ZIdParams, body: ZUpdateConfigsBody, response: { 200: ZUser } } },
      (req) => updateUserConfigs(services, req.ctx, req.params.id, req.body),
    );
    app.put(
      '/usersIsOnline/:id',
      { onRequest: guard(), schema: { tags, params: ZIdParams, body: ZUserOnlineBody, response: { 200: ZUser } } },
      (req) => setUserOnline(services, req.ctx, req.params.id, req.body.isOnline, req.body.status),
    );
    app.delete(
      '/users/:id',
      { onRequest: guard(managers), schema: { tags, params: ZIdParams } },
      async (req, reply) => {
        await deleteUser({ services, tenantId: req.ctx.tenantId, actor: req.ctx, userId: req.params.id });
        return reply.status(204).send();
      },
    );

    // Superadmin: users of any tenant.
    const superadmin = guard(['superadmin']);
    app.get(
      '/userTenants',
      { onRequest: superadmin, schema: { tags, querystring: ZUserTenantsQuery, response: { 200: ZUserList } } },
      (req) => listUsersAcrossTenants(db, req.query.tenantId, req.query),
    );
    app.post(
      '/userTenants',
      { onRequest: superadmin, schema: { tags, body: ZCreateUserTenantBody, response: { 201: ZUser } } },
      async (req, reply) => {
        const { tenantId, ...input } = req.body;
        return reply.status(201).send(await createUser({ services, tenantId, input, isPlatformActor: true }));
      },
    );
    app.put(
      '/userTenants/:id',
      {
        onRequest: superadmin,
        schema: { tags, params: ZIdParams, body: ZUpdateUserTenantBody, response: { 200: ZUser } },
      },
      (req) => {
        const { tenantId, ...input } = req.body;
        return updateUser({ services, tenantId, actor: req.ctx, userId: req.params.id, input });
      },
    );
    app.delete(
      '/userTenants/:id',
      { onRequest: superadmin, schema: { tags, params: ZIdParams, body: ZDeleteUserTenantBody } },
      async (req, reply) => {
        await deleteUser({ services, tenantId: req.body.tenantId, actor: req.ctx, userId: req.params.id });
        return reply.status(204).send();
      },
    );
  };
