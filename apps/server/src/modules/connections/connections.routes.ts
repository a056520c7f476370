import {
  ZConnection,
  ZConnectionBody,
  ZConnectionUpdate,
  ZId,
  ZPairing,
  ZPairingRequest,
  ZProxyBody,
  ZProxyTestBody,
  ZProxyTestResult,
} from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import { setConnectionProxy, testConnectionProxy } from './connection-proxy.js';
import { logoutSession, pairSession, startSession } from './connection-session.js';
import { deleteConnection } from './delete-connection.js';
import { listConnections, showConnection } from './list-connections.js';
import { createConnection, updateConnection } from './save-connection.js';

const ZParams = z.object({ whatsappId: ZId });
const adminProfiles = ['admin', 'super', 'superadmin'] as const;

/**
 * Channel connections at the family's `/whatsapp` paths (whatever the channel), and the QR sessions of the
 * channels paired with a phone at `/whatsappsession/:id` (start or a new QR code, logout, a pairing code).
 */
export const connectionsRoutes =
  (services: TServices, secrets: TSecrets): FastifyPluginAsyncZod =>
  async (app) => {
    const { guard } = services;
    const tags = ['connections'];
    app.get('/whatsapp', { onRequest: guard(), schema: { tags, response: { 200: z.array(ZConnection) } } }, (req) =>
      listConnections(services, req.ctx),
    );
    app.get(
      '/whatsapp/:whatsappId',
      { onRequest: guard(), schema: { tags, params: ZParams, response: { 200: ZConnection } } },
      (req) => showConnection(services, req.ctx, req.params.whatsappId),
    );
    app.post(
      '/whatsapp',
      { onRequest: guard(adminProfiles), schema: { tags, body: ZConnectionBody, response: { 201: ZConnection } } },
      async (req, reply) => reply.status(201).send(await createConnection(services, req.ctx, req.body)),
    );
    app.put(
      '/whatsapp/:whatsappId',
      {
        onRequest: guard(adminProfiles),
        schema: { tags, params: ZParams, body: ZConnectionUpdate, response: { 200: ZConnection } },
      },
      (req) => updateConnection(services, req.ctx, req.params.whatsappId, req.body),
    );
    app.delete(
      '/whatsapp/:whatsappId',
      { onRequest: guard(adminProfiles), schema: { tags, params: ZParams } },
      async (req, reply) => {
        await deleteConnection(services, req.ctx, req.params.whatsappId);
        return reply.status(204).send();
      },
    );
    const sessionRoute = {
      onRequest: guard(adminProfiles),
      schema: { tags, params: ZParams, response: { 200: ZConnection } },
    };
    app.post('/whatsappsession/:whatsappId', sessionRoute, (req) =>
      startSession(services, req.ctx, req.params.whatsappId),
    );
    app.put('/whatsappsession/:whatsappId', sessionRoute, (req) =>
      startSession(services, req.ctx, req.params.whatsappId),
    );
    app.delete('/whatsappsession/:whatsappId', sessionRoute, (req) =>
      logoutSession(services, req.ctx, req.params.whatsappId),
    );
    app.post(
      '/whatsappsession/:whatsappId/pairing-code',
      {
        onRequest: guard(adminProfiles),
        schema: { tags, params: ZParams, body: ZPairingRequest, response: { 200: ZPairing } },
      },
      (req) => pairSession(services, req.ctx, req.params.whatsappId, req.body.phone),
    );
    app.put(
      '/whatsapp/:whatsappId/proxy',
      {
        onRequest: guard(adminProfiles),
        schema: { tags, params: ZParams, body: ZProxyBody, response: { 200: ZConnection } },
      },
      (req) => setConnectionProxy(services, secrets, req.ctx, req.params.whatsappId, req.body),
    );
    app.post(
      '/whatsapp/:whatsappId/proxy/test',
      {
        onRequest: guard(adminProfiles),
        schema: { tags, params: ZParams, body: ZProxyTestBody, response: { 200: ZProxyTestResult } },
      },
      (req) => testConnectionProxy(services, secrets, req.ctx, req.params.whatsappId, req.body),
    );
  };
