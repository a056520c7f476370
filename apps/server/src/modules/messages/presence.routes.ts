import { ZId, ZPresenceBody } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TPresenceState } from '../../channels/host/modules-door.js';
import type { TServices } from '../../platform/services.js';
import { sendPresence } from './send-presence.js';

const ZParams = z.object({ ticketId: ZId });
const routes: { path: string; state: TPresenceState }[] = [
  { path: 'typing', state: 'composing' },
  { path: 'recording', state: 'recording' },
  { path: 'paused', state: 'paused' },
];

/** POST /messages/:ticketId/typing | recording | paused (§7): the agent's presence, 204. */
export const presenceRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    for (const { path, state } of routes) {
      app.post(
        `/messages/:ticketId/${path}`,
        {
          onRequest: services.guard(),
          schema: {
            tags: ['messages'],
            params: ZParams,
            body: ZPresenceBody,
          },
        },
        async (req, reply) => {
          await sendPresence(services, req.ctx, req.params.ticketId, req.body?.state ?? state);
          return reply.status(204).send();
        },
      );
    }
  };
